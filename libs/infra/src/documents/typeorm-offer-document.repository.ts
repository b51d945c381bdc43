import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { OfferDocumentColumns } from './sales-document-columns';
import { SqlConditions } from './sql-document-list';
import { TypeormSalesDocumentRepository } from './typeorm-sales-document.repository';

/** Quotations and proforma invoices: sales documents whose lists also filter by approval status. */
export abstract class TypeormOfferDocumentRepository<Row extends OfferDocumentColumns, H, F extends object> extends TypeormSalesDocumentRepository<Row, H, F> {
  protected override addFilters(c: SqlConditions, filter: DocumentListFilter): void {
    if (filter.approvalStatus) c.add('d.approval_status = ?', filter.approvalStatus);
  }
}
