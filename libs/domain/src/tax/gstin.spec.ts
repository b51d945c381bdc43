import fc from 'fast-check';
import { gstinCheckCharacter, isValidGstin, validateGstin } from './gstin';
import { GST_STATES } from './states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = ALPHABET.slice(10);
const DIGITS = ALPHABET.slice(0, 10);

const char = (chars: string) => fc.constantFrom(...chars.split(''));
const str = (chars: string, n: number) => fc.array(char(chars), { minLength: n, maxLength: n }).map((a) => a.join(''));
const validBody = fc
  .tuple(
    fc.constantFrom(...Object.keys(GST_STATES)),
    str(LETTERS, 5),
    str(DIGITS, 4),
    char(LETTERS),
    char(ALPHABET.slice(1)),
    fc.oneof(fc.constant('Z'), char(ALPHABET)),
  )
  .map((parts) => parts.join(''));

describe('gstinCheckCharacter', () => {
  it.each([['27AAPFU0939F1ZV'], ['29AAACH7409R1ZX'], ['32AADCK5978M1Z0']])('gives the check character of %s', (g) => {
    expect(gstinCheckCharacter(g.slice(0, 14))).toBe(g[14]);
  });

  it('rejects a body of the wrong length or with other characters', () => {
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27aapfu0939f1z')).toThrow(RangeError);
  });
});

describe('validateGstin', () => {
  it.each([
    ['27AAPFU0939F1ZV', '27', 'AAPFU0939F'],
    ['29AAACH7409R1ZX', '29', 'AAACH7409R'],
    ['32AADCK5978M1Z0', '32', 'AADCK5978M'],
  ])('accepts the known-good %s', (g, stateCode, pan) => {
    expect(validateGstin(g)).toEqual({ ok: true, stateCode, pan });
    expect(isValidGstin(g)).toBe(true);
  });

  it('accepts any valid body followed by its computed check character, and no other last character', () => {
    fc.assert(
      fc.property(validBody, char(ALPHABET), (body, other) => {
        const check = gstinCheckCharacter(body);
        expect(validateGstin(body + check).ok).toBe(true);
        fc.pre(other !== check);
        expect(validateGstin(body + other)).toEqual({ ok: false, reason: 'has an invalid check character' });
      }),
    );
  });

  it('rejects an unknown state code even with a matching check character', () => {
    for (const state of ['00', '39', '40', '96', '98']) {
      const body = `${state}AAPFU0939F1Z`;
      const result = validateGstin(body + gstinCheckCharacter(body));
      expect(result).toEqual({ ok: false, reason: 'must start with a valid GST state code' });
    }
  });

  it('rejects a bad PAN, entity number or 14th character even with a matching check character', () => {
    const withCheck = (body: string) => body + gstinCheckCharacter(body);
    expect(validateGstin(withCheck('27AAPF10939F1Z')).ok).toBe(false);
    expect(validateGstin(withCheck('27AAPFU093AF1Z')).ok).toBe(false);
    expect(validateGstin(withCheck('27AAPFU09391FZ')).ok).toBe(false);
    expect(validateGstin(withCheck('27AAPFU0939F0Z'))).toEqual({
      ok: false,
      reason: 'must have an entity number (1-9 or A-Z) as character 13',
    });
    // A 14th character other than Z is allowed (other registration types).
    expect(validateGstin(withCheck('27AAPFU0939F1D')).ok).toBe(true);
  });

  it('rejects wrong lengths, lowercase and other characters', () => {
    expect(validateGstin('')).toEqual({ ok: false, reason: 'must be 15 characters' });
    expect(validateGstin('27AAPFU0939F1Z')).toEqual({ ok: false, reason: 'must be 15 characters' });
    expect(validateGstin('27AAPFU0939F1ZVX').ok).toBe(false);
    expect(validateGstin('27aapfu0939f1zv').ok).toBe(false);
    expect(validateGstin('27AAPFU0939F1Z-').ok).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
  });
});
