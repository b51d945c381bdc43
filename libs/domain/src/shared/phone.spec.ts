import fc from 'fast-check';
import { normalizePhone, samePhone } from './phone';

const indian = (phone: string) => ({ ok: true, phone, countryCode: '+91' });

describe('normalizePhone, Indian numbers', () => {
  it.each([
    ['9876543210'],
    ['98765 43210'],
    ['98765-43210'],
    ['987.654.3210'],
    ['(98765) 43210'],
    ['+919876543210'],
    ['+91 98765 43210'],
    ['+91-98765-43210'],
    ['+91 (0) 98765 43210'],
    ['919876543210'],
    ['09876543210'],
    ['0091 98765 43210'],
    ['00919876543210'],
    [' 98765 43210 '],
  ])('normalizes %p to the 10 digits', (raw) => {
    expect(normalizePhone(raw)).toEqual(indian('9876543210'));
    expect(normalizePhone(raw, '+91')).toEqual(indian('9876543210'));
  });

  it('accepts landlines with their area code', () => {
    expect(normalizePhone('011-2345 6789')).toEqual(indian('1123456789'));
    expect(normalizePhone('+91 80 4567 8901')).toEqual(indian('8045678901'));
  });

  it('treats a country code of 91 or an empty one as +91', () => {
    expect(normalizePhone('09876543210', '91')).toEqual(indian('9876543210'));
    expect(normalizePhone('09876543210', '')).toEqual(indian('9876543210'));
  });

  it.each([
    ['987654321', '9 digits'],
    ['9876543210123', '13 digits'],
    ['98765432101', '11 digits not starting with 0'],
    ['+9198765432', '+91 and 8 digits'],
    ['0123456789', 'a 10-digit number starting with 0'],
    ['98765abcde', 'letters'],
    ['call 9876543210', 'words'],
    ['+91 98765 4321', 'too short after +91'],
    ['+91 98765 432109', 'too long after +91'],
    ['98765+43210', 'a + inside'],
    ['', 'nothing'],
    [' - ', 'only separators'],
  ])('rejects %p (%s)', (raw) => {
    const result = normalizePhone(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^(must|is|has) /);
  });

  it('normalizes any 10-digit number in every written form to the same digits', () => {
    const national = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{9}$/)).map(([a, b]) => `${a}${b}`);
    fc.assert(
      fc.property(national, fc.constantFrom('', '+91', '91', '0', '0091', '+91 '), (digits, lead) => {
        expect(normalizePhone(`${lead}${digits.slice(0, 5)} ${digits.slice(5)}`)).toEqual(indian(digits));
      }),
    );
  });
});

describe('normalizePhone, international numbers', () => {
  it('keeps a number written with + and another country code whole', () => {
    expect(normalizePhone('+1 415 555 0123')).toEqual({ ok: true, phone: '+14155550123', countryCode: '' });
    expect(normalizePhone('+44 20 7946 0958')).toEqual({ ok: true, phone: '+442079460958', countryCode: '' });
    expect(normalizePhone('001 (415) 555-0123')).toEqual({ ok: true, phone: '+14155550123', countryCode: '' });
  });

  it('returns the given country code when the number starts with it', () => {
    expect(normalizePhone('+1 415 555 0123', '+1')).toEqual({ ok: true, phone: '+14155550123', countryCode: '+1' });
    expect(normalizePhone('+44 20 7946 0958', '+1')).toEqual({ ok: true, phone: '+442079460958', countryCode: '' });
    expect(normalizePhone('+44 20 7946 0958', '+91')).toEqual({ ok: true, phone: '+442079460958', countryCode: '' });
  });

  it('reads +91 as Indian whatever country code is given', () => {
    expect(normalizePhone('+91 98765 43210', '+1')).toEqual(indian('9876543210'));
  });

  it('keeps the digits as written under a country code other than +91', () => {
    expect(normalizePhone('020 7946 0958', '+44')).toEqual({ ok: true, phone: '02079460958', countryCode: '+44' });
    expect(normalizePhone('415-555-0123', '1')).toEqual({ ok: true, phone: '4155550123', countryCode: '+1' });
    expect(normalizePhone('812345', '+65')).toEqual({ ok: true, phone: '812345', countryCode: '+65' });
  });

  it('rejects bad lengths, letters and bad country codes', () => {
    expect(normalizePhone('+1 415 55').ok).toBe(false);
    expect(normalizePhone('+1 415 555 0123 45678').ok).toBe(false);
    expect(normalizePhone('+0 415 555 0123').ok).toBe(false);
    expect(normalizePhone('12345', '+44').ok).toBe(false);
    expect(normalizePhone('1234567890123456', '+44').ok).toBe(false);
    expect(normalizePhone('02079460958x', '+44').ok).toBe(false);
    expect(normalizePhone('4155550123', '+12345')).toEqual({ ok: false, reason: 'has an invalid country code' });
    expect(normalizePhone('4155550123', 'US').ok).toBe(false);
  });
});

describe('samePhone', () => {
  it('compares normalized forms', () => {
    expect(samePhone('+91 98765 43210', '09876543210')).toBe(true);
    expect(samePhone('0091-98765-43210', '98765 43210')).toBe(true);
    expect(samePhone('+1 415 555 0123', '001 415 555 0123')).toBe(true);
    expect(samePhone('9876543210', '9876543211')).toBe(false);
    expect(samePhone('+1 415 555 0123', '4155550123')).toBe(false);
  });

  it('is false when either side is invalid, even for equal text', () => {
    expect(samePhone('12345', '12345')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });
});
