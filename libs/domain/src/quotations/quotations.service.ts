import { OfferDocumentDeps, OfferDocumentKind, OfferDocumentsService } from '../documents/offer-documents.service';
import { QuotationHeader } from './quotation';
import { QuotationRepository } from './quotation.repository.port';
import { QUOTATION_RULES, QuotationInput } from './quotation-rules';

export const QUOTATIONS: OfferDocumentKind<QuotationHeader, QuotationInput> = {
  ...QUOTATION_RULES,
  entityType: 'quotation',
  numbering: 'quotation',
  noun: 'Quotation',
  // The invoice takes the quotation's type.
  invoiceTypeOf: (q) => q.quotationType,
};

/** Quotations: list, read, create, merge-update, delete, bulk delete and conversion to an invoice. */
export class QuotationsService extends OfferDocumentsService<QuotationHeader, QuotationInput> {
  constructor(quotations: QuotationRepository, deps: OfferDocumentDeps) {
    super(QUOTATIONS, quotations, deps);
  }
}
