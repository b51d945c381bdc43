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
  return moneyText(exactOf(v));
}

/** The exact sum of the values, rounded half-up to 2 decimals once at the end. */
export function sumMoney(values: Array<MoneyInput | Decimal>): string {
  let total: Exact = ZERO;
  for (const value of values) total = plus(total, exactOf(value));
  return moneyText(total);
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
 * An exact decimal, `units / 10^scale`. Money is computed this way, in whole numbers of any size (BigInt), so every
 * sum, product and rounding is exact for any amount, with no second way for some inputs: decimal.js stays for what
 * needs division or rounding to other places (toDecimal).
 */
export interface Exact {
  readonly units: bigint;
  readonly scale: number;
}

// BigInt(n), not literals: the build targets ES2017 (tsconfig.json).
const BIG_0 = BigInt(0);
const BIG_2 = BigInt(2);
const BIG_10 = BigInt(10);
const BIG_100 = BigInt(100);
/** Nought, as an exact decimal. */
export const ZERO: Exact = { units: BIG_0, scale: 0 };
/**
 * Exponents beyond this are refused: every double's is within it (5e-324 to 1.8e308), no amount, quantity or rate
 * comes near it, and the digits of '1e999999999' would be a billion.
 */
const MAX_EXPONENT = 400;

/** 10^0 .. 10^40, made once: most scales of money are small. */
const TENS = Array.from({ length: 41 }, (_, n) => BIG_10 ** BigInt(n));

/** 10^n as a BigInt. */
function tenTo(n: number): bigint {
  return TENS[n] ?? BIG_10 ** BigInt(n);
}

/**
 * The exact value of an amount, read as toDecimal reads it (numbers by their shortest string form: 0.1 is 0.1
 * exactly); throws the same RangeError for what is not a finite number, and for an exponent beyond 400.
 */
export function exactOf(v: MoneyInput | Decimal): Exact {
  let text: string;
  if (typeof v === 'string') {
    text = v.trim();
  } else if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError('An amount must be a finite number.');
    text = String(v);
  } else if (Decimal.isDecimal(v)) {
    if (!v.isFinite()) throw new RangeError('An amount must be a finite number.');
    text = v.toString();
  } else {
    throw new RangeError('An amount must be a number or a numeric string.');
  }
  return exactOfText(text, v);
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const MINUS = 45;
const PLUS = 43;
const POINT = 46;

/**
 * Reads the text toDecimal reads: an optional sign, digits with an optional point, an optional exponent, and at
 * least one digit. A scan by character code rather than a regular expression: every amount of a document passes here.
 */
function exactOfText(text: string, original: unknown): Exact {
  const fail = () => new RangeError(`Not a number: "${String(original)}".`);
  const end = text.length;
  let i = 0;
  let code = text.charCodeAt(0);
  const negative = code === MINUS;
  if (negative || code === PLUS) i = 1;
  const start = i;
  let digits = 0;
  let scale = 0;
  let point = -1;
  let value = 0;
  for (; i < end; i++) {
    code = text.charCodeAt(i);
    if (code >= DIGIT_0 && code <= DIGIT_9) {
      digits++;
      if (point >= 0) scale++;
      if (digits <= 15) value = value * 10 + (code - DIGIT_0);
    } else if (code === POINT && point < 0) point = i;
    else break;
  }
  if (digits === 0) throw fail();
  const mantissaEnd = i;
  let shift = 0;
  if (i < end) {
    if (code !== 101 && code !== 69) throw fail(); // e, E
    const exponent = text.slice(i + 1);
    if (!/^[+-]?\d+$/.test(exponent)) throw fail();
    shift = Number(exponent);
    if (Math.abs(shift) > MAX_EXPONENT) throw new RangeError(`An amount is out of range: "${text}".`);
  }
  // Up to 15 digits a double holds the whole number exactly, and BigInt reads it faster than a text.
  let units = digits <= 15 ? BigInt(value) : BigInt(text.slice(start, mantissaEnd).replace('.', ''));
  scale -= shift;
  if (scale < 0) {
    units *= tenTo(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}

/** `a` written with `scale` decimals (scale >= a.scale). */
function atScale(a: Exact, scale: number): bigint {
  return scale === a.scale ? a.units : a.units * tenTo(scale - a.scale);
}

/** a + b, exactly. */
export function plus(a: Exact, b: Exact): Exact {
  const scale = Math.max(a.scale, b.scale);
  return { units: atScale(a, scale) + atScale(b, scale), scale };
}

/** a - b, exactly. */
export function minus(a: Exact, b: Exact): Exact {
  return plus(a, { units: -b.units, scale: b.scale });
}

/** a x b, exactly. */
export function times(a: Exact, b: Exact): Exact {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a / 10^n, exactly. */
export function shifted(a: Exact, n: number): Exact {
  return { units: a.units, scale: a.scale + n };
}

/** |a|. */
export function abs(a: Exact): Exact {
  return a.units < BIG_0 ? { units: -a.units, scale: a.scale } : a;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Exact, b: Exact): number {
  const scale = Math.max(a.scale, b.scale);
  const d = atScale(a, scale) - atScale(b, scale);
  return d < BIG_0 ? -1 : d > BIG_0 ? 1 : 0;
}

/** Whole paise of `a`, rounded half-up (ties away from zero). */
export function paiseRounded(a: Exact): bigint {
  if (a.scale <= 2) return a.units * tenTo(2 - a.scale);
  const d = tenTo(a.scale - 2);
  const abs = a.units < BIG_0 ? -a.units : a.units;
  const remainder = abs % d;
  const paise = abs / d + (remainder * BIG_2 >= d ? BigInt(1) : BIG_0);
  return a.units < BIG_0 ? -paise : paise;
}

/** `a` rounded half-up to the paisa, as money2 writes it ('12.35', '-3.00', never '-0.00'). */
export function moneyText(a: Exact): string {
  const paise = paiseRounded(a);
  if (paise === BIG_0) return '0.00';
  const abs = paise < BIG_0 ? -paise : paise;
  const fraction = abs % BIG_100;
  return `${paise < BIG_0 ? '-' : ''}${abs / BIG_100}.${fraction < BIG_10 ? '0' : ''}${fraction}`;
}
