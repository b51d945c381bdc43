import { AllocatedNumber } from '../src/documents/document-numbering';
import { DocumentListFilter } from '../src/documents/document-list-filter';
import { ProductLineValues } from '../src/documents/product-lines';
import { Quotation, QuotationFields, QuotationHeader } from '../src/quotations/quotation';
import { QuotationRepository } from '../src/quotations/quotation.repository.port';
import { Clock } from '../src/shared/clock.port';
import { Page } from '../src/shared/pagination';
import { ClientNameLookup, InMemorySalesDocuments } from './in-memory-sales-documents';

/** Quotations in memory, with the filters and order of TypeormQuotationRepository. */
export class InMemoryQuotationRepository extends QuotationRepository {
  readonly store: InMemorySalesDocuments<QuotationHeader>;

  constructor(clock: Clock, clientName?: ClientNameLookup) {
    super();
    this.store = new InMemorySalesDocuments<QuotationHeader>(clock, (q) => q.quotationNumber, (q) => q.quotationDate, clientName);
  }

  async findById(accountId: number, id: number): Promise<Quotation | null> {
    return this.store.find(accountId, id);
  }

  async list(accountId: number, f: DocumentListFilter): Promise<Page<QuotationHeader>> {
    return this.store.list(accountId, f, (q) =>
      (!f.approvalStatus || q.approvalStatus === f.approvalStatus) && (!f.documentKind || q.documentKind === f.documentKind));
  }

  async insert(accountId: number, number: AllocatedNumber, fields: QuotationFields, lines: ProductLineValues[]): Promise<number> {
    return this.store.insert(accountId, number, { ...fields, quotationNumber: number.number }, lines);
  }

  async update(accountId: number, id: number, fields: QuotationFields, lines: ProductLineValues[] | null): Promise<void> {
    this.store.update(accountId, id, fields, lines);
  }

  async numbersOf(accountId: number, ids: number[]) {
    return this.store.numbersOf(accountId, ids);
  }

  async deleteMany(accountId: number, ids: number[]): Promise<void> {
    this.store.deleteMany(accountId, ids);
  }
}
