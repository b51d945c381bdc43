import { bulkDeleteRecords, BulkDeleteResult } from '../shared/bulk-delete';
import type { Caller } from '../shared/caller';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Clock } from '../shared/clock.port';
import { found } from '../shared/domain-error';
import { kolkataDate } from '../shared/fiscal-year';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { AccountReferences } from '../documents/account-references';
import { Expense, ExpenseFields } from './expense';
import { ExpenseRepository } from './expense.repository.port';
import { buildExpenseFields, ExpenseInput } from './expense-rules';

export class ExpensesService {
  constructor(
    private readonly expenses: ExpenseRepository,
    private readonly references: AccountReferences,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  list(caller: Caller, page: PageRequest): Promise<Page<Expense>> {
    return this.expenses.list(caller.account.id, page);
  }

  get(caller: Caller, id: number): Promise<Expense> {
    return this.require(caller.account.id, id);
  }

  /** The expense prefilled for a new entry: same fields, no id, today's date. */
  async repeat(caller: Caller, id: number): Promise<ExpenseFields> {
    const { id: _id, accountId: _a, createdAt: _c, updatedAt: _u, ...fields } = await this.require(caller.account.id, id);
    return { ...fields, date: this.today() };
  }

  async create(caller: Caller, input: ExpenseInput): Promise<number> {
    const accountId = caller.account.id;
    const fields = buildExpenseFields(input, this.today());
    return this.tx.run(async () => {
      await this.references.client(accountId, fields.clientId);
      await this.references.tdsSection(accountId, fields.tdsSectionId);
      const id = await this.expenses.insert(accountId, fields);
      await this.activity.created(caller.principal, 'expense', id, fields.description, { after: { amount: fields.amount } });
      return id;
    });
  }

  async update(caller: Caller, id: number, input: ExpenseInput): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      const fields = buildExpenseFields(input, this.today(), current);
      if (input.clientId !== undefined) await this.references.client(accountId, fields.clientId);
      if (input.tdsSectionId !== undefined) await this.references.tdsSection(accountId, fields.tdsSectionId);
      await this.expenses.update(accountId, id, fields);
      await this.activity.updated(caller.principal, 'expense', id, fields.description, {
        before: { amount: current.amount },
        after: { amount: fields.amount },
      });
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      await this.expenses.delete(accountId, id);
      await this.activity.deleted(caller.principal, 'expense', id, current.description);
    });
  }

  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    return bulkDeleteRecords(this.tx, caller.account.id, ids, this.expenses, (id) => this.activity.deleted(caller.principal, 'expense', id, null));
  }

  private today(): string {
    return kolkataDate(this.clock.now());
  }

  private async require(accountId: number, id: number): Promise<Expense> {
    return found(await this.expenses.findById(accountId, id), 'Expense', id);
  }
}
