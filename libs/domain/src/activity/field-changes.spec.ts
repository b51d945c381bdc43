import { changedFields, changedLines, documentChanges, MAX_LINES_SHOWN, MAX_TEXT_SHOWN, PRODUCT_LINE_FIELDS, sameValue } from './field-changes';

describe('field changes of the audit trail', () => {
  it('compares decimals by value, and everything else as stored', () => {
    expect(sameValue('10.000', '10')).toBe(true);
    expect(sameValue('0.50', 0.5)).toBe(true);
    expect(sameValue('-0.00', '0')).toBe(true);
    expect(sameValue('0401', '401')).toBe(false);
    expect(sameValue('2025-06-10', '2025-06-10')).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(null, '')).toBe(false);
    expect(sameValue('10.01', '10.1')).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1 })).toBe(true);
  });

  it('shows each changed field under its command name, and no unchanged, derived or key field', () => {
    const before = { id: 4, clientId: 1, date: '2025-06-10', lrNumber: null, taxRate: '18.000', updatedAt: 'x', taxWarnings: [], supplierSnapshot: { a: 1 } };
    const after = { clientId: 1, date: '2025-06-11', lrNumber: 'LR-1', taxRate: '18', taxWarnings: [{ line: 1 }], supplierSnapshot: { a: 2 } };
    expect(changedFields(before, after, { date: 'invoiceDate' })).toEqual({
      before: { invoiceDate: '2025-06-10', lrNumber: null },
      after: { invoiceDate: '2025-06-11', lrNumber: 'LR-1' },
    });
  });

  it('cuts long text', () => {
    const { after } = changedFields({ declarationText: null }, { declarationText: 'x'.repeat(5000) });
    expect(after.declarationText).toBe(`${'x'.repeat(MAX_TEXT_SHOWN)}…`);
  });

  it('compares lines by position: changed fields of a changed line, whole added and removed lines', () => {
    const line = (description: string, quantity: string, extra: object = {}) => ({ id: 1, description, quantity, taxableValue: null, ...extra });
    expect(changedLines([line('A', '2.000')], [line('A', '2', { taxableValue: '200.00' })], PRODUCT_LINE_FIELDS)).toEqual({ before: {}, after: {} });
    expect(changedLines([line('A', '2.000'), line('B', '1.000')], [line('A', '3'), line('B', '1'), line('C', '4')], PRODUCT_LINE_FIELDS)).toEqual({
      before: { items: [{ line: 1, quantity: '2.000' }] },
      after: {
        items: [
          { line: 1, quantity: '3' },
          { line: 3, itemDescription: 'C', quantity: '4' },
        ],
        itemsChanged: 2,
      },
    });
    expect(changedLines([line('A', '1'), line('B', '1')], [line('A', '1')], PRODUCT_LINE_FIELDS)).toEqual({
      before: { items: [{ line: 2, itemDescription: 'B', quantity: '1' }] },
      after: { items: [], itemsChanged: 1 },
    });
  });

  it('shows at most MAX_LINES_SHOWN lines and says how many more changed', () => {
    const many = Array.from({ length: MAX_LINES_SHOWN + 5 }, (_, i) => ({ description: `L${i}`, amount: '1.00' }));
    const { after } = changedLines([], many);
    expect((after.items as unknown[]).length).toBe(MAX_LINES_SHOWN);
    expect(after).toMatchObject({ itemsChanged: MAX_LINES_SHOWN + 5, itemsNotShown: 5 });
  });

  it('keeps the summary of a document and adds the changes to it; lines kept are not compared', () => {
    const change = documentChanges({
      summary: { before: { total_amount: '10.00', lines: 1 }, after: { total_amount: '10.00', lines: 1 } },
      header: { before: { lrNumber: null, totalAmount: '10.00' }, after: { lrNumber: 'LR-1', totalAmount: '10.00' } },
      lines: { before: [{ description: 'A' }], after: null },
    });
    expect(change).toEqual({
      before: { total_amount: '10.00', lines: 1, lrNumber: null },
      after: { total_amount: '10.00', lines: 1, lrNumber: 'LR-1' },
    });
  });
});
