import Decimal from 'decimal.js';
import { money2, MoneyInput, toDecimal } from '../shared/money';

// BigInt values are written BigInt(n): literals (0n) need a newer compile target than the project's.
const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);
const HUNDRED = BigInt(100);

/**
 * A discount on the whole document (the header's `discount_type` and `discount_value`) is a discount before
 * tax (CGST Act section 15(3)(a)): it is shared among the lines in proportion to their taxable values, and
 * each line's tax is computed on its value after its share. Amounts here are whole paise (bigint), so no
 * product or sum ever leaves the exact range.
 */

/** The header discount in paise on lines whose taxable values add up to `totalPaise`. */
export function headerDiscountPaise(totalPaise: bigint, type: string | null, value: MoneyInput | null): bigint {
  if (totalPaise <= ZERO || value === null || value === undefined || value === '') return ZERO;
  let discount: bigint;
  if (type === 'percentage') {
    // A percentage of the lines' taxable value, rounded half-up to the paisa.
    discount = BigInt(toDecimal(totalPaise.toString()).mul(toDecimal(value)).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
  } else if (type === 'fixed') {
    // An amount off the taxable value, like a line's fixed discount.
    discount = paiseOfMoney(money2(value));
  } else {
    return ZERO;
  }
  if (discount <= ZERO) return ZERO;
  return discount > totalPaise ? totalPaise : discount;
}

/** `n / d` for n >= 0 and d > 0, rounded half-up. */
function roundedQuotient(n: bigint, d: bigint): bigint {
  return (TWO * n + d) / (TWO * d);
}

/** The line that takes the rounding remainder: the largest taxable value, the first of equal ones. */
export function largestIndex(values: readonly bigint[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/**
 * Shares `discount` paise among lines of taxable values `values` (paise, none negative) in proportion to them.
 * Every line but the largest takes its proportional share rounded half-up to the paisa; the largest takes what
 * is left, so the shares add up to the discount exactly. In the rare case where what is left does not fit the
 * largest line (below nothing or above its value: many lines of a few paise each, or a discount of almost all or
 * almost none of their value), every line takes its proportional share rounded down and the paise left over go
 * one each to the lines nearest to their next paisa (the largest remainder method), the first of equal ones first:
 * every share is then its proportional share rounded down or up. No share is below zero or above its line's value.
 * A discount larger than the total is taken as the total.
 */
export function apportionPaise(values: readonly bigint[], discount: bigint): bigint[] {
  const shares = values.map(() => ZERO);
  const total = values.reduce((s, v) => s + v, ZERO);
  if (!values.length || discount <= ZERO || total <= ZERO) return shares;
  const whole = discount > total ? total : discount;
  const largest = largestIndex(values);
  let others = ZERO;
  for (let i = 0; i < values.length; i++) {
    if (i === largest) continue;
    shares[i] = roundedQuotient(whole * values[i], total);
    others += shares[i];
  }
  const rest = whole - others;
  if (rest >= ZERO && rest <= values[largest]) {
    shares[largest] = rest;
    return shares;
  }
  return largestRemainder(values, whole, total);
}

/** `whole` paise shared by the largest remainder method: shares rounded down, then a paisa each by remainder. */
function largestRemainder(values: readonly bigint[], whole: bigint, total: bigint): bigint[] {
  const shares = values.map((v) => (whole * v) / total);
  let left = whole - shares.reduce((s, v) => s + v, ZERO);
  const order = values
    .map((v, i) => ({ i, remainder: (whole * v) % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left === ZERO) break;
    shares[i] += ONE;
    left -= ONE;
  }
  return shares;
}

/** The header discount of lines with these taxable values, and each line's share, as 2-decimal strings. */
export interface HeaderDiscountShares {
  /** The whole header discount taken off the lines' taxable value. */
  discount: string;
  /** Each line's share, in line order. */
  shares: string[];
  /** Each line's taxable value after its share. */
  taxable: string[];
}

/**
 * The header discount (`type` percentage or fixed, `value` as stored) apportioned to lines whose taxable values
 * before it are `values` (2-decimal strings, none negative).
 */
export function apportionHeaderDiscount(values: readonly string[], type: string | null, value: MoneyInput | null): HeaderDiscountShares {
  const paise = values.map(paiseOfMoney);
  const total = paise.reduce((s, v) => s + v, ZERO);
  const discount = headerDiscountPaise(total, type, value);
  const shares = apportionPaise(paise, discount);
  return {
    discount: textOfPaise(discount),
    shares: shares.map(textOfPaise),
    taxable: paise.map((v, i) => textOfPaise(v - shares[i])),
  };
}

/** Whole paise of an amount with at most 2 decimals ('12.3' -> 1230 paise). */
export function paiseOfMoney(amount: string): bigint {
  const text = money2(amount);
  const negative = text.startsWith('-');
  const [units, fraction] = (negative ? text.slice(1) : text).split('.');
  const paise = BigInt(units) * HUNDRED + BigInt(fraction);
  return negative ? -paise : paise;
}

/** The 2-decimal text of whole paise (1230 paise -> '12.30'). */
export function textOfPaise(paise: bigint): string {
  const negative = paise < ZERO;
  const abs = negative ? -paise : paise;
  const fraction = (abs % HUNDRED).toString().padStart(2, '0');
  return `${negative && abs !== ZERO ? '-' : ''}${abs / HUNDRED}.${fraction}`;
}
