import { QuotationKind } from '../documents/document-enums';
import { OfferDocument, OfferDocumentFields, OfferDocumentHeader } from '../documents/offer-document';

/** A quotation: an offer document (`number`, `date`: quotation_number, quotation_date) with a type and a kind. */
export interface QuotationHeader extends OfferDocumentHeader {
  quotationType: string;
  /** `quotation`, or `proforma` for legacy proforma rows kept on this table. */
  documentKind: QuotationKind;
}

export type Quotation = OfferDocument<QuotationHeader>;

export type QuotationFields = OfferDocumentFields<QuotationHeader>;
