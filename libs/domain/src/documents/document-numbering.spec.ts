import fc from 'fast-check';
import { ValidationFailed } from '../shared/domain-error';
import { fiscalYearLabel } from '../shared/fiscal-year';
import { DOCUMENT_KINDS, DocumentKind, documentKind } from './document-kinds';
import {
  assertStaysIssued,
  DocumentNumbering,
  FIRST_NUMBERED_FY,
  isProvisionalNumber,
  LAST_NUMBERED_DATE,
  LAST_NUMBERED_FY,
  numberedFiscalYear,
  takesTaxNumber,
} from './document-numbering';
import { DEFAULT_PREFIXES, validatePrefix } from './document-number';
import { DocumentPrefixes, DocumentSequence } from './document-sequence.port';

class CountingSequence extends DocumentSequence {
  readonly values = new Map<string, number>();
  async next(accountId: number, kind: DocumentKind, fyStartYear: number): Promise<number> {
    const key = `${accountId}:${kind}:${fyStartYear}`;
    const value = (this.values.get(key) ?? 0) + 1;
    this.values.set(key, value);
    return value;
  }
}

class DefaultPrefixes extends DocumentPrefixes {
  async prefixFor(_accountId: number, kind: DocumentKind): Promise<string> {
    return DEFAULT_PREFIXES[kind];
  }
}

describe('the financial years documents are numbered in', () => {
  it('are FY 2000-01 to 2099-00, up to the last date the service takes', () => {
    expect([FIRST_NUMBERED_FY, LAST_NUMBERED_FY, LAST_NUMBERED_DATE]).toEqual([2000, 2099, '2099-12-31']);
    expect(numberedFiscalYear('2000-04-01', 'invoice_date')).toBe(2000);
    expect(numberedFiscalYear('2025-05-01', 'invoice_date')).toBe(2025);
    expect(numberedFiscalYear('2099-12-31', 'invoice_date')).toBe(2099);
  });

  it('give each year a label of its own, so two years never share a number', () => {
    const labels = new Set<string>();
    for (let fy = FIRST_NUMBERED_FY; fy <= LAST_NUMBERED_FY; fy++) labels.add(fiscalYearLabel(fy));
    expect(labels.size).toBe(LAST_NUMBERED_FY - FIRST_NUMBERED_FY + 1);
  });

  it('refuse a date outside them on the document date field', () => {
    for (const date of ['2000-03-31', '1999-04-01', '1900-01-01', '2100-01-01', '2125-05-01', '9999-06-01', '0001-01-01']) {
      let error: unknown;
      try {
        numberedFiscalYear(date, 'quotation_date');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).details).toEqual({
        quotation_date: 'must be a date from 2000-04-01 to 2099-12-31 (document numbers name the financial year by two digits)',
      });
    }
  });
});

describe('DocumentNumbering', () => {
  it('numbers every kind by the FY of its date and names the kind’s date field when it cannot', async () => {
    const numbering = new DocumentNumbering(new CountingSequence(), new DefaultPrefixes());
    for (const kind of DOCUMENT_KINDS) {
      const first = await numbering.allocate(1, kind, '2025-05-01');
      expect(first.number).toBe(`${DEFAULT_PREFIXES[kind]}/25-26/0001`);
      await expect(numbering.slot(1, kind, '2125-05-01')).rejects.toMatchObject({ details: { [documentKind(kind).dateField]: expect.any(String) } });
    }
  });

  it('never gives two documents of one account and kind the same number, whatever their dates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: Date.parse('1900-01-01'), max: Date.parse('2099-12-31') }), { minLength: 1, maxLength: 60 }),
        async (days) => {
          const numbering = new DocumentNumbering(new CountingSequence(), new DefaultPrefixes());
          const numbers: string[] = [];
          for (const ms of days) {
            const date = new Date(ms).toISOString().slice(0, 10);
            try {
              numbers.push((await numbering.allocate(1, 'invoice', date)).number);
            } catch (error) {
              expect(error).toBeInstanceOf(ValidationFailed);
            }
          }
          expect(new Set(numbers).size).toBe(numbers.length);
        },
      ),
    );
  });
});

describe('numbers at issue (rule 46(b))', () => {
  const numbering = () => new DocumentNumbering(new CountingSequence(), new DefaultPrefixes());

  it('a tax document created as a draft takes a provisional DRAFT number of its own series; the tax series is untouched', async () => {
    const n = numbering();
    for (const kind of ['invoice', 'debit-note', 'credit-note'] as const) {
      expect((await n.allocate(1, kind, '2026-05-01', 'draft')).number).toBe('DRAFT/26-27/0001');
      expect((await n.allocate(1, kind, '2026-05-01', 'issued')).number).toBe(`${DEFAULT_PREFIXES[kind]}/26-27/0001`);
    }
    // Quotations and proforma invoices are no tax documents: numbered at creation whatever their state.
    expect((await n.allocate(1, 'quotation', '2026-05-01', 'draft')).number).toBe('QT/26-27/0001');
  });

  it('a provisional number gives way to a tax number when issued or archived, and an issued one never goes back to draft', () => {
    expect(isProvisionalNumber('DRAFT/26-27/0001')).toBe(true);
    expect(isProvisionalNumber('INV/26-27/0001')).toBe(false);
    expect(['issued', 'archived', 'cancelled', 'draft'].map((s) => takesTaxNumber('DRAFT/26-27/0001', s))).toEqual([true, true, false, false]);
    expect(takesTaxNumber('INV/26-27/0001', 'issued')).toBe(false);
    expect(() => assertStaysIssued('INV/26-27/0001', 'issued', 'draft')).toThrow(ValidationFailed);
    expect(() => assertStaysIssued('INV/26-27/0001', 'cancelled', 'draft')).toThrow(ValidationFailed);
    expect(() => assertStaysIssued('DRAFT/26-27/0001', 'cancelled', 'draft')).not.toThrow();
    expect(() => assertStaysIssued('INV/26-27/0001', 'issued', 'cancelled')).not.toThrow();
    expect(validatePrefix('DRAFT')).toMatch(/reserved/);
  });
});
