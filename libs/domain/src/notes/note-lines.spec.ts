import fc from 'fast-check';
import { applyGstToNoteLines, checkNoteLineCodes, noteLinesFrom, noteLinesFromInvoice, noteTotal } from './note-lines';

describe('noteLinesFrom', () => {
  it('drops lines whose description is missing, null, not text or blank, and keeps the order of the rest', () => {
    const lines = noteLinesFrom([
      { description: 'First', amount: 10, expenseDate: '2025-05-01' },
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
    expect(noteLinesFrom([{ description: 'a' }, { description: 'b', amount: null, expenseDate: '' }])).toEqual([
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

describe('compensation cess on note lines', () => {
  const intra = { kind: 'intra' as const, reverseCharge: false };
  const errorsOf = (items: Parameters<typeof checkNoteLineCodes>[0]) => {
    const errors: Record<string, string> = {};
    checkNoteLineCodes(items, (field, problem) => (errors[field] ??= problem));
    return errors;
  };

  it('computes the cess of a rate when no cess_amount is sent, and adds it to the amount with the tax', () => {
    const omitted: boolean[] = [];
    const lines = noteLinesFrom([{ description: 'Car returned', taxableValue: 500000, taxRate: 28, cessRate: 12 }], omitted);
    const { lines: out, warnings } = applyGstToNoteLines(lines, omitted, intra);
    expect(out).toEqual([
      expect.objectContaining({
        taxableValue: '500000.00',
        cgstAmount: '70000.00',
        sgstAmount: '70000.00',
        cessRate: '12',
        cessAmount: '60000.00',
        amount: '700000.00',
      }),
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps a cess_amount sent and warns tax_amount on cess_amount when it is off the rate; the amount check counts the cess', () => {
    const omitted: boolean[] = [];
    const sent = { description: 'Car', taxableValue: 500000, taxRate: 28, cgstAmount: 70000, sgstAmount: 70000, cessRate: 12 };
    const lines = noteLinesFrom([{ ...sent, cessAmount: 60001, amount: 700001 }], omitted);
    const { lines: out, warnings } = applyGstToNoteLines(lines, omitted, intra);
    expect(out[0]).toMatchObject({ cessAmount: '60001.00', amount: '700001.00' });
    expect(warnings).toEqual([expect.objectContaining({ line: 1, code: 'tax_amount', field: 'cess_amount', expected: '60000.00', sent: '60001.00' })]);
    // An amount that leaves out the cess is warned on `amount`.
    const short = applyGstToNoteLines(noteLinesFrom([{ ...sent, amount: 640000 }], []), [false], intra);
    expect(short.lines[0]).toMatchObject({ cessAmount: '60000.00' });
    expect(short.warnings).toEqual([expect.objectContaining({ line: 1, field: 'amount' })]);
  });

  it('a line without cess and a plain amount line carry none', () => {
    const omitted: boolean[] = [];
    const lines = noteLinesFrom(
      [
        { description: 'Cable', taxableValue: 1000, taxRate: 18 },
        { description: 'Goodwill', amount: 50 },
      ],
      omitted,
    );
    const { lines: out } = applyGstToNoteLines(lines, omitted, intra);
    expect(out[0]).not.toHaveProperty('cessAmount');
    expect(out[1]).toEqual({ description: 'Goodwill', expenseDate: null, amount: '50.00' });
  });

  it('refuses a cess rate out of range, a negative cess amount and cess on a line without a taxable value, naming the line', () => {
    expect(
      errorsOf([
        { description: 'a', taxableValue: 100, cessRate: 291 },
        { description: 'b', taxableValue: 100, cessAmount: -1 },
        { description: 'c', amount: 100, cessRate: 12 },
        { description: 'd', amount: 100, cessAmount: 12 },
        { description: 'e', taxableValue: 100, cessRate: '12.5', cessAmount: 12.5 },
      ]),
    ).toEqual({
      'items.0.cessRate': expect.stringMatching(/cess rate/),
      'items.1.cessAmount': 'must be a non-negative number',
      'items.2.cessRate': expect.stringMatching(/taxable_value/),
      'items.3.cessAmount': expect.stringMatching(/taxable_value/),
    });
  });

  it('a credit note made from an invoice takes the cess of its lines', () => {
    const lines = noteLinesFromInvoice({
      id: 7,
      clientId: 3,
      currency: 'INR',
      number: 'INV/25-26/0007',
      invoiceDate: '2025-08-05',
      lines: [
        {
          description: 'Car',
          totalAmount: '700000.00',
          taxableValue: '500000.00',
          taxRate: '28',
          cgstAmount: '70000.00',
          sgstAmount: '70000.00',
          cessRate: '12',
          cessAmount: '60000.00',
        },
        {
          description: 'Paint',
          totalAmount: '1180.00',
          taxableValue: '1000.00',
          taxRate: '18',
          cgstAmount: '90.00',
          sgstAmount: '90.00',
          cessRate: null,
          cessAmount: '0.00',
        },
      ],
    });
    expect(lines[0]).toMatchObject({ cessRate: '12', cessAmount: '60000.00' });
    expect(lines[1]).not.toHaveProperty('cessRate');
    expect(lines[1]).not.toHaveProperty('cessAmount');
    expect(applyGstToNoteLines(lines, [], intra).warnings).toEqual([]);
  });
});
