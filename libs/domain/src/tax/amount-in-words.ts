import Decimal from 'decimal.js';
import { MoneyInput, toDecimal } from '../shared/money';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

const CRORE = BigInt(10_000_000);
const LAKH = BigInt(100_000);
const THOUSAND = BigInt(1_000);

/** 1..99: 'Seven', 'Nineteen', 'Twenty-Three'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return n % 10 ? `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}` : TENS[n / 10];
}

/** 1..999: 'Six Hundred Seventy-Eight'. */
function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]} Hundred`);
  if (n % 100) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/**
 * A positive whole number in the Indian system: crore, lakh, thousand, hundred. A crore count of 100 or
 * more is itself spelled the Indian way ('One Hundred Twenty Crore', 'One Lakh Crore').
 */
function indianWords(n: bigint): string {
  const parts: string[] = [];
  const crores = n / CRORE;
  if (crores > BigInt(0)) parts.push(`${indianWords(crores)} Crore`);
  const rest = Number(n % CRORE);
  const lakhs = Math.floor(rest / Number(LAKH));
  const thousands = Math.floor((rest % Number(LAKH)) / Number(THOUSAND));
  const units = rest % Number(THOUSAND);
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  if (units) parts.push(belowThousand(units));
  return parts.join(' ');
}

/**
 * The amount in words for invoices, rounded half-up to paise first:
 * 12345678.9 -> 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and
 * Ninety Paise Only'. Another currency uses its code and 'Cents' ('USD One Hundred and Five Cents Only').
 * Negative amounts start with 'Minus '. Throws a RangeError for input that is not a number.
 */
export function amountInWords(amount: MoneyInput, currency = 'INR'): string {
  const rounded = toDecimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const paiseTotal = BigInt(rounded.abs().times(100).toFixed(0));
  const whole = paiseTotal / BigInt(100);
  const fraction = Number(paiseTotal % BigInt(100));

  const code = (currency || 'INR').trim().toUpperCase();
  const inr = code === 'INR';
  const unit = inr ? 'Rupees' : code;
  const fractionUnit = inr ? 'Paise' : 'Cents';

  let words = `${unit} ${whole > BigInt(0) ? indianWords(whole) : 'Zero'}`;
  if (fraction) words += ` and ${belowHundred(fraction)} ${fractionUnit}`;
  words += ' Only';
  return rounded.isNegative() && paiseTotal > BigInt(0) ? `Minus ${words}` : words;
}
