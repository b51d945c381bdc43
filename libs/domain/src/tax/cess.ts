import { isValidDate } from '../shared/fiscal-year';
import { money2, MoneyInput, paiseOf, toDecimal } from '../shared/money';
import { cessMayApply, ratePeriodOn, RATE_PERIODS } from './gst-rates';
import { TaxWarning } from './tax-engine';

/**
 * Compensation cess on a line (GST (Compensation to States) Act, 2017, section 8), ad valorem: a percentage of the
 * line's taxable value, on top of GST. Where it may apply on a date is dated data (gst-rates.ts, cessMayApply);
 * sources in docs/gst.md ("Compensation cess").
 */

/**
 * The highest ad valorem cess rate a line takes, in percent: the ceiling of the Act's Schedule for tobacco and
 * tobacco products (290 percent); no notified rate is above it.
 */
export const CESS_RATE_MAX = '290';

/** The problem of a `cessRate` out of range (a 400). */
export const CESS_RATE_RULE = `must be a cess rate in percent from 0 to ${CESS_RATE_MAX} with at most 3 decimals`;

/** Whether a cess rate as sent (exact decimal text) is one a line takes: 0 to CESS_RATE_MAX, at most 3 decimals. */
export function isCessRate(rate: string): boolean {
  const value = toDecimal(rate);
  return value.isFinite() && !value.isNeg() && value.lte(CESS_RATE_MAX) && value.decimalPlaces() <= 3;
}

/** The cess of a line: taxable value x cess rate / 100, rounded half-up to the paisa; 0.00 without a rate. */
export function computeCess(taxable: MoneyInput, cessRate: MoneyInput | null | undefined): string {
  if (cessRate === null || cessRate === undefined || cessRate === '') return '0.00';
  return money2(toDecimal(money2(taxable)).mul(toDecimal(cessRate)).div(100));
}

/**
 * `tax_amount` on `cessAmount`: a cess amount sent more than one paisa away from cess rate x taxable value. A line
 * without a cess rate is not checked (its cess, if any, is as sent).
 */
export function cessAmountWarnings(index: number, taxable: MoneyInput, cessRate: string | null | undefined, cessAmount: string): TaxWarning[] {
  if (cessRate === null || cessRate === undefined) return [];
  const expected = computeCess(taxable, cessRate);
  const sent = money2(cessAmount);
  const a = paiseOf(expected) ?? 0;
  const b = paiseOf(sent) ?? 0;
  if (Math.abs(a - b) <= 1) return [];
  return [
    {
      line: index + 1,
      code: 'tax_amount',
      field: 'cess_amount',
      expected,
      sent,
      message: `cess_amount should be ${expected} (${toDecimal(cessRate).toFixed()}% of ${money2(taxable)})`,
    },
  ];
}

/** What the cess check reads of a line. */
export interface CessLine {
  hsnCode?: string | null;
  cessRate?: string | null;
  cessAmount?: string | null;
}

function hasCess(line: CessLine): boolean {
  const rate = line.cessRate;
  const amount = line.cessAmount;
  return (rate !== null && rate !== undefined && !toDecimal(rate).isZero()) || (amount !== null && amount !== undefined && !toDecimal(amount).isZero());
}

/**
 * `cess_not_applicable`: each line with a cess rate or amount above zero on a date when no compensation cess applies
 * to its HSN code (gst-rates.ts, cessMayApply: any good before 2025-09-22, tobacco and pan masala until 2026-01-31,
 * nothing from 2026-02-01).
 */
export function cessNotApplicableWarnings(lines: readonly CessLine[], date: string | null): TaxWarning[] {
  if (!date || !isValidDate(date)) return [];
  const warnings: TaxWarning[] = [];
  lines.forEach((line, i) => {
    if (!hasCess(line) || cessMayApply(date, line.hsnCode ?? null)) return;
    const period = ratePeriodOn(date);
    const why = !period
      ? `GST and compensation cess began on ${RATE_PERIODS[0].from}`
      : period.cess === 'none'
        ? `no compensation cess applies from ${period.from} (${period.source})`
        : `from ${period.from} compensation cess applies only to tobacco and pan masala (${period.source})`;
    warnings.push({
      line: i + 1,
      code: 'cess_not_applicable',
      field: line.cessRate !== null && line.cessRate !== undefined && !toDecimal(line.cessRate).isZero() ? 'cess_rate' : 'cess_amount',
      expected: '0.00',
      sent: money2(line.cessAmount ?? '0'),
      message: `cess on ${date} for HSN ${line.hsnCode || '(none)'}: ${why}`,
    });
  });
  return warnings;
}
