import Decimal from 'decimal.js';

/**
 * Money arithmetic in decimals, never in floating point. Amounts are rounded half-up (ties away from
 * zero) to paise; a negative zero is shown as 0.00.
 */
export type MoneyInput = string | number;

/** A Decimal constructor of our own, so the global decimal.js settings of other code cannot change ours. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const MONEY_TEXT = /^-?\d+(\.\d{1,2})?$/;
const MONEY_LIMIT = new D('1e13');

/**
 * Exact decimal of an amount. Numbers are read from their shortest string form (0.1 is 0.1 exactly).
 * Throws a RangeError for NaN, infinities and strings that are not plain decimal numbers.
 */
export function toDecimal(v: MoneyInput | Decimal): Decimal {
  if (Decimal.isDecimal(v)) {
    if (!v.isFinite()) throw new RangeError('An amount must be a finite number.');
    return new D(v);
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError('An amount must be a finite number.');
    return new D(v);
  }
  if (typeof v === 'string') {
    const trimmed = v.trim();
    if (!NUMERIC.test(trimmed)) throw new RangeError(`Not a number: "${v}".`);
    return new D(trimmed);
  }
  throw new RangeError('An amount must be a number or a numeric string.');
}

/**
 * Exact whole paise of a plain decimal string with at most 2 decimals and at most 13 integer digits
 * ('4275' -> 427500, '-6502.5' -> -650250, '0.05' -> 5), or null for anything else (more decimals, an
 * exponent, a sign other than '-', spaces, a number): those go the decimal.js way. Every such value is
 * below 10^15 in magnitude, so sums of a few of them stay exact in a double (below 2^53).
 *
 * Why not decimal.js for these too: a 10-line invoice checks each line's tax against the rule, about 40
 * decimal.js objects per line, and most amounts are plain 2-decimal strings. Integers in doubles do the
 * same sums and comparisons exactly at a fraction of the cost (docs/performance.md, "Money in whole paise").
 */
export function paiseOf(text: string): number | null {
  const m = PLAIN_MONEY.exec(text);
  if (!m) return null;
  const fraction = m[3] === undefined ? 0 : m[3].length === 1 ? Number(m[3]) * 10 : Number(m[3]);
  const paise = Number(m[2]) * 100 + fraction;
  return m[1] ? -paise : paise;
}

const PLAIN_MONEY = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** The canonical 2-decimal text of a whole number of paise (|paise| < 10^15), as money2 writes it. */
export function paiseText(paise: number): string {
  if (paise === 0) return '0.00';
  const abs = Math.abs(paise);
  const fraction = abs % 100;
  return `${paise < 0 ? '-' : ''}${(abs - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/** The amount rounded half-up to 2 decimals, as a string ('12.35', '-3.00', never '-0.00'). */
export function money2(v: MoneyInput | Decimal): string {
  if (typeof v === 'string') {
    // A plain amount with at most 2 decimals needs no rounding, only its canonical form.
    const paise = paiseOf(v);
    if (paise !== null) return paiseText(paise);
  }
  const rounded = toDecimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return rounded.isZero() ? '0.00' : rounded.toFixed(2);
}

/**
 * The exact sum of the values, rounded half-up to 2 decimals once at the end. Plain amounts (see paiseOf)
 * are added in whole paise while the sum stays a safe integer; any other value sends the whole sum the
 * decimal.js way.
 */
export function sumMoney(values: Array<MoneyInput | Decimal>): string {
  let paise: number | null = 0;
  for (const value of values) {
    const p = typeof value === 'string' ? paiseOf(value) : null;
    if (p === null || !Number.isSafeInteger((paise += p))) {
      paise = null;
      break;
    }
  }
  if (paise !== null) return paiseText(paise);
  let total = new D(0);
  for (const value of values) total = total.plus(toDecimal(value));
  return money2(total);
}

/** The amount as a JSON number with at most 2 decimals (the double nearest money2 of it). */
export function toNumber2(v: MoneyInput | Decimal): number {
  // DECIMAL(15,2) columns arrive as '123.45': already rounded, so the parse is the answer (lists map
  // thousands of these per second).
  if (typeof v === 'string' && TWO_DECIMALS.test(v)) return Number(v) + 0;
  return Number(money2(v));
}

const TWO_DECIMALS = /^-?\d{1,13}\.\d{2}$/;

/**
 * True for a finite number or a plain numeric string ('12', '-3.5', '0.25') with at most 2 decimals
 * and an absolute value below 1e13. Strings with spaces, exponents or a leading '+' are not money.
 */
export function isMoneyLike(v: unknown): boolean {
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return false;
    text = String(v);
  } else if (typeof v === 'string') {
    text = v;
  } else {
    return false;
  }
  if (!MONEY_TEXT.test(text)) return false;
  return new D(text).abs().lt(MONEY_LIMIT);
}

/**
 * An exact decimal as a whole number and its count of decimals (`'415.5'` -> `{ units: 4155, scale: 1 }`),
 * for plain decimals (optional '-', digits, optional fraction) of at most 15 digits in all, so that `units`
 * is exact in a double; a number is read from its shortest string form, as toDecimal reads it. Anything else
 * (an exponent, spaces, '+', more digits) is null: the caller goes the decimal.js way.
 */
export function scaledOf(v: MoneyInput): { units: number; scale: number } | null {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
  const m = PLAIN_DECIMAL.exec(text);
  if (!m || m[2].length + (m[3]?.length ?? 0) > 15) return null;
  const digits = m[3] === undefined ? m[2] : m[2] + m[3];
  const units = Number(digits);
  return { units: m[1] && units !== 0 ? -units : units, scale: m[3]?.length ?? 0 };
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Whole paise of `units / 10^scale` rupees, rounded half-up (ties away from zero) as money2 rounds, or null
 * when `units` is not a safe integer (a product that left the exact range) or the scale is out of reach.
 */
export function paiseOfScaled(units: number, scale: number): number | null {
  if (!Number.isSafeInteger(units) || scale < 0 || scale > 17) return null;
  if (scale <= 2) {
    const paise = units * pow10(2 - scale);
    return Number.isSafeInteger(paise) ? paise + 0 : null;
  }
  return divideRoundingHalfUp(units, pow10(scale - 2));
}

/** 10^0 .. 10^22, read from text: each exact in a double (Math.pow need not be exact). */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** 10^n for a whole n from 0 to 22, exact. */
export function pow10(n: number): number {
  const power = POWERS_OF_TEN[n];
  if (power === undefined) throw new RangeError(`10^${n} is out of the exact range.`);
  return power;
}

/** `n / d` for safe integers (d > 0), rounded half-up, ties away from zero: exact, with the remainder. */
export function divideRoundingHalfUp(n: number, d: number): number {
  const abs = Math.abs(n);
  const remainder = abs % d;
  const quotient = (abs - remainder) / d + (remainder * 2 >= d ? 1 : 0);
  return n < 0 && quotient !== 0 ? -quotient : quotient;
}
