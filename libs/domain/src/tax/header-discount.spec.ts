import fc from 'fast-check';
import { apportionHeaderDiscount, apportionPaise, headerDiscountPaise, largestIndex, paiseOfMoney, textOfPaise } from './header-discount';
import { computeLineTax } from './tax-engine';

const big = (n: number) => BigInt(n);
const asMoney = (p: number) => textOfPaise(big(p));
const sum = (values: readonly bigint[]) => values.reduce((s, v) => s + v, big(0));

/** `n / d` rounded half-up, for n >= 0 and d > 0: a line's proportional share rounded to the paisa. */
const rounded = (n: bigint, d: bigint) => (big(2) * n + d) / (big(2) * d);

/** A header discount as a caller sends it: a percentage with up to 3 decimals, or a fixed amount. */
const discountArb = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map((m) => ({ type: 'percentage', value: (m / 1000).toString() })),
  fc.integer({ min: 0, max: 20_000_000_00 }).map((p) => ({ type: 'fixed', value: asMoney(p) })),
);

/** Lines as they come: taxable values from nothing to crores, in paise. */
const linesArb = fc.array(fc.integer({ min: 0, max: 5_00_00_000_00 }), { minLength: 1, maxLength: 60 });
/** Lines of a few paise each: the cases where the remainder may not fit the largest line. */
const tinyLinesArb = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 40 });

const RATES = ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40'];

/** The shares of a discount, checked against every property of the apportionment; answers the shares. */
function checkApportionment(values: bigint[], discount: bigint): bigint[] {
  const shares = apportionPaise(values, discount);
  const total = sum(values);
  const whole = discount > total ? total : discount < big(0) ? big(0) : discount;
  // The shares add up to the discount exactly, so the lines' discounted values add up to the header's.
  expect(sum(shares)).toBe(total > big(0) ? whole : big(0));
  expect(sum(values.map((v, i) => v - shares[i]))).toBe(total - sum(shares));
  // No line is discounted below nothing or above its value.
  shares.forEach((s, i) => {
    expect(s >= big(0)).toBe(true);
    expect(s <= values[i]).toBe(true);
  });
  if (total === big(0)) return shares;
  // Every line but the largest carries its proportional share rounded half-up; the largest takes the remainder,
  // whenever it fits between nothing and the line's value. When it does not, every share is its proportional share
  // rounded down or up.
  const largest = largestIndex(values);
  const proportional = values.map((v) => rounded(whole * v, total));
  const rest = whole - sum(proportional.filter((_, i) => i !== largest));
  if (rest >= big(0) && rest <= values[largest]) {
    shares.forEach((s, i) => expect(s).toBe(i === largest ? rest : proportional[i]));
  } else {
    shares.forEach((s, i) => {
      const down = (whole * values[i]) / total;
      const exact = (whole * values[i]) % total === big(0);
      expect(s === down || (!exact && s === down + big(1))).toBe(true);
    });
  }
  return shares;
}

describe('headerDiscountPaise', () => {
  it('is a percentage of the lines rounded half-up, or a fixed amount, never more than the lines', () => {
    expect(headerDiscountPaise(big(1_000_000), 'percentage', '10')).toBe(big(100_000));
    expect(headerDiscountPaise(big(1_000_000), 'fixed', '1180')).toBe(big(118_000));
    expect(headerDiscountPaise(big(1_000_000), 'fixed', 20000)).toBe(big(1_000_000));
    expect(headerDiscountPaise(big(333), 'percentage', '50')).toBe(big(167)); // 166.5 paise, half up
    expect(headerDiscountPaise(big(100), 'fixed', '0.005')).toBe(big(1)); // half a paisa, up
    expect(headerDiscountPaise(big(100), null, '5')).toBe(big(0));
    expect(headerDiscountPaise(big(100), 'percentage', null)).toBe(big(0));
    expect(headerDiscountPaise(big(0), 'fixed', '5')).toBe(big(0));
  });
});

