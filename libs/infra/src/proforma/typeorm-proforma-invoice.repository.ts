import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { ProformaInvoiceFields, ProformaInvoiceHeader } from '@app/domain/proforma/proforma-invoice';
import { ProformaInvoiceRepository } from '@app/domain/proforma/proforma-invoice.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { listedColumns } from '../documents/document-tables';
import { offerHeaderOf } from '../documents/sales-document-rows';
import { SqlConditions } from '../documents/sql-document-list';
import { TypeormSalesDocumentRepository } from '../documents/typeorm-sales-document.repository';
import { ProformaInvoiceItemRow, ProformaInvoiceRow } from './proforma-invoice.entity';

export class TypeormProformaInvoiceRepository
  extends TypeormSalesDocumentRepository<ProformaInvoiceRow, ProformaInvoiceHeader, ProformaInvoiceFields>
  implements ProformaInvoiceRepository
{
  constructor(db: Database, clock: Clock) {
    super(db, clock, {
      header: ProformaInvoiceRow,
      items: ProformaInvoiceItemRow,
      parentProperty: 'proformaInvoiceId',
      numberProperty: 'number',
      ...listedColumns('proforma-invoice'),
    });
  }

  protected toHeader(row: ProformaInvoiceRow): ProformaInvoiceHeader {
    return offerHeaderOf(row);
  }

  protected override addFilters(c: SqlConditions, filter: DocumentListFilter): void {
    if (filter.approvalStatus) c.add('d.approval_status = ?', filter.approvalStatus);
  }
}
