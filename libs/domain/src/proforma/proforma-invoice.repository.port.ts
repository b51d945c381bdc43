import { AllocatedNumber } from '../documents/document-numbering';
import { DocumentListFilter } from '../documents/document-list-filter';
import { ProductLineValues } from '../documents/product-lines';
import { Page } from '../shared/pagination';
import { ProformaInvoice, ProformaInvoiceFields, ProformaInvoiceHeader } from './proforma-invoice';

/** Proforma invoices of an account. Every method is scoped by the account id. */
export abstract class ProformaInvoiceRepository {
  abstract findById(accountId: number, id: number): Promise<ProformaInvoice | null>;
  /** Header rows (with total_amount), newest proforma date first, ties by id descending. */
  abstract list(accountId: number, filter: DocumentListFilter): Promise<Page<ProformaInvoiceHeader>>;
  abstract insert(accountId: number, number: AllocatedNumber, fields: ProformaInvoiceFields, lines: ProductLineValues[]): Promise<number>;
  abstract update(accountId: number, id: number, fields: ProformaInvoiceFields, lines: ProductLineValues[] | null): Promise<void>;
  abstract numbersOf(accountId: number, ids: number[]): Promise<Array<{ id: number; number: string }>>;
  abstract deleteMany(accountId: number, ids: number[]): Promise<void>;
}
