import {
  cgstSgstWarnings,
  creditNoteDeadline,
  creditNoteTimeBarWarnings,
  isHsnCode,
  placeOfSupplyWarnings,
  rateNotInForceWarnings,
  sortedWarnings,
  withDocumentWarnings,
} from './tax-checks';
import { TaxWarning } from './tax-engine';

const codes = (warnings: TaxWarning[]) => warnings.map((w) => [w.line, w.code]);

describe('isHsnCode', () => {
  it('takes 4, 6 or 8 digits; a SAC (chapter 99) has 6, or 4 for its heading', () => {
    for (const code of ['8544', '854420', '85442010', '0101', '998311', '9983', '995461']) expect(isHsnCode(code)).toBe(true);
    for (const code of ['', 'ABC', '85', '854', '85442', '8544201', '854420101', '99831100', '99', '8544.20', ' 8544', '८५४४']) {
      expect(isHsnCode(code)).toBe(false);
    }
  });
});

describe('rateNotInForceWarnings (the rate table on each boundary date)', () => {
  const at = (rate: string, date: string) => rateNotInForceWarnings([{ taxRate: rate }], date).map((w) => w.code);

  it('GST 2.0: 12 percent in force on 2025-09-21 and not on 2025-09-22; 40 percent the other way round', () => {
    expect(at('12', '2025-09-21')).toEqual([]);
    expect(at('12', '2025-09-22')).toEqual(['rate_not_in_force']);
    expect(at('40', '2025-09-21')).toEqual(['rate_not_in_force']);
    expect(at('40', '2025-09-22')).toEqual([]);
    expect(at('18', '2025-09-21')).toEqual([]);
    expect(at('18', '2025-09-22')).toEqual([]);
  });

  it('28 percent in force on 2026-01-31 and not on 2026-02-01; 12 percent not in October 2026', () => {
    expect(at('28', '2026-01-31')).toEqual([]);
    expect(at('28', '2026-02-01')).toEqual(['rate_not_in_force']);
    expect(at('40', '2026-02-01')).toEqual([]);
    expect(at('12', '2026-10-15')).toEqual(['rate_not_in_force']);
    expect(at('28.000', '2026-10-15')).toEqual(['rate_not_in_force']);
  });

  it('names the line, the rate sent and the rates in force with their source', () => {
    const [w] = rateNotInForceWarnings([{ taxRate: '18' }, { taxRate: '12.00' }], '2026-11-27');
    expect(w).toMatchObject({ line: 2, code: 'rate_not_in_force', field: 'tax_rate', expected: null, sent: '12' });
    expect(w.message).toContain('19/2025-Central Tax (Rate)');
    expect(w.message).toContain('2026-02-01');
  });

  it('no rate is in force before GST; lines without a rate and documents without a date are not checked', () => {
    expect(at('18', '2017-06-30')).toEqual(['rate_not_in_force']);
    expect(at('0', '2017-06-30')).toEqual(['rate_not_in_force']);
    expect(rateNotInForceWarnings([{ taxRate: null }, {}], '2026-11-27')).toEqual([]);
    expect(rateNotInForceWarnings([{ taxRate: '12' }], null)).toEqual([]);
    expect(rateNotInForceWarnings([{ taxRate: '12' }], '')).toEqual([]);
  });
});

describe('cgstSgstWarnings', () => {
  it('flags CGST 90.01 with SGST 89.99 on an intra-state line, naming both', () => {
    const warnings = cgstSgstWarnings(
      [
        { cgstAmount: '90', sgstAmount: '90.00' },
        { cgstAmount: '90.01', sgstAmount: '89.99' },
      ],
      'intra',
    );
    expect(warnings).toEqual([
      {
        line: 2,
        code: 'cgst_sgst_unequal',
        field: 'sgst_amount',
        expected: '90.01',
        sent: '89.99',
        message: expect.stringContaining('cgst_amount 90.01 and sgst_amount 89.99') as string,
      },
    ]);
  });

  it('a missing SGST is 0; other kinds of supply are left to wrong_tax_kind', () => {
    expect(codes(cgstSgstWarnings([{ cgstAmount: '9' }], 'intra'))).toEqual([[1, 'cgst_sgst_unequal']]);
    expect(cgstSgstWarnings([{ cgstAmount: '90.01', sgstAmount: '89.99' }], 'inter')).toEqual([]);
    expect(cgstSgstWarnings([{ cgstAmount: '90.01', sgstAmount: '89.99' }], 'none')).toEqual([]);
    expect(cgstSgstWarnings([{}, { taxRate: '18' }], 'intra')).toEqual([]);
  });
});

