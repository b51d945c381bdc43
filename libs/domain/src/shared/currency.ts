/** ISO 4217 codes the service accepts on accounts and documents. */
export const SUPPORTED_CURRENCIES = [
  'INR',
  'USD',
  'EUR',
  'GBP',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'OMR',
  'BHD',
  'SGD',
  'MYR',
  'THB',
  'JPY',
  'CNY',
  'HKD',
  'AUD',
  'NZD',
  'CAD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'ZAR',
  'NPR',
  'LKR',
  'BDT',
] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'INR';

export function isSupportedCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}
