import { GstFields } from '../documents/document-gst';
import { toNumber2 } from '../shared/money';
import { TaxWarning } from '../tax/tax-engine';

/** The GST header fields of a list row or a single read. */
export function presentGstHeader(d: GstFields) {
  return {
    place_of_supply: d.placeOfSupply,
    supply_type: d.supplyType,
    reverse_charge: d.reverseCharge,
    round_off: d.roundOff === null ? null : toNumber2(d.roundOff),
  };
}

/** Each line that disagrees with the tax rule (line 1 is the first line), amounts as numbers. */
export function presentTaxWarnings(warnings: TaxWarning[]) {
  return warnings.map((w) => ({
    line: w.line,
    code: w.code,
    field: w.field,
    expected: toNumber2(w.expected),
    sent: toNumber2(w.sent),
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
