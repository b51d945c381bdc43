import fc from 'fast-check';
import { ValidationFailed } from '../shared/domain-error';
import { DEFAULT_PREFIXES, formatDocumentNumber, validatePrefix } from './document-number';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const prefix3 = fc.array(fc.constantFrom(...LETTERS), { minLength: 3, maxLength: 3 }).map((a) => a.join(''));

describe('DEFAULT_PREFIXES', () => {
  it('has one valid prefix per document kind', () => {
    expect(DEFAULT_PREFIXES).toEqual({
      invoice: 'INV',
      quotation: 'QT',
      'proforma-invoice': 'PI',
      'debit-note': 'DN',
      'credit-note': 'CN',
    });
    for (const prefix of Object.values(DEFAULT_PREFIXES)) expect(validatePrefix(prefix)).toBeNull();
  });
});

describe('formatDocumentNumber', () => {
  it('formats PREFIX/YY-YY/NNNN', () => {
    expect(formatDocumentNumber('INV', 2025, 42)).toBe('INV/25-26/0042');
    expect(formatDocumentNumber('CN', 2099, 1)).toBe('CN/99-00/0001');
    expect(formatDocumentNumber('INV', 2025, 9999)).toBe('INV/25-26/9999');
    expect(formatDocumentNumber('INV', 2025, 123456)).toBe('INV/25-26/123456');
    expect(formatDocumentNumber('INV-A', 2025, 1)).toBe('INV-A/25-26/0001');
  });

  it('throws ValidationFailed on prefix when the number passes 16 characters', () => {
    expect(formatDocumentNumber('ABCDE', 2025, 9999)).toHaveLength(16);
    const attempt = () => formatDocumentNumber('ABCDE', 2025, 10000);
    expect(attempt).toThrow(ValidationFailed);
    try {
      attempt();
    } catch (e) {
      expect(Object.keys((e as ValidationFailed).details)).toEqual(['prefix']);
    }
    expect(() => formatDocumentNumber('ABCDEF', 2025, 1)).toThrow(ValidationFailed);
    expect(() => formatDocumentNumber('INV', 2025, 1234567)).toThrow(ValidationFailed);
  });

  it('throws ValidationFailed for characters outside A-Z, 0-9, / and -', () => {
    for (const bad of ['inv', 'IN V', 'IN_V', 'INV#', '', '0INV', '-INV', 'ÍNV']) {
      expect(() => formatDocumentNumber(bad, 2025, 1)).toThrow(ValidationFailed);
    }
  });

  it('rejects a sequence or year that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, NaN, Infinity]) expect(() => formatDocumentNumber('INV', 2025, bad)).toThrow(RangeError);
    expect(() => formatDocumentNumber('INV', 2025.5, 1)).toThrow(RangeError);
  });

  it('stays within the e-invoice pattern and 16 characters for any 3-letter prefix', () => {
    fc.assert(
      fc.property(prefix3, fc.integer({ min: 2000, max: 2098 }), fc.integer({ min: 1, max: 99999 }), (prefix, fy, seq) => {
        const number = formatDocumentNumber(prefix, fy, seq);
        expect(number).toMatch(/^[A-Z][A-Z0-9/-]{0,15}$/);
        expect(number.length).toBeLessThanOrEqual(16);
        expect(number.startsWith(`${prefix}/`)).toBe(true);
        expect(Number(number.split('/')[2])).toBe(seq);
      }),
    );
  });

  it('sorts as text in sequence order up to 9999, and by length then text beyond', () => {
    fc.assert(
      fc.property(prefix3, fc.integer({ min: 2000, max: 2098 }), fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 9999 }), (prefix, fy, a, b) => {
        const [x, y] = [formatDocumentNumber(prefix, fy, a), formatDocumentNumber(prefix, fy, b)];
        expect(Math.sign(x.localeCompare(y, 'en'))).toBe(Math.sign(a - b));
        expect(Math.sign(x < y ? -1 : x > y ? 1 : 0)).toBe(Math.sign(a - b));
      }),
    );
    fc.assert(
      fc.property(prefix3, fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 1, max: 99999 }), (prefix, a, b) => {
        const [x, y] = [formatDocumentNumber(prefix, 2025, a), formatDocumentNumber(prefix, 2025, b)];
        const byLengthThenText = x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
        expect(Math.sign(byLengthThenText)).toBe(Math.sign(a - b));
      }),
    );
  });
});

describe('validatePrefix', () => {
  it('accepts 1 to 5 uppercase letters, digits and hyphens starting with a letter', () => {
    for (const ok of ['I', 'INV', 'INV-A', 'B2B', 'X1234']) expect(validatePrefix(ok)).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(validatePrefix('')).toBe('is required');
    expect(validatePrefix('ABCDEF')).toBe('must be at most 5 characters');
    for (const bad of ['inv', '1INV', '-INV', 'IN/V', 'IN V', 'IN_V']) expect(validatePrefix(bad)).toMatch(/^must start with a letter/);
  });

  it('guarantees that numbers up to sequence 9999 fit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][A-Z0-9-]{0,4}$/), fc.integer({ min: 2000, max: 2098 }), fc.integer({ min: 1, max: 9999 }), (prefix, fy, seq) => {
        expect(validatePrefix(prefix)).toBeNull();
        expect(formatDocumentNumber(prefix, fy, seq).length).toBeLessThanOrEqual(16);
      }),
    );
  });
});
