import { AllocatedNumber } from '../src/documents/document-numbering';
import { DocumentListFilter } from '../src/documents/document-list-filter';
import { ProductLineValues } from '../src/documents/product-lines';
import { ProformaInvoice, ProformaInvoiceFields, ProformaInvoiceHeader } from '../src/proforma/proforma-invoice';
import { ProformaInvoiceRepository } from '../src/proforma/proforma-invoice.repository.port';
import { Clock } from '../src/shared/clock.port';
import { Page } from '../src/shared/pagination';
import { ClientNameLookup, InMemorySalesDocuments } from './in-memory-sales-documents';

/** Proforma invoices in memory, with the filters and order of TypeormProformaInvoiceRepository. */
export class InMemoryProformaInvoiceRepository extends ProformaInvoiceRepository {
  readonly store: InMemorySalesDocuments<ProformaInvoiceHeader>;

  constructor(clock: Clock, clientName?: ClientNameLookup) {
    super();
    this.store = new InMemorySalesDocuments<ProformaInvoiceHeader>(clock, (p) => p.proformaNumber, (p) => p.proformaDate, clientName);
  }

  async findById(accountId: number, id: number): Promise<ProformaInvoice | null> {
    return this.store.find(accountId, id);
  }

  async list(accountId: number, f: DocumentListFilter): Promise<Page<ProformaInvoiceHeader>> {
    return this.store.list(accountId, f, (p) => !f.approvalStatus || p.approvalStatus === f.approvalStatus);
  }

  async insert(accountId: number, number: AllocatedNumber, fields: ProformaInvoiceFields, lines: ProductLineValues[]): Promise<number> {
    return this.store.insert(accountId, number, { ...fields, proformaNumber: number.number }, lines);
  }

  async update(accountId: number, id: number, fields: ProformaInvoiceFields, lines: ProductLineValues[] | null): Promise<void> {
    this.store.update(accountId, id, fields, lines);
  }

  async numbersOf(accountId: number, ids: number[]) {
    return this.store.numbersOf(accountId, ids);
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    this.store.deleteMany(accountId, ids);
  }
}
