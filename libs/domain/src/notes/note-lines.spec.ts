import fc from 'fast-check';
import { noteLinesFrom, noteLinesFromInvoice, noteTotal } from './note-lines';

describe('noteLinesFrom', () => {
  it('drops lines whose description is missing, null, not text or blank, and keeps the order of the rest', () => {
    const lines = noteLinesFrom([
      { description: 'First', amount: 10, expense_date: '2025-05-01' },
      { amount: 5 },
      { description: null, amount: 5 },
      { description: '', amount: 5 },
      { description: ' \t ', amount: 5 },
      { description: 42 as unknown as string, amount: 5 },
      { description: '  Second ', amount: '2.5' },
      null as never,
    ]);
    expect(lines).toEqual([
      { description: 'First', expenseDate: '2025-05-01', amount: '10.00' },
      { description: 'Second', expenseDate: null, amount: '2.50' },
    ]);
  });

  it('takes a missing amount as 0 and a missing or empty expense date as null', () => {
    expect(noteLinesFrom([{ description: 'a' }, { description: 'b', amount: null, expense_date: '' }])).toEqual([
      { description: 'a', expenseDate: null, amount: '0.00' },
      { description: 'b', expenseDate: null, amount: '0.00' },
    ]);
  });

  it('gives no lines for nothing, an empty array or only dropped lines', () => {
    expect(noteLinesFrom(undefined)).toEqual([]);
    expect(noteLinesFrom(null)).toEqual([]);
    expect(noteLinesFrom([])).toEqual([]);
    expect(noteLinesFrom([{ description: ' ' }, { amount: 3 }])).toEqual([]);
  });

  it('keeps exactly the lines with a non-blank description, in order', () => {
    const line = fc.record({
      description: fc.option(fc.oneof(fc.constant(''), fc.constant('  '), fc.string()), { nil: undefined }),
      amount: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (items) => {
        const kept = items.filter((i) => typeof i.description === 'string' && i.description.trim() !== '');
        expect(noteLinesFrom(items).map((l) => l.description)).toEqual(kept.map((i) => i.description!.trim()));
      }),
    );
  });
});

describe('noteTotal', () => {
  it('sums exactly, without floating-point error', () => {
    expect(noteTotal([{ amount: '0.10' }, { amount: '0.20' }])).toBe('0.30');
    expect(noteTotal([])).toBe('0.00');
    expect(
      noteTotal(
        noteLinesFrom([
          { description: 'a', amount: 1180 },
          { description: 'b', amount: 590.5 },
          { description: 'c', amount: 0.1 },
        ]),
      ),
    ).toBe('1770.60');
  });

  it('refuses a total the DECIMAL(15,2) column cannot hold, keyed items', () => {
    expect(noteTotal([{ amount: '9999999999999.99' }])).toBe('9999999999999.99');
    expect(() => noteTotal([{ amount: '9999999999999.99' }, { amount: '0.01' }])).toThrow(expect.objectContaining({ details: { items: expect.any(String) } }));
  });

  it('equals the sum of the amounts in paise for any lines', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99_999_999_99 }), { maxLength: 30 }), (paise) => {
        const lines = paise.map((p) => ({ amount: (p / 100).toFixed(2) }));
        const expected = paise.reduce((s, p) => s + BigInt(p), BigInt(0));
        expect(noteTotal(lines)).toBe(`${expected / BigInt(100)}.${String(expected % BigInt(100)).padStart(2, '0')}`);
      }),
    );
  });
});

describe('noteLinesFromInvoice', () => {
  it('maps each invoice line to description, amount = line total, expense_date = invoice date, in order', () => {
    const lines = noteLinesFromInvoice({
      id: 7,
      clientId: 3,
      currency: 'USD',
      number: 'INV/25-26/0007',
      invoiceDate: '2025-05-10',
      lines: [
        { description: 'Wire', totalAmount: '1180.00' },
        { description: 'Labour', totalAmount: '590.50' },
      ],
    });
    expect(lines).toEqual([
      { description: 'Wire', expenseDate: '2025-05-10', amount: '1180.00' },
      { description: 'Labour', expenseDate: '2025-05-10', amount: '590.50' },
    ]);
  });
});
