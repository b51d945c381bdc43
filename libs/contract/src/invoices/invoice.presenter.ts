import { Invoice, InvoiceHeader } from '@app/domain/invoices/invoice';
import { toNumber2 } from '@app/domain/shared/money';
import { decimalNumber, nullableMoney, presentLines } from '../documents/product-line.presenter';
import { presentGstDetails, presentSalesDocumentTotals } from '../documents/gst.presenter';

/** A list row: header columns only. */
export function presentInvoiceHeader(i: InvoiceHeader) {
  return {
    invoice_id: i.id,
    client_id: i.clientId,
    invoice_number: i.invoiceNumber,
    invoice_date: i.invoiceDate,
    payment_due_date: i.paymentDueDate,
    payment_status: i.paymentStatus,
    status: i.status,
    currency: i.currency,
    invoice_type: i.invoiceType,
    lut_number: i.lutNumber,
    declaration_text: i.declarationText,
    paid_amount: toNumber2(i.paidAmount),
    payment_date: i.paymentDate,
    transport_details: i.transportDetails,
    lr_number: i.lrNumber,
    tds_section_id: i.tdsSectionId,
    tds_rate: i.tdsRate === null ? null : decimalNumber(i.tdsRate),
    tds_amount: nullableMoney(i.tdsAmount),
    delivery_address: i.deliveryAddress ?? null,
    destination_country: i.destinationCountry ?? null,
    ship_to_gstin: i.shipToGstin ?? null,
    ship_to_name: i.shipToName ?? null,
    ...presentSalesDocumentTotals(i),
  };
}

/** Single read: header plus `items[]` in item_id order. */
export function presentInvoice(i: Invoice) {
  return { ...presentInvoiceHeader(i), ...presentGstDetails(i), items: presentLines(i.lines, 'invoice_id', i.id, { inventory: true }) };
}

/** A recent-payments entry: the header and when it became paid. */
export function presentPayment(i: InvoiceHeader) {
  return { ...presentInvoiceHeader(i), paid_at: i.paidAt };
}
