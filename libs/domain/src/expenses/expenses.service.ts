import { bulkDelete, BulkDeleteResult } from '../shared/bulk-delete';
import type { Caller } from '../auth/authenticate-caller.use-case';
import { ActivityRecorder } from '../activity/activity-recorder';
import { ClientRepository } from '../clients/client.repository.port';
import { Clock } from '../shared/clock.port';
import { NotFound } from '../shared/domain-error';
import { kolkataDate } from '../shared/fiscal-year';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { TdsSectionRepository } from '../tds/tds-section.repository.port';
import { Expense, ExpenseFields } from './expense';
import { ExpenseRepository } from './expense.repository.port';
import { buildExpenseFields, ExpenseInput } from './expense-rules';

export class ExpensesService {
  constructor(
    private readonly expenses: ExpenseRepository,
    private readonly clients: ClientRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly tdsSections: TdsSectionRepository,
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
      await this.checkClient(accountId, fields.clientId);
      await this.checkTdsSection(accountId, fields.tdsSectionId);
      const id = await this.expenses.insert(accountId, fields);
      await this.activity.record(caller.principal, {
        action: 'created',
        entityType: 'expense',
        entityId: id,
        label: fields.description,
        after: { amount: fields.amount },
      });
      return id;
    });
  }

  async update(caller: Caller, id: number, input: ExpenseInput): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      const fields = buildExpenseFields(input, this.today(), current);
      if (input.client_id !== undefined) await this.checkClient(accountId, fields.clientId);
      if (input.tds_section_id !== undefined) await this.checkTdsSection(accountId, fields.tdsSectionId);
      await this.expenses.update(accountId, id, fields);
      await this.activity.record(caller.principal, {
        action: 'updated',
        entityType: 'expense',
        entityId: id,
        label: fields.description,
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
      await this.activity.record(caller.principal, { action: 'deleted', entityType: 'expense', entityId: id, label: current.description });
    });
  }

  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    const accountId = caller.account.id;
    return bulkDelete(
      this.tx,
      ids,
      (unique) => this.expenses.existingIds(accountId, unique),
      async (owned) => {
        for (const id of owned) {
          await this.expenses.delete(accountId, id);
          await this.activity.record(caller.principal, { action: 'deleted', entityType: 'expense', entityId: id, label: null });
        }
        return owned;
      },
    );
  }

  private today(): string {
    return kolkataDate(this.clock.now());
  }

  private async checkClient(accountId: number, clientId: number | null): Promise<void> {
    if (clientId !== null && !(await this.clients.findById(accountId, clientId))) {
      throw new NotFound('Client not found.', { client_id: clientId });
    }
  }

  private async checkTdsSection(accountId: number, sectionId: number | null): Promise<void> {
    if (sectionId !== null && !(await this.tdsSections.findVisible(accountId, sectionId))) {
      throw new NotFound('TDS section not found.', { tds_section_id: sectionId });
    }
  }

  private async require(accountId: number, id: number): Promise<Expense> {
    const expense = await this.expenses.findById(accountId, id);
    if (!expense) throw NotFound.of('Expense', id);
    return expense;
  }
}
