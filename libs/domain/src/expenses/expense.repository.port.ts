import { Page, PageRequest } from '../shared/pagination';
import { Expense, ExpenseFields } from './expense';

export abstract class ExpenseRepository {
  abstract findById(accountId: number, id: number): Promise<Expense | null>;
  abstract list(accountId: number, page: PageRequest): Promise<Page<Expense>>;
  abstract insert(accountId: number, fields: ExpenseFields): Promise<number>;
  abstract update(accountId: number, id: number, fields: ExpenseFields): Promise<void>;
  abstract delete(accountId: number, id: number): Promise<void>;
  abstract existingIds(accountId: number, ids: number[]): Promise<number[]>;
}
