import { Expense, ExpenseFields } from '../src/expenses/expense';
import { ExpenseRepository } from '../src/expenses/expense.repository.port';
import { Clock } from '../src/shared/clock.port';
import { Page, PageRequest } from '../src/shared/pagination';
import { sqlTimestamp } from './fake-clock';
import { newestFirst, pageOf } from './in-memory-rows';

/** Expenses in memory, with the semantics of the TypeORM adapter: scoped by account, newest first (ties by id descending). */
export class InMemoryExpenseRepository extends ExpenseRepository {
  private readonly rows = new Map<number, Expense>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {
    super();
  }

  private own(accountId: number, id: number): Expense | undefined {
    const row = this.rows.get(id);
    return row?.accountId === accountId ? row : undefined;
  }

  async findById(accountId: number, id: number): Promise<Expense | null> {
    const row = this.own(accountId, id);
    return row ? { ...row } : null;
  }

  async list(accountId: number, page: PageRequest): Promise<Page<Expense>> {
    return pageOf(newestFirst([...this.rows.values()].filter((r) => r.accountId === accountId)), page);
  }

  async insert(accountId: number, fields: ExpenseFields): Promise<number> {
    const id = this.nextId++;
    const now = sqlTimestamp(this.clock.now());
    this.rows.set(id, { ...fields, id, accountId, createdAt: now, updatedAt: now });
    return id;
  }

  async update(accountId: number, id: number, fields: ExpenseFields): Promise<void> {
    const row = this.own(accountId, id);
    if (row) Object.assign(row, fields, { updatedAt: sqlTimestamp(this.clock.now()) });
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (this.own(accountId, id)) this.rows.delete(id);
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.own(accountId, id));
  }
}
