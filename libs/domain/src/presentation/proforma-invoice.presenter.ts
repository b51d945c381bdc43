import { ProformaInvoice, ProformaInvoiceHeader } from '../proforma/proforma-invoice';
import { toNumber2 } from '../shared/money';
import { nullableMoney, presentLines } from './product-line.presenter';
import { presentGstDetails, presentGstHeader } from './gst.presenter';

/** A list row: header columns and total_amount. */
export function presentProformaHeader(p: ProformaInvoiceHeader) {
  return {
    proforma_invoice_id: p.id,
    client_id: p.clientId,
    proforma_number: p.number,
    proforma_date: p.date,
    validity_date: p.validityDate,
    approval_status: p.approvalStatus,
    currency: p.currency,
    lut_number: p.lutNumber,
    declaration_text: p.declarationText,
    transport_details: p.transportDetails,
    lr_number: p.lrNumber,
    discount_type: p.discountType,
    discount_value: nullableMoney(p.discountValue),
    ...presentGstHeader(p),
    total_amount: toNumber2(p.totalAmount),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export function presentProforma(p: ProformaInvoice) {
  return { ...presentProformaHeader(p), ...presentGstDetails(p), items: presentLines(p.lines, 'proforma_invoice_id', p.id, { inventory: false }) };
}
