import fc from 'fast-check';
import { AdvanceFacts, advanceNature, advanceTax, natureOfCode } from './advance-tax';

const facts = (over: Partial<AdvanceFacts> = {}): AdvanceFacts => ({
  settledBills: '0.00',
  lines: [],
  linesFrom: null,
  inventory: { products: 0, services: 0 },
  ...over,
});

describe('GST included in an advance', () => {
  it('takes the tax out of a tax-inclusive advance: 11800 at 18% holds 1800', () => {
    expect(advanceTax('11800.00', '18', false)).toEqual({ taxableValue: '10000.00', cgst: '0.00', sgst: '0.00', igst: '1800.00', totalTax: '1800.00' });
    expect(advanceTax('11800.00', '18', true)).toEqual({ taxableValue: '10000.00', cgst: '900.00', sgst: '900.00', igst: '0.00', totalTax: '1800.00' });
  });

  it('rounds the tax half-up to the paisa and splits it so CGST and SGST add up to it', () => {
    // 1000 x 18 / 118 = 152.5423...
    expect(advanceTax('1000.00', '18', true)).toEqual({ taxableValue: '847.46', cgst: '76.27', sgst: '76.27', igst: '0.00', totalTax: '152.54' });
    // 100.01 x 5 / 105 = 4.7623... -> 4.76; half 2.38 each
    expect(advanceTax('100.01', '5', true).totalTax).toBe('4.76');
  });

  it('always adds up: taxable value + tax = advance, CGST + SGST = tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.constantFrom('0.25', '3', '5', '12', '18', '28', '40'),
        fc.boolean(),
        (paise, rate, intra) => {
          const amount = (paise / 100).toFixed(2);
          const t = advanceTax(amount, rate, intra);
          const p = (s: string) => Math.round(Number(s) * 100);
          expect(p(t.taxableValue) + p(t.totalTax)).toBe(paise);
          expect(p(t.cgst) + p(t.sgst) + p(t.igst)).toBe(p(t.totalTax));
          expect(Math.abs(p(t.cgst) - p(t.sgst))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('what an advance is for', () => {
  it('reads SAC codes (chapter 99) as services and other HSN codes as goods', () => {
    expect(natureOfCode('998313')).toBe('services');
    expect(natureOfCode('8544')).toBe('goods');
    expect(natureOfCode('')).toBeNull();
  });

  it('takes what the request says first', () => {
    const f = facts({ lines: [{ hsnCode: '998313', taxRate: '18' }], linesFrom: 'applied' });
    expect(advanceNature(f, { supply: 'goods' })).toMatchObject({ supply: 'goods' });
    expect(advanceNature(f, { taxRate: '12' })).toMatchObject({ supply: 'services', rate: '12' });
  });

  it('then the invoice lines: services when any line is a service, at the highest rate of those lines', () => {
    const lines = [
      { hsnCode: '8544', taxRate: '28' },
      { hsnCode: '998313', taxRate: '12' },
      { hsnCode: '998314', taxRate: '18' },
    ];
    expect(advanceNature(facts({ lines, linesFrom: 'latest_invoice' }), {})).toEqual({
      supply: 'services',
      rate: '18',
      basis: "from the client's latest invoice",
    });
    expect(advanceNature(facts({ lines: [{ hsnCode: '8544', taxRate: '18.000' }], linesFrom: 'applied' }), {})).toMatchObject({ supply: 'goods', rate: '18' });
  });

  it("then the account's inventory, else services at 18% (CGST rule 50, proviso)", () => {
    expect(advanceNature(facts({ inventory: { products: 0, services: 3 } }), {})).toMatchObject({ supply: 'services', rate: '18' });
    expect(advanceNature(facts({ inventory: { products: 2, services: 0 } }), {})).toMatchObject({ supply: 'goods' });
    expect(advanceNature(facts({ lines: [{ hsnCode: '', taxRate: '5' }], inventory: { products: 1, services: 1 } }), {})).toMatchObject({
      supply: 'services',
      rate: '18',
      basis: expect.stringContaining('not determinable'),
    });
  });
});
