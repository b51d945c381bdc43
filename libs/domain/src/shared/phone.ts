/**
 * Phone numbers as clients and businesses write them. Indian numbers (+91, the default) are stored as
 * their 10 national digits; a number written with '+' and another country code is kept whole
 * ('+14155550123'); with a country code other than +91 and no '+', the digits are kept as written.
 * `reason` reads after the field name ("phone must be ...").
 */
export type PhoneCheck = { ok: true; phone: string; countryCode: string } | { ok: false; reason: string };

const SEPARATORS = /[\s\-.()]/g;
const INDIA = '+91';
const INDIAN_REASON = 'must be a 10-digit Indian phone number';

function invalid(reason: string): PhoneCheck {
  return { ok: false, reason };
}

/** '+91' from '+91', '91' or ' +91 '; null when it is not '+' and 1 to 4 digits. */
function normalizeCountryCode(countryCode: string | undefined): string | null {
  const trimmed = (countryCode ?? '').trim();
  if (!trimmed) return INDIA;
  const withPlus = trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
  return /^\+[1-9]\d{0,3}$/.test(withPlus) ? withPlus : null;
}

/** 10 national digits from what follows the Indian country code (an extra trunk 0 is allowed). */
function indian(national: string): PhoneCheck {
  const digits = national.length === 11 && national.startsWith('0') ? national.slice(1) : national;
  if (!/^[1-9]\d{9}$/.test(digits)) return invalid(INDIAN_REASON);
  return { ok: true, phone: digits, countryCode: INDIA };
}

/** An international number ('+' and its digits); `given` is kept as its country code when it matches. */
function international(digits: string, given: string | undefined): PhoneCheck {
  if (digits.startsWith('91')) return indian(digits.slice(2));
  if (!/^[1-9]\d{7,14}$/.test(digits)) {
    return invalid('must be an international number of 8 to 15 digits after the +');
  }
  const countryCode = given && given !== INDIA && digits.startsWith(given.slice(1)) ? given : '';
  return { ok: true, phone: `+${digits}`, countryCode };
}

export function normalizePhone(raw: string, countryCode?: string): PhoneCheck {
  if (typeof raw !== 'string') return invalid('is required');
  const compact = raw.replace(SEPARATORS, '');
  if (!compact) return invalid('is required');
  const given = normalizeCountryCode(countryCode);
  if (given === null) return invalid('has an invalid country code');

  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return invalid('must contain only digits, spaces, dashes, dots, parentheses and a leading +');

  if (plus) return international(digits, countryCode === undefined ? undefined : given);

  if (given !== INDIA) {
    if (!/^\d{6,15}$/.test(digits)) return invalid('must be 6 to 15 digits');
    return { ok: true, phone: digits, countryCode: given };
  }

  // Indian forms: 10 digits, 0 + 10, 91 + 10, 00 + country code + number.
  if (digits.length === 10) return indian(digits);
  if (digits.startsWith('00')) return international(digits.slice(2), undefined);
  if (digits.length === 11 && digits.startsWith('0')) return indian(digits.slice(1));
  if (digits.length === 12 && digits.startsWith('91')) return indian(digits.slice(2));
  return invalid(INDIAN_REASON);
}

/** True when both normalize (default country +91) to the same number; false when either is invalid. */
export function samePhone(a: string, b: string): boolean {
  const x = normalizePhone(a);
  const y = normalizePhone(b);
  return x.ok && y.ok && x.phone === y.phone;
}
