import { QuotationKind } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { QuotationFields, QuotationHeader } from '@app/domain/quotations/quotation';
import { QuotationRepository } from '@app/domain/quotations/quotation.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { listedColumns } from '../documents/document-tables';
import { offerHeaderOf } from '../documents/sales-document-rows';
import { SqlConditions } from '../documents/sql-document-list';
import { TypeormSalesDocumentRepository } from '../documents/typeorm-sales-document.repository';
import { QuotationItemRow, QuotationRow } from './quotation.entity';

export class TypeormQuotationRepository extends TypeormSalesDocumentRepository<QuotationRow, QuotationHeader, QuotationFields> implements QuotationRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, {
      header: QuotationRow,
      items: QuotationItemRow,
      parentProperty: 'quotationId',
      numberProperty: 'number',
      ...listedColumns('quotation'),
    });
  }

  protected toHeader(row: QuotationRow): QuotationHeader {
    return { ...offerHeaderOf(row), quotationType: row.quotationType, documentKind: row.documentKind as QuotationKind };
  }

  protected override addFilters(c: SqlConditions, filter: DocumentListFilter): void {
    if (filter.approvalStatus) c.add('d.approval_status = ?', filter.approvalStatus);
    if (filter.documentKind) c.add('d.document_kind = ?', filter.documentKind);
  }
}