describe('placeOfSupplyWarnings', () => {
  it('25 (merged into 26) is flagged on documents from 2020-08-01, after the transition', () => {
    expect(placeOfSupplyWarnings('25', '2026-11-27')).toEqual([
      expect.objectContaining({ line: null, code: 'place_of_supply_merged', field: 'place_of_supply', expected: null, sent: null }),
    ]);
    expect(placeOfSupplyWarnings('25', '2020-08-01').map((w) => w.code)).toEqual(['place_of_supply_merged']);
    expect(placeOfSupplyWarnings('25', '2020-07-31')).toEqual([]);
    expect(placeOfSupplyWarnings('26', '2026-11-27')).toEqual([]);
    expect(placeOfSupplyWarnings(null, '2026-11-27')).toEqual([]);
  });
});

describe('credit note time limit (CGST Act section 34(2))', () => {
  it('30 November after the financial year of the supply, from the year 2021-22; 30 September before', () => {
    expect(creditNoteDeadline('2025-05-10')).toBe('2026-11-30');
    expect(creditNoteDeadline('2026-03-31')).toBe('2026-11-30');
    expect(creditNoteDeadline('2026-04-01')).toBe('2027-11-30');
    expect(creditNoteDeadline('2021-04-01')).toBe('2022-11-30');
    expect(creditNoteDeadline('2021-03-31')).toBe('2021-09-30');
    expect(creditNoteDeadline('2017-07-01')).toBe('2018-09-30');
    expect(creditNoteDeadline('2017-06-30')).toBeNull();
  });

  it('a note dated after the deadline of its invoice is time-barred; on the deadline it is not', () => {
    const invoice = { number: 'INV/24-25/0007', invoiceDate: '2024-05-10' };
    expect(creditNoteTimeBarWarnings(invoice, '2025-11-30')).toEqual([]);
    const [w] = creditNoteTimeBarWarnings(invoice, '2025-12-01');
    expect(w).toMatchObject({ line: null, code: 'credit_note_time_barred', field: 'credit_note_date', expected: null, sent: null });
    expect(w.message).toContain('INV/24-25/0007');
    expect(w.message).toContain('2024-25');
    expect(w.message).toContain('2025-11-30');
    expect(creditNoteTimeBarWarnings(invoice, null)).toEqual([]);
  });
});

describe('withDocumentWarnings', () => {
  it('adds the document checks to the line warnings in line order, the document-wide ones last', () => {
    const lineWarning: TaxWarning = { line: 2, code: 'tax_amount', field: 'cgst_amount', expected: '9.00', sent: '19.00', message: '' };
    const warnings = withDocumentWarnings([lineWarning], {
      date: '2026-11-27',
      placeOfSupply: '25',
      kind: 'intra',
      lines: [
        { taxRate: '18', cgstAmount: '9', sgstAmount: '9' },
        { taxRate: '12', cgstAmount: '19', sgstAmount: '6' },
        { taxRate: '28', cgstAmount: '14', sgstAmount: '14' },
      ],
    });
    expect(codes(warnings)).toEqual([
      [2, 'tax_amount'],
      [2, 'cgst_sgst_unequal'],
      [2, 'rate_not_in_force'],
      [3, 'rate_not_in_force'],
      [null, 'place_of_supply_merged'],
    ]);
  });

  it('sortedWarnings is stable', () => {
    const w = (line: number | null, field: string): TaxWarning => ({ line, code: 'tax_amount', field, expected: null, sent: null, message: '' });
    expect(sortedWarnings([w(null, 'a'), w(2, 'b'), w(1, 'c'), w(2, 'd')]).map((x) => x.field)).toEqual(['c', 'b', 'd', 'a']);
  });
});
