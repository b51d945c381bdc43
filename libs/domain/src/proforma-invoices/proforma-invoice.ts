import { OfferDocument, OfferDocumentFields, OfferDocumentHeader } from '../documents/offer-document';

/** A proforma invoice (own table): an offer document whose `number` and `date` are proforma_number, proforma_date. */
export type ProformaInvoiceHeader = OfferDocumentHeader;

export type ProformaInvoice = OfferDocument<ProformaInvoiceHeader>;

export type ProformaInvoiceFields = OfferDocumentFields<ProformaInvoiceHeader>;
