import Decimal from 'decimal.js';
import { money2, toDecimal } from '../shared/money';
import { isIndividualOrHuf, PayeeType, payeeTypeOfPan, TdsSection } from './tds-section';

export interface TdsCalculationInput {
  /** Value of this payment before GST (CBDT circular 23/2017). */
  baseAmount: string;
  /** The payee's type; when absent the deductee's PAN names it, else the higher of the section's rates applies. */
  payeeType?: PayeeType | null;
  /** The deductee's PAN, whose fourth character names its type. */
  deducteePan?: string | null;
  /** Default true (also true when a deductee PAN is given). */
  hasPan?: boolean;
  /** Payments to the same payee earlier in the financial year (before this one), before GST. */
  ytdAmount: string;
  /** The part of ytdAmount on which TDS was already deducted (default 0). */
  ytdTaxedAmount?: string;
}

/** Where the rate came from: the given payee type, the deductee's PAN, or the higher of the section's two rates. */
export type RateBasis = 'payee_type' | 'deductee_pan' | 'higher_rate';

export type ThresholdApplied = 'none' | 'single_payment' | 'yearly' | 'yearly_excess' | 'below_threshold';

export interface TdsCalculation {
  tdsAmount: string;
  /** Percent applied. */
  rate: string;
  /** The amount the rate was applied to. */
  taxableAmount: string;
  thresholdApplied: ThresholdApplied;
  reason: string;
  /** The payee type whose rate was used; null when the higher rate was taken for want of one. */
  payeeType: PayeeType | null;
  rateBasis: RateBasis;
  hasPan: boolean;
}

const pct = (d: Decimal) => d.toDecimalPlaces(3).toString();

/**
 * TDS on one payment. The rate is the section's rate for the payee type (given, or named by the
 * deductee's PAN; without either, the higher of the section's rates), or the no-PAN rate (section
 * 206AA) when that is higher and the payee gave no PAN. With thresholds:
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
  const fromPan = input.deducteePan ? payeeTypeOfPan(input.deducteePan) : null;
  const payeeType = input.payeeType ?? fromPan;
  const rateBasis: RateBasis = input.payeeType ? 'payee_type' : fromPan ? 'deductee_pan' : 'higher_rate';
  const hasPan = input.hasPan ?? true;
  const sectionRate = payeeType
    ? toDecimal(isIndividualOrHuf(payeeType) ? section.rateIndividual : section.rateOther)
    : Decimal.max(toDecimal(section.rateIndividual), toDecimal(section.rateOther));
  const noPanRate = toDecimal(section.noPanRate);
  const rate = hasPan ? sectionRate : Decimal.max(sectionRate, noPanRate);
  const whose =
    rateBasis === 'payee_type'
      ? `for ${payeeType}`
      : rateBasis === 'deductee_pan'
        ? `for ${payeeType} (from the deductee's PAN)`
        : "the higher of the section's rates (no payee type given)";
  const rateNote = hasPan ? `${pct(rate)}% ${whose}` : `${pct(rate)}% as the payee has no PAN${section.act === '1961' ? ' (section 206AA)' : ''}`;
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
    payeeType: payeeType ?? null,
    rateBasis,
    hasPan,
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
