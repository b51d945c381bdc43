import { Expense } from '@app/domain/expenses/expense';
import { ExpenseRepository } from '@app/domain/expenses/expense.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { TypeormAccountTable } from '../shared/typeorm-account-table';
import { ExpenseRow } from './expense.entity';

export class TypeormExpenseRepository extends TypeormAccountTable<ExpenseRow, Expense> implements ExpenseRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, ExpenseRow);
  }

  protected toRecord(row: ExpenseRow): Expense {
    return { ...row };
  }
}
