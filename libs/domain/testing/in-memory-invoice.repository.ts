import { pageAt } from './in-memory-rows';
import { AllocatedNumber } from '../src/documents/document-numbering';
import { DocumentListFilter } from '../src/documents/document-list-filter';
import { ProductLineValues } from '../src/documents/product-lines';
import { Invoice, InvoiceFields, InvoiceHeader } from '../src/invoices/invoice';
import { InvoiceRepository } from '../src/invoices/invoice.repository.port';
import { Clock } from '../src/shared/clock.port';
import { Page, PageRequest } from '../src/shared/pagination';
import { ClientNameLookup, InMemorySalesDocuments } from './in-memory-sales-documents';

/** Invoices in memory, with the filters and order of TypeormInvoiceRepository. */
export class InMemoryInvoiceRepository extends InvoiceRepository {
  readonly store: InMemorySalesDocuments<InvoiceHeader>;

  constructor(clock: Clock, clientName?: ClientNameLookup) {
    super();
    this.store = new InMemorySalesDocuments<InvoiceHeader>(
      clock,
      (i) => i.invoiceNumber,
      (i) => i.invoiceDate,
      clientName,
    );
  }

  async findById(accountId: number, id: number): Promise<Invoice | null> {
    return this.store.find(accountId, id);
  }

  async list(accountId: number, f: DocumentListFilter): Promise<Page<InvoiceHeader>> {
    return this.store.list(
      accountId,
      f,
      (i) =>
        (!f.status || i.status === f.status) &&
        (!f.paymentStatus || i.paymentStatus === f.paymentStatus) &&
        (!f.dueFrom || i.paymentDueDate >= f.dueFrom) &&
        (!f.dueTo || i.paymentDueDate <= f.dueTo) &&
        (!f.paymentDateFrom || (i.paymentDate !== null && i.paymentDate >= f.paymentDateFrom)) &&
        (!f.paymentDateTo || (i.paymentDate !== null && i.paymentDate <= f.paymentDateTo)),
    );
  }

  async insert(accountId: number, number: AllocatedNumber, fields: InvoiceFields, lines: ProductLineValues[]): Promise<number> {
    return this.store.insert(accountId, number, { ...fields, invoiceNumber: number.number }, lines);
  }

  async update(accountId: number, id: number, fields: InvoiceFields, lines: ProductLineValues[] | null): Promise<void> {
    this.store.update(accountId, id, fields, lines);
  }

  async renumber(accountId: number, id: number, number: AllocatedNumber): Promise<void> {
    this.store.update(accountId, id, { invoiceNumber: number.number, fyStartYear: number.fyStartYear, sequenceNo: number.sequence }, null);
  }

  async linesOf(accountId: number, ids: number[]) {
    return this.store.linesOf(accountId, ids);
  }

  async cancelledAmong(accountId: number, ids: number[]): Promise<Set<number>> {
    const found = await Promise.all(ids.map((id) => this.store.find(accountId, id)));
    return new Set(found.filter((i) => i?.status === 'cancelled').map((i) => i!.id));
  }

  async numbersOf(accountId: number, ids: number[]) {
    return this.store.numbersOf(accountId, ids);
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    this.store.deleteMany(accountId, ids);
  }

  async paidSince(accountId: number, since: string, page: PageRequest): Promise<Page<InvoiceHeader>> {
    const rows = this.store
      .all(accountId)
      .filter((i) => i.paymentStatus === 'paid' && i.paidAt !== null && i.paidAt > since)
      .sort(paidOrder);
    const scope = this.store
      .all(accountId)
      .filter((i) => i.paidAt !== null)
      .sort(paidOrder);
    return pageAt(rows, page, paidOrder, scope);
  }
}

/** Earliest paid first, ties by id. */
const paidOrder = (a: InvoiceHeader, b: InvoiceHeader): number => (a.paidAt === b.paidAt ? a.id - b.id : (a.paidAt as string) < (b.paidAt as string) ? -1 : 1);
