import { Expense } from '@app/domain/expenses/expense';
import { ExpenseRepository } from '@app/domain/expenses/expense.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { TypeormAccountTable } from '../shared/typeorm-account-table';
import { ExpenseRow } from './expense.entity';

const toExpense = (row: ExpenseRow): Expense => ({ ...row });

export class TypeormExpenseRepository extends TypeormAccountTable<ExpenseRow> implements ExpenseRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, ExpenseRow);
  }

  async findById(accountId: number, id: number): Promise<Expense | null> {
    const row = await this.repo().findOneBy({ id, accountId });
    return row ? toExpense(row) : null;
  }

  async list(accountId: number, page: PageRequest): Promise<Page<Expense>> {
    const { rows, total } = await this.newestFirst(accountId, page);
    return { rows: rows.map(toExpense), total };
  }
}
