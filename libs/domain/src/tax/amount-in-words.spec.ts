import fc from 'fast-check';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [12345678.9, 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only'],
    ['12345678.90', 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only'],
    [1, 'Rupees One Only'],
    [10, 'Rupees Ten Only'],
    [100000, 'Rupees One Lakh Only'],
    [0.5, 'Rupees Zero and Fifty Paise Only'],
    [0, 'Rupees Zero Only'],
    ['0.01', 'Rupees Zero and One Paise Only'],
    [19, 'Rupees Nineteen Only'],
    [20, 'Rupees Twenty Only'],
    [99, 'Rupees Ninety-Nine Only'],
    [100, 'Rupees One Hundred Only'],
    [101, 'Rupees One Hundred One Only'],
    [1000, 'Rupees One Thousand Only'],
    [1001, 'Rupees One Thousand One Only'],
    [99999, 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [1050000, 'Rupees Ten Lakh Fifty Thousand Only'],
    [10000000, 'Rupees One Crore Only'],
    [1200000000, 'Rupees One Hundred Twenty Crore Only'],
    ['1000000000000', 'Rupees One Lakh Crore Only'],
    [
      '9999999999999.99',
      'Rupees Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh ' +
        'Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
  ])('spells %p', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds half-up to paise first', () => {
    expect(amountInWords('1.005')).toBe('Rupees One and One Paise Only');
    expect(amountInWords(0.995)).toBe('Rupees One Only');
    expect(amountInWords('0.004')).toBe('Rupees Zero Only');
  });

  it('uses the code and Cents for other currencies', () => {
    expect(amountInWords(100.05, 'USD')).toBe('USD One Hundred and Five Cents Only');
    expect(amountInWords('2500', 'eur')).toBe('EUR Two Thousand Five Hundred Only');
    expect(amountInWords(12.5, 'INR')).toBe('Rupees Twelve and Fifty Paise Only');
  });

  it('prefixes negative amounts with Minus', () => {
    expect(amountInWords(-1500.25)).toBe('Minus Rupees One Thousand Five Hundred and Twenty-Five Paise Only');
    expect(amountInWords('-0.001')).toBe('Rupees Zero Only');
  });

  it('rejects what is not a number', () => {
    expect(() => amountInWords('abc')).toThrow(RangeError);
    expect(() => amountInWords(NaN)).toThrow(RangeError);
  });

  it('is deterministic and says Crore exactly when the amount reaches one crore', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(0), max: BigInt(999_999_999_999_999) }), (paise) => {
        const amount = `${paise / BigInt(100)}.${String(paise % BigInt(100)).padStart(2, '0')}`;
        const words = amountInWords(amount);
        expect(amountInWords(amount)).toBe(words);
        expect(words.includes('Crore')).toBe(paise >= BigInt(1_000_000_000));
        expect(words).toMatch(/^Rupees [A-Z][A-Za-z -]* Only$/);
        expect(words).not.toMatch(/ {2}|Zero (Crore|Lakh|Thousand|Hundred)/);
        expect(words.includes('Zero')).toBe(paise < BigInt(100));
        expect(words.includes('Paise')).toBe(paise % BigInt(100) !== BigInt(0));
      }),
    );
  });
});
