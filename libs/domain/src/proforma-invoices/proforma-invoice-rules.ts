import { OfferDocumentInput, OfferDocumentRules } from '../documents/offer-document-rules';
import { ProformaInvoiceHeader } from './proforma-invoice';

export interface ProformaInvoiceInput extends OfferDocumentInput {
  proformaDate?: string | null;
}

/** Proforma invoices (see `buildOfferDocument`): `items` is required on create; no fields of their own. */
export const PROFORMA_INVOICE_RULES: OfferDocumentRules<ProformaInvoiceHeader, ProformaInvoiceInput> = {
  dateField: 'proformaDate',
  dateName: 'proforma_date',
  itemsRequired: true,
  ownFields: () => ({}),
};
