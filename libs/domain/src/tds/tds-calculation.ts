import Decimal from 'decimal.js';
import { money2, toDecimal } from '../shared/money';
import { isIndividualOrHuf, PayeeType, TdsSection } from './tds-section';

export interface TdsCalculationInput {
  /** Value of this payment before GST (CBDT circular 23/2017). */
  baseAmount: string;
  payeeType: PayeeType;
  hasPan: boolean;
  /** Payments to the same payee earlier in the financial year (before this one), before GST. */
  ytdAmount: string;
  /** The part of ytdAmount on which TDS was already deducted (default 0). */
  ytdTaxedAmount?: string;
}

export type ThresholdApplied = 'none' | 'single_payment' | 'yearly' | 'yearly_excess' | 'below_threshold';

export interface TdsCalculation {
  tdsAmount: string;
  /** Percent applied. */
  rate: string;
  /** The amount the rate was applied to. */
  taxableAmount: string;
  thresholdApplied: ThresholdApplied;
  reason: string;
}

const pct = (d: Decimal) => d.toDecimalPlaces(3).toString();

/**
 * TDS on one payment. The rate is the section's rate for the payee type, or the no-PAN rate
 * (section 206AA) when that is higher and the payee gave no PAN. With thresholds:
 * - `whole` sections: nothing while this payment is within the single-payment threshold and the year's
 *   total stays within the yearly threshold; a payment above the single threshold is taxed on itself;
 *   the payment that takes the year's total over the yearly threshold is taxed on the year's total
 *   (earlier payments of the year included, less any already taxed); later payments are taxed on themselves.
 * - `excess` sections (194Q): only the part of the year's total above the yearly threshold.
 * The amount is rounded half-up to the paisa.
 */
export function calculateTds(section: TdsSection, input: TdsCalculationInput): TdsCalculation {
  const base = toDecimal(input.baseAmount);
  const ytd = toDecimal(input.ytdAmount);
  const sectionRate = toDecimal(isIndividualOrHuf(input.payeeType) ? section.rateIndividual : section.rateOther);
  const noPanRate = toDecimal(section.noPanRate);
  const rate = input.hasPan ? sectionRate : Decimal.max(sectionRate, noPanRate);
  const rateNote = input.hasPan ? `${pct(rate)}% for ${input.payeeType}` : `${pct(rate)}% as the payee has no PAN (section 206AA)`;
  const single = section.singleThreshold === null ? null : toDecimal(section.singleThreshold);
  const yearly = section.yearlyThreshold === null ? null : toDecimal(section.yearlyThreshold);
  const yearTotal = ytd.plus(base);
  const untaxed = yearTotal.minus(toDecimal(input.ytdTaxedAmount ?? '0'));

  const answer = (taxable: Decimal, thresholdApplied: ThresholdApplied, reason: string): TdsCalculation => ({
    tdsAmount: money2(taxable.times(rate).dividedBy(100)),
    rate: pct(rate),
    taxableAmount: money2(taxable),
    thresholdApplied,
    reason,
  });

  if (section.thresholdMode === 'excess' && yearly) {
    const above = Decimal.max(yearTotal.minus(yearly), 0).minus(Decimal.max(ytd.minus(yearly), 0));
    if (above.lte(0)) return answer(new Decimal(0), 'below_threshold', `the year's total ${money2(yearTotal)} is within ${money2(yearly)}`);
    return answer(above, 'yearly_excess', `${rateNote} on the part of the year's total above ${money2(yearly)}`);
  }
  if (!single && !yearly) return answer(base, 'none', `${rateNote}; the section has no threshold`);
  if (yearly && ytd.gt(yearly)) return answer(base, 'yearly', `${rateNote}; the year's total passed ${money2(yearly)} before this payment`);
  if (yearly && yearTotal.gt(yearly)) {
    const what = untaxed.eq(yearTotal) ? `the year's total ${money2(yearTotal)}` : `the untaxed ${money2(untaxed)} of the year's total ${money2(yearTotal)}`;
    return answer(untaxed, 'yearly', `${rateNote} on ${what}, which this payment takes over ${money2(yearly)}`);
  }
  if (single && base.gt(single)) return answer(base, 'single_payment', `${rateNote}; the payment is above ${money2(single)}`);
  const limits = [single ? `a single payment up to ${money2(single)}` : null, yearly ? `a year's total up to ${money2(yearly)}` : null].filter(Boolean);
  return answer(new Decimal(0), 'below_threshold', `no TDS within ${limits.join(' and ')}`);
}
