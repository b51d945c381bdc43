import { Quotation, QuotationHeader } from '@app/domain/quotations/quotation';
import { presentLines } from '../documents/product-line.presenter';
import { presentGstDetails, presentSalesDocumentTotals } from '../documents/gst.presenter';

/** A list row: header columns and total_amount. */
export function presentQuotationHeader(q: QuotationHeader) {
  return {
    quotation_id: q.id,
    client_id: q.clientId,
    quotation_number: q.number,
    quotation_date: q.date,
    validity_date: q.validityDate,
    approval_status: q.approvalStatus,
    currency: q.currency,
    quotation_type: q.quotationType,
    document_kind: q.documentKind,
    lut_number: q.lutNumber,
    declaration_text: q.declarationText,
    transport_details: q.transportDetails,
    lr_number: q.lrNumber,
    ...presentSalesDocumentTotals(q),
  };
}

export function presentQuotation(q: Quotation) {
  return { ...presentQuotationHeader(q), ...presentGstDetails(q), items: presentLines(q.lines, 'quotation_id', q.id, { inventory: false }) };
}
