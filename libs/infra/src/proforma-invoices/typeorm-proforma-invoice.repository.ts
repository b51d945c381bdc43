import { ProformaInvoiceFields, ProformaInvoiceHeader } from '@app/domain/proforma-invoices/proforma-invoice';
import { ProformaInvoiceRepository } from '@app/domain/proforma-invoices/proforma-invoice.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { offerHeaderOf } from '../documents/sales-document-rows';
import { TypeormOfferDocumentRepository } from '../documents/typeorm-offer-document.repository';
import { ProformaInvoiceItemRow, ProformaInvoiceRow } from './proforma-invoice.entity';

export class TypeormProformaInvoiceRepository
  extends TypeormOfferDocumentRepository<ProformaInvoiceRow, ProformaInvoiceHeader, ProformaInvoiceFields>
  implements ProformaInvoiceRepository
{
  constructor(db: Database, clock: Clock) {
    super(db, clock, 'proforma-invoice', {
      header: ProformaInvoiceRow,
      items: ProformaInvoiceItemRow,
      parentProperty: 'proformaInvoiceId',
      numberProperty: 'number',
    });
  }

  protected toHeader(row: ProformaInvoiceRow): ProformaInvoiceHeader {
    return offerHeaderOf(row);
  }
}
