import Decimal from 'decimal.js';
import { DEFAULT_CURRENCY } from '../shared/currency';
import { ValidationFailed } from '../shared/domain-error';
import { money2, toDecimal } from '../shared/money';
import { TaxWarning } from './tax-engine';

/**
 * Documents in a foreign currency (CGST Rules, rule 34): the taxable value of a supply invoiced in another currency
 * is its value in rupees at the exchange rate of the time of supply, and the returns and the e-invoice carry rupees.
 * A document in a currency other than INR stores `exchangeRate`, rupees per unit of its currency (up to 4
 * decimals); every amount of it is converted on its own (amount x rate, rounded half-up to the paisa), line by
 * line, so the rupee sums of a return are the sums of the rupee amounts of its lines (docs/gst.md, "Foreign
 * currency").
 */

/** The currency of the returns. */
export const RUPEE = DEFAULT_CURRENCY;

/** Exchange rates are below this many rupees per unit (DECIMAL(12,4) holds them; no currency is near it). */
export const EXCHANGE_RATE_LIMIT = '100000';

const RATE_TEXT = /^\d+(\.\d{1,4})?$/;

/** Whether a document in `currency` needs an exchange rate to be reported in rupees. */
export function isForeignCurrency(currency: string | null | undefined): boolean {
  return !!currency && currency !== RUPEE;
}

/**
 * The `exchangeRate` of a write, as a decimal string with 4 decimals ('83.2500'), or null:
 * - sent: a positive number below EXCHANGE_RATE_LIMIT with at most 4 decimals, on a document in a currency other
 *   than INR; on an INR document any value but null is refused (its amounts are rupees already);
 * - not sent (undefined): the stored rate, dropped when the document is (or becomes) INR;
 * - null: none.
 */
export function exchangeRateValue(
  sent: unknown,
  stored: string | null | undefined,
  currency: string,
  errors: { add(field: string, problem: string): void },
): string | null {
  const foreign = isForeignCurrency(currency);
  if (sent === undefined) return foreign ? (stored ?? null) : null;
  if (sent === null || sent === '') return null;
  if (!foreign) {
    errors.add('exchangeRate', `applies only to a document in a currency other than ${RUPEE}: leave it out or send null`);
    return null;
  }
  const text = typeof sent === 'number' ? (Number.isFinite(sent) ? new Decimal(sent).toFixed() : '') : typeof sent === 'string' ? sent.trim() : '';
  if (!RATE_TEXT.test(text) || toDecimal(text).lte(0) || toDecimal(text).gte(EXCHANGE_RATE_LIMIT)) {
    errors.add('exchangeRate', `must be a positive number of rupees per unit of ${currency}, below ${EXCHANGE_RATE_LIMIT}, with at most 4 decimals`);
    return null;
  }
  return toDecimal(text).toFixed(4);
}

/** An amount of a document converted to rupees at `rate` (rupees per unit), rounded half-up to the paisa. */
export function toRupees(amount: string | Decimal, rate: string): string {
  return money2(toDecimal(amount).mul(toDecimal(rate)));
}

/**
 * The rupees per unit of a document for the returns and the e-invoice: 1 for INR, its exchange rate otherwise;
 * null for a document in another currency without one (it cannot be reported).
 */
export function rupeesPerUnit(doc: { currency?: string | null; exchangeRate?: string | null }): string | null {
  if (!isForeignCurrency(doc.currency)) return '1';
  return doc.exchangeRate ?? null;
}

/** `exchange_rate_missing`: a document in a currency other than INR without an exchange rate. */
export function exchangeRateWarnings(currency: string | null | undefined, exchangeRate: string | null | undefined): TaxWarning[] {
  if (!isForeignCurrency(currency) || exchangeRate) return [];
  return [
    {
      line: null,
      code: 'exchange_rate_missing',
      field: 'exchange_rate',
      expected: null,
      sent: null,
      message:
        `the document is in ${currency} without exchange_rate: its taxable value in rupees (CGST Rules, rule 34) is unknown, ` +
        'so GSTR-1 and the e-invoice refuse it until exchange_rate (rupees per unit) is set',
    },
  ];
}

/**
 * The 400 of a return or e-invoice asked for documents in another currency without an exchange rate: `field`
 * names them ('invoice_number' for one invoice, 'documents' for a return).
 */
export function exchangeRateMissing(field: string, numbers: readonly string[]): ValidationFailed {
  const list = numbers.slice(0, 20).join(', ') + (numbers.length > 20 ? ` and ${numbers.length - 20} more` : '');
  return new ValidationFailed(
    {
      [field]: `${list}: in a currency other than ${RUPEE} without exchange_rate; set it (rupees per unit) to report ${numbers.length > 1 ? 'them' : 'it'} in rupees`,
    },
    'Documents in a foreign currency need exchange_rate (CGST Rules, rule 34).',
  );
}
