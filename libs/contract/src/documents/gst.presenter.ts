import { GstFields } from '@app/domain/documents/document-gst';
import { toNumber2 } from '@app/domain/shared/money';
import { TaxWarning } from '@app/domain/tax/tax-engine';
import { nullableMoney } from './product-line.presenter';

/** The GST header fields of a list row or a single read. */
export function presentGstHeader(d: GstFields) {
  return {
    place_of_supply: d.placeOfSupply,
    supply_type: d.supplyType,
    reverse_charge: d.reverseCharge,
    round_off: d.roundOff === null ? null : toNumber2(d.roundOff),
    exchange_rate: d.exchangeRate === null || d.exchangeRate === undefined ? null : Number(d.exchangeRate),
    ecommerce_gstin: d.ecommerceGstin ?? null,
    ecommerce_section: d.ecommerceSection ?? null,
  };
}

/**
 * The closing fields of an invoice-style header (invoices, quotations, proforma invoices): the document
 * discount, the GST header fields, the total and the timestamps.
 */
export function presentSalesDocumentTotals(
  d: GstFields & { discountType: string | null; discountValue: string | null; totalAmount: string; createdAt: string; updatedAt: string },
) {
  return {
    discount_type: d.discountType,
    discount_value: nullableMoney(d.discountValue),
    ...presentGstHeader(d),
    total_amount: toNumber2(d.totalAmount),
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

/**
 * Each disagreement with the tax rules (line 1 is the first line, null the document as a whole), amounts and rates
 * as numbers (null where the warning is not about one).
 */
export function presentTaxWarnings(warnings: TaxWarning[]) {
  return warnings.map((w) => ({
    line: w.line ?? null,
    code: w.code,
    field: w.field,
    expected: w.expected === null || w.expected === undefined ? null : toNumber2(w.expected),
    sent: w.sent === null || w.sent === undefined ? null : toNumber2(w.sent),
    message: w.message,
  }));
}

/** The supplier as printed on the document (null on documents made before it was kept), and the warnings. */
export function presentGstDetails(d: GstFields) {
  const s = d.supplierSnapshot;
  return {
    supplier: s ? { name: s.name, address: s.address, gstin: s.gstin, pan: s.pan, state_code: s.state_code } : null,
    tax_warnings: presentTaxWarnings(d.taxWarnings),
  };
}
