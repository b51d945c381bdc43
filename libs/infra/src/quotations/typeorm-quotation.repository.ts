import { QuotationKind } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { QuotationFields, QuotationHeader } from '@app/domain/quotations/quotation';
import { QuotationRepository } from '@app/domain/quotations/quotation.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { offerHeaderOf } from '../documents/sales-document-rows';
import { SqlConditions } from '../documents/sql-document-list';
import { TypeormOfferDocumentRepository } from '../documents/typeorm-offer-document.repository';
import { QuotationItemRow, QuotationRow } from './quotation.entity';

export class TypeormQuotationRepository extends TypeormOfferDocumentRepository<QuotationRow, QuotationHeader, QuotationFields> implements QuotationRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, 'quotation', { header: QuotationRow, items: QuotationItemRow, parentProperty: 'quotationId', numberProperty: 'number' });
  }

  protected toHeader(row: QuotationRow): QuotationHeader {
    return { ...offerHeaderOf(row), quotationType: row.quotationType, documentKind: row.documentKind as QuotationKind };
  }

  protected override addFilters(c: SqlConditions, filter: DocumentListFilter): void {
    super.addFilters(c, filter);
    if (filter.documentKind) c.add('d.document_kind = ?', filter.documentKind);
  }
}
