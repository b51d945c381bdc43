import fc from 'fast-check';
import { money2, toDecimal } from '../shared/money';
import { documentTotal, receivableAmount } from './document-totals';

const paise = fc.integer({ min: 0, max: 1_000_000_000_00 });
const asMoney = (p: number) => (p / 100).toFixed(2);

describe('documentTotal', () => {
  it('is the exact sum of the line totals without a discount', () => {
    fc.assert(
      fc.property(fc.array(paise, { maxLength: 40 }), (lines) => {
        const expected = asMoney(lines.reduce((a, b) => a + b, 0));
        expect(documentTotal(lines.map(asMoney), null, null)).toBe(expected);
        expect(
          documentTotal(
            lines.map((p) => p / 100),
            null,
            null,
          ),
        ).toBe(expected);
      }),
    );
    expect(documentTotal([0.1, 0.2], null, null)).toBe('0.30');
    expect(documentTotal([], null, null)).toBe('0.00');
  });

  it('less a fixed discount, never below zero', () => {
    fc.assert(
      fc.property(fc.array(paise, { maxLength: 20 }), paise, (lines, discount) => {
        const sum = lines.reduce((a, b) => a + b, 0);
        expect(documentTotal(lines.map(asMoney), 'fixed', asMoney(discount))).toBe(asMoney(Math.max(sum - discount, 0)));
      }),
    );
  });

  it('less a percentage of the sum rounded to paise: 0% keeps it, 100% clears it, more never adds', () => {
    fc.assert(
      fc.property(fc.array(paise, { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 10000 }), (lines, p1, p2) => {
        const items = lines.map(asMoney);
        const sum = documentTotal(items, null, null);
        const [low, high] = [Math.min(p1, p2) / 100, Math.max(p1, p2) / 100];
        const tLow = toDecimal(documentTotal(items, 'percentage', low));
        const tHigh = toDecimal(documentTotal(items, 'percentage', high));
        expect(tHigh.lte(tLow)).toBe(true);
        expect(tLow.lte(sum) && tHigh.gte(0)).toBe(true);
        expect(documentTotal(items, 'percentage', low).toString()).toBe(money2(toDecimal(sum).minus(money2(toDecimal(sum).mul(low).div(100)))));
      }),
    );
    expect(documentTotal(['1180.00', '1180.00'], 'percentage', 10)).toBe('2124.00');
    expect(documentTotal(['100.00'], 'percentage', 0)).toBe('100.00');
    expect(documentTotal(['100.00'], 'percentage', 100)).toBe('0.00');
    expect(documentTotal(['0.05'], 'percentage', 50)).toBe('0.02');
  });

  it('ignores a discount value without a type', () => {
    expect(documentTotal(['10.00'], null, 5)).toBe('10.00');
  });
});

describe('receivableAmount', () => {
  it('is the total less TDS (none means the total)', () => {
    fc.assert(
      fc.property(paise, paise, (total, tds) => {
        expect(receivableAmount(asMoney(total), asMoney(tds))).toBe(money2((total - tds) / 100));
        expect(receivableAmount(asMoney(total), null)).toBe(asMoney(total));
      }),
    );
  });
});
