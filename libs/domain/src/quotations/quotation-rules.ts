import { defaultInvoiceType, INVOICE_TYPES, QUOTATION_DOCUMENT_KINDS } from '../documents/document-enums';
import { OfferDocumentInput, OfferDocumentRules } from '../documents/offer-document-rules';
import { enumValue } from '../documents/sales-document-fields';
import { QuotationHeader } from './quotation';

export interface QuotationInput extends OfferDocumentInput {
  quotationDate?: string | null;
  quotationType?: string | null;
  documentKind?: string | null;
}

/**
 * Quotations (see `buildOfferDocument`): without `items` a new quotation has no lines; the type is by
 * the account's GSTIN and the kind `quotation` unless sent.
 */
export const QUOTATION_RULES: OfferDocumentRules<QuotationHeader, QuotationInput> = {
  dateField: 'quotationDate',
  dateName: 'quotation_date',
  itemsRequired: false,
  ownFields: (read, errors, account, current) => ({
    quotationType: enumValue<string>(
      read('quotationType', current?.quotationType),
      INVOICE_TYPES,
      'quotationType',
      errors,
      current?.quotationType ?? defaultInvoiceType(!!account.gstin),
    ),
    documentKind: enumValue(
      read('documentKind', current?.documentKind),
      QUOTATION_DOCUMENT_KINDS,
      'documentKind',
      errors,
      current?.documentKind ?? 'quotation',
    ),
  }),
  invoiceTypeOf: (own) => own.quotationType,
};
