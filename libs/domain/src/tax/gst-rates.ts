import Decimal from 'decimal.js';
import { toDecimal, MoneyInput } from '../shared/money';

/**
 * GST rates as dated data: which rates exist at all, which are in force on a date, and where compensation
 * cess can apply. Sources (docs/gst.md, "Rates in force"):
 * - the rates the GSTR-1 format accepts in `rt` (GSTN offline tool schema; schemas/gstr1.schema.json);
 * - until 2025-09-21: notification 1/2017-Central Tax (Rate) and its amendments, slabs 5, 12, 18 and 28 with the
 *   special rates 0.1, 0.25, 1, 1.5, 3, 6 and 7.5;
 * - from 2025-09-22: notifications 9/2025-Central Tax (Rate) and 9/2025-Integrated Tax (Rate) of 17 September 2025
 *   (goods: Schedules I 5, II 18, III 40, IV 3, V 0.25, VI 1.5 and VII 28 percent in all) and 15/2025-Central Tax
 *   (Rate) for services; 12 percent is no longer a rate of any schedule;
 * - from 2026-02-01: notification 19/2025-Central Tax (Rate) of 31 December 2025 omits Schedule VII (28 percent):
 *   tobacco and pan masala go to 40 percent, biris to 18;
 * - compensation cess: ended on 2025-09-22 for every good but tobacco and pan masala (their incidence folded into
 *   the 40 percent rate), and for those too from 2026-02-01 (03/2025-Compensation Cess (Rate)).
 */

/** Every rate the GSTR-1 format accepts: any other rate cannot be filed at all. */
export const GST_RATES: readonly string[] = ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40'];

/** One period of the rate table: the rates in force from `from` to `to` (inclusive; null = open). */
export interface RatePeriod {
  from: string;
  to: string | null;
  rates: readonly string[];
  /** Where compensation cess may apply in this period: on any good, only on the listed HSN prefixes, or nowhere. */
  cess: 'any' | readonly string[] | 'none';
  source: string;
}

/** Tobacco and pan masala: the goods that kept compensation cess between GST 2.0 and 2026-02-01. */
const TOBACCO_AND_PAN_MASALA = ['21069020', '2401', '2402', '2403', '240411', '240419'];

export const RATE_PERIODS: readonly RatePeriod[] = [
  {
    from: '2017-07-01',
    to: '2025-09-21',
    rates: ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28'],
    cess: 'any',
    source: '1/2017-Central Tax (Rate) and 11/2017-Central Tax (Rate), as amended',
  },
  {
    from: '2025-09-22',
    to: '2026-01-31',
    rates: ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '18', '28', '40'],
    cess: TOBACCO_AND_PAN_MASALA,
    source: '9/2025-Central Tax (Rate), 9/2025-Integrated Tax (Rate), 15/2025-Central Tax (Rate)',
  },
  {
    from: '2026-02-01',
    to: null,
    rates: ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '18', '40'],
    cess: 'none',
    source: '19/2025-Central Tax (Rate), 03/2025-Compensation Cess (Rate)',
  },
];

/** The canonical text of a rate (`18.00` -> `18`), or null when it is not a number. */
export function rateText(rate: MoneyInput): string | null {
  let value: Decimal;
  try {
    value = toDecimal(rate);
  } catch {
    return null;
  }
  return value.isFinite() ? value.toString() : null;
}

/** Whether a rate is a GST rate at all (one the returns accept), whatever the date. */
export function isGstRate(rate: MoneyInput): boolean {
  const text = rateText(rate);
  return text !== null && GST_RATES.includes(text);
}

/** The problem of a line's or an item's `tax_rate` that is no GST rate at all (a 400). */
export const GST_RATE_RULE = `must be a GST rate (percent): one of ${GST_RATES.join(', ')}`;

/** The period of the table a date (YYYY-MM-DD) falls in; null before GST (2017-07-01). */
export function ratePeriodOn(date: string): RatePeriod | null {
  return RATE_PERIODS.find((p) => p.from <= date && (p.to === null || date <= p.to)) ?? null;
}

/** Whether a GST rate is in force on a date. Dates before GST have no rate in force. */
export function isRateInForce(rate: MoneyInput, date: string): boolean {
  const text = rateText(rate);
  const period = ratePeriodOn(date);
  return text !== null && period !== null && period.rates.includes(text);
}

/** Whether compensation cess can apply on a date to a line of this HSN code (digits; empty when unknown). */
export function cessMayApply(date: string, hsnCode: string | null): boolean {
  const period = ratePeriodOn(date);
  if (!period || period.cess === 'none') return false;
  if (period.cess === 'any') return true;
  const hsn = (hsnCode ?? '').replace(/\s+/g, '');
  return period.cess.some((prefix) => hsn.startsWith(prefix));
}
