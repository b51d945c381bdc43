import { DocumentListFilter } from '../src/documents/document-list-filter';
import { AllocatedNumber } from '../src/documents/document-numbering';
import { OfferDocument, OfferDocumentFields, OfferDocumentHeader } from '../src/documents/offer-document';
import { ProductLineValues } from '../src/documents/product-lines';
import { SalesDocumentRepository } from '../src/documents/sales-document.repository.port';
import { ProformaInvoiceHeader } from '../src/proforma-invoices/proforma-invoice';
import { ProformaInvoiceRepository } from '../src/proforma-invoices/proforma-invoice.repository.port';
import { QuotationHeader } from '../src/quotations/quotation';
import { QuotationRepository } from '../src/quotations/quotation.repository.port';
import { Clock } from '../src/shared/clock.port';
import { Page } from '../src/shared/pagination';
import { ClientNameLookup, InMemorySalesDocuments, StoredDocument } from './in-memory-sales-documents';

/** Quotations or proforma invoices in memory; `matches` is the kind's own list filter. */
export class InMemoryOfferDocumentRepository<H extends OfferDocumentHeader> extends SalesDocumentRepository<H, OfferDocumentFields<H>> {
  readonly store: InMemorySalesDocuments<H>;

  constructor(
    clock: Clock,
    private readonly matches: (h: H, f: DocumentListFilter) => boolean,
    clientName?: ClientNameLookup,
  ) {
    super();
    this.store = new InMemorySalesDocuments<H>(
      clock,
      (d) => d.number,
      (d) => d.date,
      clientName,
    );
  }

  async findById(accountId: number, id: number): Promise<OfferDocument<H> | null> {
    return this.store.find(accountId, id);
  }

  async list(accountId: number, f: DocumentListFilter): Promise<Page<H>> {
    return this.store.list(accountId, f, (d) => this.matches(d, f));
  }

  async insert(accountId: number, number: AllocatedNumber, fields: OfferDocumentFields<H>, lines: ProductLineValues[]): Promise<number> {
    return this.store.insert(accountId, number, { ...fields, number: number.number } as unknown as Omit<H, keyof StoredDocument>, lines);
  }

  async update(accountId: number, id: number, fields: OfferDocumentFields<H>, lines: ProductLineValues[] | null): Promise<void> {
    this.store.update(accountId, id, fields as Partial<H>, lines);
  }

  async linesOf(accountId: number, ids: number[]) {
    return this.store.linesOf(accountId, ids);
  }

  async numbersOf(accountId: number, ids: number[]) {
    return this.store.numbersOf(accountId, ids);
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    this.store.deleteMany(accountId, ids);
  }
}

/** Quotations in memory, with the filters and order of TypeormQuotationRepository. */
export class InMemoryQuotationRepository extends InMemoryOfferDocumentRepository<QuotationHeader> implements QuotationRepository {
  constructor(clock: Clock, clientName?: ClientNameLookup) {
    super(clock, (q, f) => (!f.approvalStatus || q.approvalStatus === f.approvalStatus) && (!f.documentKind || q.documentKind === f.documentKind), clientName);
  }
}

/** Proforma invoices in memory, with the filters and order of TypeormProformaInvoiceRepository. */
export class InMemoryProformaInvoiceRepository extends InMemoryOfferDocumentRepository<ProformaInvoiceHeader> implements ProformaInvoiceRepository {
  constructor(clock: Clock, clientName?: ClientNameLookup) {
    super(clock, (p, f) => !f.approvalStatus || p.approvalStatus === f.approvalStatus, clientName);
  }
}
