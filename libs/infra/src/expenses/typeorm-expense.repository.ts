import { In } from 'typeorm';
import { Expense, ExpenseFields } from '@app/domain/expenses/expense';
import { ExpenseRepository } from '@app/domain/expenses/expense.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { ExpenseRow } from './expense.entity';

const toExpense = (row: ExpenseRow): Expense => ({ ...row });

export class TypeormExpenseRepository extends ExpenseRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  private repo() {
    return this.db.manager().getRepository(ExpenseRow);
  }

  async findById(accountId: number, id: number): Promise<Expense | null> {
    const row = await this.repo().findOneBy({ id, accountId });
    return row ? toExpense(row) : null;
  }

  async list(accountId: number, page: PageRequest): Promise<Page<Expense>> {
    const [rows, total] = await this.repo().findAndCount({
      where: { accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
    return { rows: rows.map(toExpense), total };
  }

  async insert(accountId: number, fields: ExpenseFields): Promise<number> {
    const now = sqlNow(this.clock.now());
    const result = await this.repo().insert({ ...fields, accountId, createdAt: now, updatedAt: now });
    return result.identifiers[0].id as number;
  }

  async update(accountId: number, id: number, fields: ExpenseFields): Promise<void> {
    await this.repo().update({ id, accountId }, { ...fields, updatedAt: sqlNow(this.clock.now()) });
  }

  async delete(accountId: number, id: number): Promise<void> {
    await this.repo().delete({ id, accountId });
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    return (await this.repo().find({ select: { id: true }, where: { accountId, id: In(ids) } })).map((r) => r.id);
  }
}
