import { GST_STATES } from './states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const ENTITY = /^[1-9A-Z]$/;
const ALNUM = /^[0-9A-Z]$/;

/**
 * The mod-36 check character of a GSTIN from its first 14 characters (uppercase letters and digits):
 * values 0-35, weights 1, 2, 1, 2, ... from the left, each product folded as floor(p / 36) + p % 36,
 * check value (36 - sum % 36) % 36. Throws a RangeError for input that is not 14 such characters.
 */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError('A GSTIN body has 14 characters.');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i]);
    if (value < 0) throw new RangeError('A GSTIN holds only uppercase letters and digits.');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

export type GstinCheck = { ok: true; stateCode: string; pan: string } | { ok: false; reason: string };

/**
 * Checks a GSTIN (callers trim and uppercase it first). `reason` reads after the field name
 * ("gstin must be 15 characters"). The 14th character may be any letter or digit (normal taxpayers
 * have Z; other registration types differ).
 */
export function validateGstin(value: string): GstinCheck {
  if (typeof value !== 'string' || value.length !== 15) return { ok: false, reason: 'must be 15 characters' };
  if (!/^[0-9A-Z]{15}$/.test(value)) return { ok: false, reason: 'must contain only uppercase letters and digits' };
  const stateCode = value.slice(0, 2);
  if (!Object.prototype.hasOwnProperty.call(GST_STATES, stateCode)) {
    return { ok: false, reason: 'must start with a valid GST state code' };
  }
  const pan = value.slice(2, 12);
  if (!PAN.test(pan)) return { ok: false, reason: 'must contain a valid PAN in characters 3 to 12' };
  if (!ENTITY.test(value[12])) return { ok: false, reason: 'must have an entity number (1-9 or A-Z) as character 13' };
  if (!ALNUM.test(value[13])) return { ok: false, reason: 'must have a letter or digit as character 14' };
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) {
    return { ok: false, reason: 'has an invalid check character' };
  }
  return { ok: true, stateCode, pan };
}

export function isValidGstin(value: string): boolean {
  return validateGstin(value).ok;
}

/**
 * The shape of a Unique Identity Number (UIN) given to UN bodies, embassies and other notified persons (section 25(9)
 * CGST Act): state code and year (4 digits), country or body code (3 letters), serial (5 digits), `UN` or `ON`, and a
 * check character computed as a GSTIN's (India Compliance's samples: 0717UNO00157UNO, 0717UNO00211UN2,
 * 0717UNO00154UNU; docs/gst-exports.md, "Registration type").
 */
const UIN = /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[0-9A-Z]$/;

export function validateUin(value: string): GstinCheck {
  if (typeof value !== 'string' || !UIN.test(value)) return { ok: false, reason: 'must be a UIN such as 0717UNO00157UNO (15 characters)' };
  const stateCode = value.slice(0, 2);
  if (!Object.prototype.hasOwnProperty.call(GST_STATES, stateCode)) return { ok: false, reason: 'must start with a valid GST state code' };
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return { ok: false, reason: 'has an invalid check character' };
  return { ok: true, stateCode, pan: '' };
}
