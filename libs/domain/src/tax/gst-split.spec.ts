import Decimal from 'decimal.js';
import fc from 'fast-check';
import { expectedLineTax, isIntraState } from './gst-split';

const paise = (s: string) => Math.round(Number(s) * 100);
const money = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;

describe('expectedLineTax', () => {
  it('splits an intra-state rate in two halves', () => {
    expect(expectedLineTax(1000, 18, true)).toEqual({ cgst: '90.00', sgst: '90.00', igst: '0.00' });
    expect(expectedLineTax('999.99', '5', true)).toEqual({ cgst: '25.00', sgst: '25.00', igst: '0.00' });
    expect(expectedLineTax('100.10', 0.25, true)).toEqual({ cgst: '0.13', sgst: '0.13', igst: '0.00' });
  });

  it('charges IGST at the full rate inter-state', () => {
    expect(expectedLineTax(1000, 18, false)).toEqual({ cgst: '0.00', sgst: '0.00', igst: '180.00' });
    expect(expectedLineTax('100.10', 0.25, false)).toEqual({ cgst: '0.00', sgst: '0.00', igst: '0.25' });
    expect(expectedLineTax('0.05', 18, false)).toEqual({ cgst: '0.00', sgst: '0.00', igst: '0.01' });
  });

  it('rounds half-up', () => {
    // 50.25 * 9% = 4.5225 -> 4.52; 50.50 * 9% = 4.545 -> 4.55
    expect(expectedLineTax('50.25', 18, true).cgst).toBe('4.52');
    expect(expectedLineTax('50.50', 18, true).cgst).toBe('4.55');
    expect(expectedLineTax('25.25', 18, false).igst).toBe('4.55');
  });

  it('gives no tax at rate 0', () => {
    expect(expectedLineTax(1234.56, 0, true)).toEqual({ cgst: '0.00', sgst: '0.00', igst: '0.00' });
    expect(expectedLineTax(1234.56, 0, false)).toEqual({ cgst: '0.00', sgst: '0.00', igst: '0.00' });
  });

  it('keeps CGST equal to SGST, within a paisa of the full-rate tax, and exact to integer arithmetic', () => {
    const rate = fc.constantFrom('0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), rate, (p, r) => {
        const taxable = money(p);
        const intra = expectedLineTax(taxable, r, true);
        const inter = expectedLineTax(taxable, r, false);
        expect(intra.cgst).toBe(intra.sgst);
        expect(intra.igst).toBe('0.00');
        expect(inter.cgst).toBe('0.00');
        expect(Math.abs(2 * paise(intra.cgst) - paise(inter.igst))).toBeLessThanOrEqual(1);
        // IGST in paise = round_half_up(p * rate / 100) with the rate in hundredths: integers only.
        const rateHundredths = BigInt(Math.round(Number(r) * 100));
        const exact = (BigInt(p) * rateHundredths * BigInt(2) + BigInt(10000)) / BigInt(20000);
        expect(inter.igst).toBe(money(Number(exact)));
      }),
    );
  });

  it('gives what decimal.js gives for every form of taxable value and rate (property)', () => {
    const D = Decimal.clone({ precision: 80 });
    const reference = (taxable: string | number, rate: string | number, intra: boolean) => {
      const read = (v: string | number) => new D(typeof v === 'string' ? v.trim() : v);
      const text = (d: Decimal) => (d.isZero() ? '0.00' : d.toFixed(2));
      const tax = read(taxable).mul(read(rate));
      const half = text(tax.div(200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
      return intra
        ? { cgst: half, sgst: half, igst: '0.00' }
        : { cgst: '0.00', sgst: '0.00', igst: text(tax.div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)) };
    };
    const taxable = fc.oneof(
      fc.integer({ min: 0, max: 1e15 - 1 }).map(money),
      fc.integer({ min: -1e9, max: 1e9 }).map((p) => (p < 0 ? `-${money(-p)}` : money(p))),
      fc.integer({ min: 0, max: 1e9 }).map((p) => p / 100),
      fc.integer({ min: 0, max: 1e9 }).map((p) => `${money(p)}7`),
      fc.constantFrom('0', '0.5', '1e3', ' 12.50 ', '100'),
    );
    const rate = fc.oneof(
      fc.constantFrom('0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40', 18, 0.25, 12.5, '18.000', '2e1', '-5'),
      fc.integer({ min: 0, max: 1_000_000 }).map((r) => String(r / 10_000)),
      fc.integer({ min: 1, max: 99 }).map((r) => `${r}.${'0'.repeat(11)}1`),
    );
    fc.assert(
      fc.property(taxable, rate, fc.boolean(), (t, r, intra) => {
        expect(expectedLineTax(t, r, intra)).toEqual(reference(t, r, intra));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('isIntraState', () => {
  it('is true when both states are known and equal', () => {
    expect(isIntraState('27', '27')).toBe(true);
    expect(isIntraState('7', '07')).toBe(true);
  });

  it('is false when both are known and differ', () => {
    expect(isIntraState('27', '29')).toBe(false);
  });

  it('is true when either is unknown', () => {
    expect(isIntraState(null, '29')).toBe(true);
    expect(isIntraState('27', null)).toBe(true);
    expect(isIntraState(null, null)).toBe(true);
    expect(isIntraState('', '29')).toBe(true);
  });
});
