import { OfferDocumentDeps, OfferDocumentKind, OfferDocumentsService } from '../documents/offer-documents.service';
import { ProformaInvoiceHeader } from './proforma-invoice';
import { ProformaInvoiceRepository } from './proforma-invoice.repository.port';
import { PROFORMA_INVOICE_RULES, ProformaInvoiceInput } from './proforma-invoice-rules';

export const PROFORMA_INVOICES: OfferDocumentKind<ProformaInvoiceHeader, ProformaInvoiceInput> = {
  ...PROFORMA_INVOICE_RULES,
  entityType: 'proforma_invoice',
  numbering: 'proforma-invoice',
  noun: 'Proforma invoice',
  // The invoice gets the account's default type (by its GSTIN).
  invoiceTypeOf: () => null,
};

/** Proforma invoices: list, read, create, merge-update, delete, bulk delete and conversion to an invoice. */
export class ProformaInvoicesService extends OfferDocumentsService<ProformaInvoiceHeader, ProformaInvoiceInput> {
  constructor(proformas: ProformaInvoiceRepository, deps: OfferDocumentDeps) {
    super(PROFORMA_INVOICES, proformas, deps);
  }
}
