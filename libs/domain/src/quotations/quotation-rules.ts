import { defaultInvoiceType, INVOICE_TYPES, QUOTATION_DOCUMENT_KINDS } from '../documents/document-enums';
import { OfferDocumentInput, OfferDocumentRules } from '../documents/offer-document-rules';
import { enumValue } from '../documents/sales-document-fields';
import { QuotationHeader } from './quotation';

export interface QuotationInput extends OfferDocumentInput {
  quotation_date?: string | null;
  quotation_type?: string | null;
  document_kind?: string | null;
}

/**
 * Quotations (see `buildOfferDocument`): without `items` a new quotation has no lines; the type is by
 * the account's GSTIN and the kind `quotation` unless sent.
 */
export const QUOTATION_RULES: OfferDocumentRules<QuotationHeader, QuotationInput> = {
  dateField: 'quotation_date',
  itemsRequired: false,
  ownFields: (read, errors, account, current) => ({
    quotationType: enumValue<string>(
      read('quotation_type', current?.quotationType),
      INVOICE_TYPES,
      'quotation_type',
      errors,
      current?.quotationType ?? defaultInvoiceType(!!account.gstin),
    ),
    documentKind: enumValue(
      read('document_kind', current?.documentKind),
      QUOTATION_DOCUMENT_KINDS,
      'document_kind',
      errors,
      current?.documentKind ?? 'quotation',
    ),
  }),
  invoiceTypeOf: (own) => own.quotationType,
};
