import { AllocatedNumber } from '../documents/document-numbering';
import { DocumentListFilter } from '../documents/document-list-filter';
import { ProductLineValues } from '../documents/product-lines';
import { Page, PageRequest } from '../shared/pagination';
import { Invoice, InvoiceFields, InvoiceHeader } from './invoice';

/** Invoices of an account. Every method is scoped by the account id. */
export abstract class InvoiceRepository {
  /** Header and lines (lines ordered by item id). */
  abstract findById(accountId: number, id: number): Promise<Invoice | null>;
  /** Header rows matching the filter, newest invoice date first (ties by id descending), and the count. */
  abstract list(accountId: number, filter: DocumentListFilter): Promise<Page<InvoiceHeader>>;
  abstract insert(accountId: number, number: AllocatedNumber, fields: InvoiceFields, lines: ProductLineValues[]): Promise<number>;
  /** Rewrites the header; the lines are replaced when `lines` is given, kept when null. */
  abstract update(accountId: number, id: number, fields: InvoiceFields, lines: ProductLineValues[] | null): Promise<void>;
  /** The account's invoices among `ids`, with their numbers. */
  abstract numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>>;
  /** Deletes the account's invoices among `ids` with their lines. */
  abstract deleteMany(accountId: number, ids: number[]): Promise<void>;
  /** Paid invoices whose `paid_at` is after `since` ('Y-m-d H:i:s' UTC), earliest payment first. */
  abstract paidSince(accountId: number, since: string, page: PageRequest): Promise<Page<InvoiceHeader>>;
}
