import { AllocatedNumber } from '../documents/document-numbering';
import { DocumentListFilter } from '../documents/document-list-filter';
import { ProductLineValues } from '../documents/product-lines';
import { Page } from '../shared/pagination';
import { Quotation, QuotationFields, QuotationHeader } from './quotation';

/** Quotations of an account. Every method is scoped by the account id. */
export abstract class QuotationRepository {
  abstract findById(accountId: number, id: number): Promise<Quotation | null>;
  /** Header rows (with total_amount), newest quotation date first, ties by id descending. */
  abstract list(accountId: number, filter: DocumentListFilter): Promise<Page<QuotationHeader>>;
  abstract insert(accountId: number, number: AllocatedNumber, fields: QuotationFields, lines: ProductLineValues[]): Promise<number>;
  abstract update(accountId: number, id: number, fields: QuotationFields, lines: ProductLineValues[] | null): Promise<void>;
  abstract numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>>;
  abstract deleteMany(accountId: number, ids: number[]): Promise<void>;
}
