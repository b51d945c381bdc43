import { AllocatedNumber } from '../documents/document-numbering';
import { SalesDocumentRepository } from '../documents/sales-document.repository.port';
import { Page, PageRequest } from '../shared/pagination';
import { InvoiceFields, InvoiceHeader } from './invoice';

/** Invoices of an account. Every method is scoped by the account id. */
export abstract class InvoiceRepository extends SalesDocumentRepository<InvoiceHeader, InvoiceFields> {
  /** Paid invoices whose `paid_at` is after `since` ('Y-m-d H:i:s' UTC), earliest payment first. */
  abstract paidSince(accountId: number, since: string, page: PageRequest): Promise<Page<InvoiceHeader>>;
  /** The ids among `ids` of the account's invoices whose status is `cancelled` (they hold no stock). */
  abstract cancelledAmong(accountId: number, ids: number[]): Promise<Set<number>>;
  /** Gives the invoice `number` (a draft's provisional number replaced by its tax-series number at issue). */
  abstract renumber(accountId: number, id: number, number: AllocatedNumber): Promise<void>;
}
