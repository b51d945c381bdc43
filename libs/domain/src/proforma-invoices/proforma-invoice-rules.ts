import { OfferDocumentInput, OfferDocumentRules } from '../documents/offer-document-rules';
import { ProformaInvoiceHeader } from './proforma-invoice';

export interface ProformaInvoiceInput extends OfferDocumentInput {
  proforma_date?: string | null;
}

/** Proforma invoices (see `buildOfferDocument`): `items` is required on create; no fields of their own. */
export const PROFORMA_INVOICE_RULES: OfferDocumentRules<ProformaInvoiceHeader, ProformaInvoiceInput> = {
  dateField: 'proforma_date',
  itemsRequired: true,
  ownFields: () => ({}),
};
