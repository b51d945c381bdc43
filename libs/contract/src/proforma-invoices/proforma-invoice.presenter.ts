import { ProformaInvoice, ProformaInvoiceHeader } from '@app/domain/proforma-invoices/proforma-invoice';
import { presentLines } from '../documents/product-line.presenter';
import { presentGstDetails, presentSalesDocumentTotals } from '../documents/gst.presenter';

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
    ...presentSalesDocumentTotals(p),
  };
}

export function presentProforma(p: ProformaInvoice) {
  return { ...presentProformaHeader(p), ...presentGstDetails(p), items: presentLines(p.lines, 'proforma_invoice_id', p.id, { inventory: false }) };
}
