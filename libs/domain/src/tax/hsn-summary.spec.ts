import fc from 'fast-check';
import { HsnLineInput, hsnSummary } from './hsn-summary';

const line = (hsnCode: string, taxRate: number | string, taxable: number | string, cgst = 0, sgst = 0, igst = 0): HsnLineInput => ({
  hsnCode,
  taxRate,
  taxable,
  cgst,
  sgst,
  igst,
});
const money = (p: number) => `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;

describe('hsnSummary', () => {
  it('groups by code and rate, sorted by code then rate', () => {
    const result = hsnSummary([
      line('9983', 18, 1000, 90, 90),
      line('8471', 18, '500.50', 45.05, 45.05),
      line('8471', 5, 200, 5, 5),
      line('9983', '18.00', 250, 22.5, 22.5),
      line('8471', 12, 100, 6, 6),
    ]);
    expect(result.rows).toEqual([
      { hsnCode: '8471', taxRate: '5.00', taxable: '200.00', cgst: '5.00', sgst: '5.00', igst: '0.00', totalTax: '10.00' },
      { hsnCode: '8471', taxRate: '12.00', taxable: '100.00', cgst: '6.00', sgst: '6.00', igst: '0.00', totalTax: '12.00' },
      { hsnCode: '8471', taxRate: '18.00', taxable: '500.50', cgst: '45.05', sgst: '45.05', igst: '0.00', totalTax: '90.10' },
      { hsnCode: '9983', taxRate: '18.00', taxable: '1250.00', cgst: '112.50', sgst: '112.50', igst: '0.00', totalTax: '225.00' },
    ]);
    expect(result.total).toEqual({ taxable: '2050.50', cgst: '168.55', sgst: '168.55', igst: '0.00', totalTax: '337.10' });
  });

  it('shows a blank code as an empty string, sorted first', () => {
    const result = hsnSummary([
      line('1001', 0, 10),
      line('  ', 18, 100, 0, 0, 18),
      line('', 18, 50, 0, 0, 9),
      { ...line('', 18, 1, 0, 0, 0.18), hsnCode: undefined as unknown as string },
    ]);
    expect(result.rows.map((r) => [r.hsnCode, r.taxRate, r.taxable, r.igst])).toEqual([
      ['', '18.00', '151.00', '27.18'],
      ['1001', '0.00', '10.00', '0.00'],
    ]);
  });

  it('gives zeros for no lines', () => {
    expect(hsnSummary([])).toEqual({
      rows: [],
      total: { taxable: '0.00', cgst: '0.00', sgst: '0.00', igst: '0.00', totalTax: '0.00' },
    });
  });

  it('has totals equal to the sum of the inputs and to the sum of the rows', () => {
    const amount = fc.integer({ min: -1e9, max: 1e11 });
    const input = fc.record({
      hsnCode: fc.constantFrom('', '8471', '9983', '1001', '847130'),
      taxRate: fc.constantFrom(0, 5, 12, 18, 28, '0.25', '18.00'),
      taxable: amount,
      cgst: amount,
      sgst: amount,
      igst: amount,
    });
    fc.assert(
      fc.property(fc.array(input, { maxLength: 40 }), fc.boolean(), (raw, asNumbers) => {
        const toMoney = (p: number) => (asNumbers ? Number(money(p)) : money(p));
        const lines = raw.map((r) => ({ ...r, taxable: toMoney(r.taxable), cgst: toMoney(r.cgst), sgst: toMoney(r.sgst), igst: toMoney(r.igst) }));
        const { rows, total } = hsnSummary(lines);
        const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst') => raw.reduce((s, r) => s + r[key], 0);
        expect(total).toEqual({
          taxable: money(sum('taxable')),
          cgst: money(sum('cgst')),
          sgst: money(sum('sgst')),
          igst: money(sum('igst')),
          totalTax: money(sum('cgst') + sum('sgst') + sum('igst')),
        });
        const rowSum = (key: keyof typeof total) => money(rows.reduce((s, r) => s + Math.round(Number(r[key]) * 100), 0));
        for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'totalTax'] as const) expect(rowSum(key)).toBe(total[key]);
        const keys = rows.map((r) => `${r.hsnCode}|${Number(r.taxRate)}`);
        expect(new Set(keys).size).toBe(rows.length);
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1], rows[i]];
          expect(a.hsnCode < b.hsnCode || (a.hsnCode === b.hsnCode && Number(a.taxRate) < Number(b.taxRate))).toBe(true);
        }
      }),
    );
  });
});
