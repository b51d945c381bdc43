import { SourceDocument, SourceNoteLine, SourceProductLine } from '../document-output/source-document';
import { toDecimal } from '../shared/money';
import { exchangeRateMissing, isForeignCurrency, rupeesPerUnit, toRupees } from '../tax/exchange-rate';
import { IrpInvoice } from './irp-payload';

/**
 * An invoice in a foreign currency as the e-invoice takes it, in rupees at its exchange rate (CGST Rules, rule 34):
 * each line's unit rate (and fixed discount) times the rate, exactly, so the item's `TotAmt` is quantity x rate in
 * rupees rounded half-up to the paisa; its taxable value, CGST, SGST, IGST, cess and total each converted and rounded
 * half-up; the document's total, round-off and fixed header discount likewise. A debit or credit note's lines likewise
 * (amount, taxable value, taxes and cess). An INR invoice is returned as it is. A foreign-currency invoice without an exchange rate is a 400 keyed `invoice_number` naming it.
 */
export function invoiceInRupees(doc: SourceDocument): SourceDocument {
  const rate = rupeesPerUnit(doc);
  if (rate === null) throw exchangeRateMissing('invoice_number', [doc.number]);
  if (rate === '1') return doc;
  const exact = (v: string) => toDecimal(v).mul(toDecimal(rate)).toFixed();
  const opt = (v: string | null | undefined) => (v === null || v === undefined ? v : toRupees(v, rate));
  const line = (l: SourceProductLine): SourceProductLine => ({
    ...l,
    rate: exact(l.rate),
    discountValue: l.discountType === 'fixed' && l.discountValue !== null ? exact(l.discountValue) : l.discountValue,
    cgst: toRupees(l.cgst, rate),
    sgst: toRupees(l.sgst, rate),
    igst: toRupees(l.igst, rate),
    total: toRupees(l.total, rate),
    taxableValue: opt(l.taxableValue),
    headerDiscount: opt(l.headerDiscount),
    cessAmount: opt(l.cessAmount),
  });
  const noteLine = (l: SourceNoteLine): SourceNoteLine => ({
    ...l,
    amount: toRupees(l.amount, rate),
    taxableValue: opt(l.taxableValue),
    cgstAmount: opt(l.cgstAmount),
    sgstAmount: opt(l.sgstAmount),
    igstAmount: opt(l.igstAmount),
    cessAmount: opt(l.cessAmount),
  });
  return {
    ...doc,
    productLines: doc.productLines.map(line),
    noteLines: doc.noteLines.map(noteLine),
    totalAmount: toRupees(doc.totalAmount, rate),
    roundOff: opt(doc.roundOff),
    discountValue: doc.discountType === 'fixed' && doc.discountValue !== null ? exact(doc.discountValue) : doc.discountValue,
  };
}

/**
 * The export details of a foreign-currency invoice: `ForCur`, its currency (the amounts are rupees). `CntCode` is the
 * invoice's country of destination (buildIrpPayload), when it names one.
 */
export function withForeignCurrency(payload: IrpInvoice, doc: Pick<SourceDocument, 'currency'>): IrpInvoice {
  if (!payload.ExpDtls || !isForeignCurrency(doc.currency)) return payload;
  return { ...payload, ExpDtls: { ...payload.ExpDtls, ForCur: doc.currency } };
}
