import { FieldErrors } from '../documents/sales-document-fields';
import { ValidationFailed } from '../shared/domain-error';
import { exchangeRateMissing, exchangeRateValue, exchangeRateWarnings, rupeesPerUnit, toRupees } from './exchange-rate';

describe('exchange rate (rule 34)', () => {
  const read = (sent: unknown, stored: string | null, currency: string) => {
    const errors = new FieldErrors();
    const value = exchangeRateValue(sent, stored, currency, errors);
    return { value, invalid: errors.has('exchangeRate') };
  };

  it('takes a positive rate below 100000 with up to 4 decimals on a foreign-currency document', () => {
    expect(read(83.25, null, 'USD')).toEqual({ value: '83.2500', invalid: false });
    expect(read('0.0053', null, 'JPY')).toEqual({ value: '0.0053', invalid: false });
    for (const bad of [0, -1, '83.12345', 100000, 'abc', true, {}]) expect(read(bad, null, 'USD').invalid).toBe(true);
  });

  it('keeps the stored rate unless sent, drops it on INR, and refuses one sent on INR', () => {
    expect(read(undefined, '83.2500', 'USD').value).toBe('83.2500');
    expect(read(null, '83.2500', 'USD').value).toBeNull();
    expect(read(undefined, '83.2500', 'INR').value).toBeNull();
    expect(read(1, null, 'INR')).toEqual({ value: null, invalid: true });
    expect(read(null, null, 'INR')).toEqual({ value: null, invalid: false });
  });

  it('converts each amount half-up to the paisa', () => {
    expect(toRupees('1000.00', '83.2500')).toBe('83250.00');
    expect(toRupees('30.03', '83.2567')).toBe('2500.20');
    expect(toRupees('0.06', '0.2500')).toBe('0.02');
    expect(toRupees('-5.41', '83.2567')).toBe('-450.42');
    expect(rupeesPerUnit({ currency: 'INR' })).toBe('1');
    expect(rupeesPerUnit({ currency: 'USD', exchangeRate: null })).toBeNull();
  });

  it('warns of a foreign-currency document without a rate, and names documents in the 400', () => {
    expect(exchangeRateWarnings('USD', null)).toEqual([expect.objectContaining({ line: null, code: 'exchange_rate_missing', field: 'exchange_rate' })]);
    expect(exchangeRateWarnings('USD', '83.2500')).toEqual([]);
    expect(exchangeRateWarnings('INR', null)).toEqual([]);
    const e = exchangeRateMissing('documents', ['invoice INV/26-27/0001']);
    expect(e).toBeInstanceOf(ValidationFailed);
    expect(e.details).toEqual({ documents: expect.stringContaining('invoice INV/26-27/0001') });
  });
});
