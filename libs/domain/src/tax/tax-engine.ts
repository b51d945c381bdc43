import Decimal from 'decimal.js';
import { abs, compare, exactOf, minus, money2, MoneyInput, moneyText, shifted, sumMoney, times, toDecimal, ZERO } from '../shared/money';
import { expectedLineTax } from './gst-split';
import { TaxKind } from './supply';

/** Amounts of one line, as exact 2-decimal strings. */
export interface LineAmounts {
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/** What a line's taxable value is made of. */
export interface LineQuantities {
  quantity: MoneyInput;
  rate: MoneyInput;
  discountType: string | null;
  discountValue: MoneyInput | null;
}

const HUNDRED = exactOf(100);

/**
 * Taxable value of a line: quantity x rate less the line discount (a percentage of that, or a fixed
 * amount), rounded half-up to the paisa and never below zero.
 */
export function lineTaxableValue(line: LineQuantities): string {
  const gross = times(exactOf(line.quantity), exactOf(line.rate));
  const noValue = line.discountValue === null || line.discountValue === undefined || line.discountValue === '';
  const value = noValue ? ZERO : exactOf(line.discountValue as MoneyInput);
  let net = gross;
  // A percentage leaves gross x (100 - value) / 100; a fixed discount, gross - value.
  if (line.discountType === 'percentage') net = shifted(times(gross, minus(HUNDRED, value)), 2);
  else if (line.discountType === 'fixed') net = minus(gross, value);
  return compare(net, ZERO) > 0 ? moneyText(net) : '0.00';
}

/**
 * The amounts of a line whose tax the service computes: CGST and SGST each half the rate rounded half-up
 * (so always equal), or IGST at the full rate, or no tax; the total is taxable value plus tax. Under reverse
 * charge the recipient pays the tax: the amounts are worked out the same way (the document shows them) but
 * the line total is the taxable value alone. `cess`, the line's compensation cess (cess.ts), adds to the total as
 * the tax does.
 */
export function computeLineTax(taxable: MoneyInput, ratePercent: MoneyInput, kind: TaxKind, reverseCharge: boolean, cess: MoneyInput = '0'): LineAmounts {
  const base = money2(taxable);
  const tax = kind === 'none' ? { cgst: '0.00', sgst: '0.00', igst: '0.00' } : expectedLineTax(base, ratePercent, kind === 'intra');
  const total = reverseCharge ? base : sumMoney([base, tax.cgst, tax.sgst, tax.igst, cess]);
  return { taxable: base, ...tax, total };
}

/**
 * Why a document as sent disagrees with the tax rules: a line's amounts (`wrong_tax_kind`, `tax_amount`,
 * `total_amount`, `cgst_sgst_unequal`), a line's rate on the document's date (`rate_not_in_force`), the place of
 * supply (`place_of_supply_merged`) or a credit note's date (`credit_note_time_barred`); see tax-checks.ts; a document
 * in a foreign currency without an exchange rate (`exchange_rate_missing`, exchange-rate.ts); compensation cess on a
 * line where none applies on the document's date (`cess_not_applicable`, cess.ts); an export invoice that does not name
 * the country of destination (`destination_country_missing`, export-particulars.ts).
 */
export const TAX_WARNING_CODES = [
  'wrong_tax_kind',
  'tax_amount',
  'total_amount',
  'cgst_sgst_unequal',
  'rate_not_in_force',
  'place_of_supply_merged',
  'credit_note_time_barred',
  'exchange_rate_missing',
  'supplier_address_missing',
  'cess_not_applicable',
  'destination_country_missing',
] as const;
export type TaxWarningCode = (typeof TAX_WARNING_CODES)[number];

/**
 * One disagreement with the tax rules. `line` is the line's position (1 = first stored line, as printed), null
 * for the document as a whole; `field` the field concerned; `expected` and `sent` decimal strings (2-decimal
 * amounts, or a rate), null where the warning is not about an amount.
 */
export interface TaxWarning {
  line: number | null;
  code: TaxWarningCode;
  field: string;
  expected: string | null;
  sent: string | null;
  message: string;
}

/** Amounts further apart than this are a disagreement (one paisa of rounding is allowed). */
export const TAX_TOLERANCE = '0.01';
const ONE_PAISA = exactOf(TAX_TOLERANCE);

const KIND_FIELDS: Record<TaxKind, readonly string[]> = { intra: ['cgst', 'sgst'], inter: ['igst'], none: [] };

const KIND_TEXT: Record<TaxKind, string> = {
  intra: 'an intra-state supply carries CGST and SGST',
  inter: 'an inter-state supply carries IGST',
  none: 'this supply carries no tax',
};

/**
 * The warnings of one line whose amounts were sent: a tax of the wrong kind (IGST on an intra-state supply,
 * CGST or SGST on an inter-state one, any tax where none is due), a tax amount more than 0.01 away from rate
 * x taxable value, and a total more than 0.01 away from taxable value plus the tax and cess sent (the taxable value
 * alone under reverse charge).
 */
export function checkLine(index: number, sent: LineAmounts & { taxRate: MoneyInput; cess?: MoneyInput }, kind: TaxKind, reverseCharge: boolean): TaxWarning[] {
  const warnings: TaxWarning[] = [];
  const line = index + 1;
  const expected = computeLineTax(sent.taxable, sent.taxRate, kind, reverseCharge);
  for (const field of ['cgst', 'sgst', 'igst'] as const) {
    const name = `${field}_amount`;
    if (!KIND_FIELDS[kind].includes(field) && !isZeroAmount(sent[field])) {
      warnings.push({
        line,
        code: 'wrong_tax_kind',
        field: name,
        expected: expected[field],
        sent: money2(sent[field]),
        message: `${name} sent but ${KIND_TEXT[kind]}`,
      });
    } else if (far(expected[field], sent[field])) {
      warnings.push({
        line,
        code: 'tax_amount',
        field: name,
        expected: expected[field],
        sent: money2(sent[field]),
        message: `${name} should be ${expected[field]} (${money2(sent.taxRate)}% of ${expected.taxable}${kind === 'intra' ? ', halved' : ''})`,
      });
    }
  }
  const totalOfSent = reverseCharge ? money2(sent.taxable) : sumMoney([sent.taxable, sent.cgst, sent.sgst, sent.igst, sent.cess ?? '0']);
  if (far(totalOfSent, sent.total)) {
    warnings.push({
      line,
      code: 'total_amount',
      field: 'total_amount',
      expected: totalOfSent,
      sent: money2(sent.total),
      message: reverseCharge
        ? `total_amount should be the taxable value ${totalOfSent} (tax is paid by the recipient on reverse charge)`
        : `total_amount should be the taxable value plus the tax${sent.cess !== undefined && !isZeroAmount(money2(sent.cess)) ? ' and cess' : ''} sent, ${totalOfSent}`,
    });
  }
  return warnings;
}

/** Whether two amounts are more than TAX_TOLERANCE (one paisa) apart. */
function far(a: string, b: string): boolean {
  return compare(abs(minus(exactOf(a), exactOf(b))), ONE_PAISA) > 0;
}

function isZeroAmount(v: string): boolean {
  return compare(exactOf(v), ZERO) === 0;
}

/** A total rounded to the nearest rupee, 50 paise and up rounding up (CGST Act section 170), and what that added. */
export function roundToRupee(total: MoneyInput): { total: string; roundOff: string } {
  const exact = toDecimal(money2(total));
  const rounded = exact.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return { total: money2(rounded), roundOff: money2(rounded.minus(exact)) };
}