describe('apportionPaise (property)', () => {
  it('shares any discount among any lines: exact sum, none out of range, the remainder on the largest line', () => {
    fc.assert(
      fc.property(linesArb, discountArb, (lines, d) => {
        const values = lines.map(big);
        checkApportionment(values, headerDiscountPaise(sum(values), d.type, d.value));
      }),
      { numRuns: 2000 },
    );
  });

  it('holds for lines of a few paise, where the remainder may not fit the largest line', () => {
    fc.assert(
      fc.property(tinyLinesArb, fc.integer({ min: 0, max: 300 }), (lines, discount) => {
        checkApportionment(lines.map(big), big(discount));
      }),
      { numRuns: 3000 },
    );
    // 4 lines of 1 paisa and 2 paise off: the proportional shares are half a paisa each, rounded up to 1 on the
    // three lines after the largest (the first), which would leave it -1: the largest remainder method gives the
    // two paise to the first two lines instead.
    expect(apportionPaise([1, 1, 1, 1].map(big), big(2))).toEqual([1, 1, 0, 0].map(big));
  });

  it('each line taxed on its discounted value is within half a paisa of rate x value (IGST, and CGST and SGST each at half)', () => {
    fc.assert(
      fc.property(linesArb, discountArb, fc.array(fc.constantFrom(...RATES), { minLength: 60, maxLength: 60 }), (lines, d, rates) => {
        const apportioned = apportionHeaderDiscount(lines.map(asMoney), d.type, d.value);
        // The lines' discounted taxable values add up to the header's: the lines' value less the header discount.
        expect(sum(apportioned.taxable.map(paiseOfMoney))).toBe(sum(lines.map(big)) - paiseOfMoney(apportioned.discount));
        apportioned.taxable.forEach((taxable, i) => {
          const rate = rates[i];
          const value = paiseOfMoney(taxable);
          // In hundredths of a paisa per rate unit: rate x value / 100 paise, exactly, times 1000 for the rate's decimals.
          const exact = (halved: boolean) => value * BigInt(Math.round(Number(rate) * 1000)) * big(halved ? 5 : 10);
          const inter = computeLineTax(taxable, rate, 'inter', false);
          const intra = computeLineTax(taxable, rate, 'intra', false);
          const off = (tax: string, halved: boolean) => {
            const diff = paiseOfMoney(tax) * big(1_000_000) - exact(halved);
            return diff < big(0) ? -diff : diff;
          };
          // Half a paisa is 500,000 in these units.
          expect(off(inter.igst, false) <= big(500_000)).toBe(true);
          expect(off(intra.cgst, true) <= big(500_000)).toBe(true);
          expect(intra.sgst).toBe(intra.cgst);
          expect(inter.total).toBe(textOfPaise(value + paiseOfMoney(inter.igst)));
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('apportionHeaderDiscount', () => {
  it('the section 15 example: 10 x 1,000 at 18% less 10% is 9,000 taxable; less a fixed 1,180 is 8,820', () => {
    const percent = apportionHeaderDiscount(['10000.00'], 'percentage', '10');
    expect(percent).toEqual({ discount: '1000.00', shares: ['1000.00'], taxable: ['9000.00'] });
    expect(computeLineTax(percent.taxable[0], '18', 'intra', false)).toEqual({
      taxable: '9000.00',
      cgst: '810.00',
      sgst: '810.00',
      igst: '0.00',
      total: '10620.00',
    });
    const fixed = apportionHeaderDiscount(['10000.00'], 'fixed', '1180');
    expect(fixed).toEqual({ discount: '1180.00', shares: ['1180.00'], taxable: ['8820.00'] });
    expect(computeLineTax(fixed.taxable[0], '18', 'intra', false).total).toBe('10407.60');
  });

  it('in proportion to the lines, the rounding remainder on the largest line (the first of equal ones)', () => {
    // 100 off 100 + 200 + 300: 16.67 and 33.33 by rounding, 50.00 to the largest.
    expect(apportionHeaderDiscount(['100.00', '200.00', '300.00'], 'fixed', '100')).toEqual({
      discount: '100.00',
      shares: ['16.67', '33.33', '50.00'],
      taxable: ['83.33', '166.67', '250.00'],
    });
    // 10 off three equal lines: 3.33 each by rounding, the first takes 3.34.
    expect(apportionHeaderDiscount(['50.00', '50.00', '50.00'], 'fixed', '10').shares).toEqual(['3.34', '3.33', '3.33']);
    // Lines of nothing take nothing; no lines, no discount.
    expect(apportionHeaderDiscount(['0.00', '80.00'], 'percentage', '25').shares).toEqual(['0.00', '20.00']);
    expect(apportionHeaderDiscount([], 'fixed', '10')).toEqual({ discount: '0.00', shares: [], taxable: [] });
  });
});
