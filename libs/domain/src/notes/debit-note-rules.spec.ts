import { expectValidationDetails } from '../../testing/validation-details';
import fc from 'fast-check';
import { buildDebitNoteFields } from './debit-note-rules';
import { DebitNoteFields } from './note';
import { NoteRuleContext } from './note-fields';

const ctx: NoteRuleContext = { today: '2025-05-15', nowTimestamp: '2025-05-15 06:30:00', accountCurrency: 'INR' };
const lines = [
  { description: 'Price difference', amount: 800 },
  { description: 'Freight', amount: 200 },
];

const detailsOf = expectValidationDetails;

describe('buildDebitNoteFields on create', () => {
  it('applies the defaults', () => {
    expect(buildDebitNoteFields({ clientId: 4, debitNoteDate: '2025-05-10' }, { ...ctx, accountCurrency: 'USD' })).toEqual({
      fields: {
        clientId: 4,
        date: '2025-05-10',
        currency: 'USD',
        status: 'issued',
        declarationText: null,
        ecommerceGstin: null,
        ecommerceSection: null,
        transportDetails: null,
        lrNumber: null,
        lutNumber: null,
        originalInvoiceId: null,
        placeOfSupply: null,
        supplyType: 'b2c',
        reverseCharge: false,
        roundOff: null,
        supplierSnapshot: { name: null, address: null, gstin: null, pan: null, state_code: null },
        // A USD note without an exchange rate: its rupee value is unknown (rule 34).
        taxWarnings: [expect.objectContaining({ line: null, code: 'exchange_rate_missing', field: 'exchange_rate' })],
        exchangeRate: null,
        totalAmount: '0.00',
        paymentDueDate: '2025-05-10',
        paymentStatus: 'pending',
        paidAmount: '0.00',
        paymentDate: null,
        paidAt: null,
      },
      lines: [],
    });
  });

  it('requires client_id and debit_note_date', () => {
    expect(detailsOf(() => buildDebitNoteFields({}, ctx))).toEqual({ clientId: 'is required', debitNoteDate: 'is required' });
    expect(detailsOf(() => buildDebitNoteFields({ clientId: null, debitNoteDate: '2025-05-01' }, ctx))).toEqual({ clientId: 'is required' });
  });

  it('totals the kept lines and treats empty texts as none', () => {
    const { fields, lines: kept } = buildDebitNoteFields(
      { clientId: 1, debitNoteDate: '2025-05-10', lrNumber: '', items: [...lines, { description: '', amount: 5 }] },
      ctx,
    );
    expect(fields.totalAmount).toBe('1000.00');
    expect(fields.lrNumber).toBeNull();
    expect(kept).toHaveLength(2);
  });

  it('paid: paid_amount becomes the total, payment_date the given date or today', () => {
    const paid = buildDebitNoteFields({ clientId: 1, debitNoteDate: '2025-05-10', paymentStatus: 'paid', paidAmount: 1, items: lines }, ctx).fields;
    expect(paid).toMatchObject({ paymentStatus: 'paid', paidAmount: '1000.00', paymentDate: '2025-05-15', paidAt: ctx.nowTimestamp });
    const dated = buildDebitNoteFields({ clientId: 1, debitNoteDate: '2025-05-10', paymentStatus: 'paid', paymentDate: '2025-05-11' }, ctx).fields;
    expect(dated).toMatchObject({ paidAmount: '0.00', paymentDate: '2025-05-11' });
  });

  it('partial: accepted exactly when 0 < paid_amount < total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 200_000 }), (totalPaise, paidPaise) => {
        const input = {
          clientId: 1,
          debitNoteDate: '2025-05-10',
          paymentStatus: 'partial' as const,
          paidAmount: (paidPaise / 100).toFixed(2),
          items: [{ description: 'x', amount: (totalPaise / 100).toFixed(2) }],
        };
        if (paidPaise > 0 && paidPaise < totalPaise) {
          expect(buildDebitNoteFields(input, ctx).fields).toMatchObject({ paymentStatus: 'partial', paidAmount: input.paidAmount, paymentDate: ctx.today });
        } else {
          expect(Object.keys(detailsOf(() => buildDebitNoteFields(input, ctx)))).toEqual(['paidAmount']);
        }
      }),
    );
  });

  it('pending and overdue clear the payment', () => {
    for (const status of ['pending', 'overdue'] as const) {
      const f = buildDebitNoteFields(
        { clientId: 1, debitNoteDate: '2025-05-10', paymentStatus: status, paidAmount: 5, paymentDate: '2025-05-11', items: lines },
        ctx,
      ).fields;
      expect(f).toMatchObject({ paymentStatus: status, paidAmount: '0.00', paymentDate: null, paidAt: null });
    }
  });
});

describe('buildDebitNoteFields on PATCH', () => {
  const base: DebitNoteFields = buildDebitNoteFields(
    {
      clientId: 1,
      debitNoteDate: '2025-05-10',
      paymentDueDate: '2025-06-10',
      lrNumber: 'LR-1',
      items: lines,
      paymentStatus: 'paid',
      paymentDate: '2025-05-12',
    },
    ctx,
  ).fields;

  it('keeps what is not sent, including the lines (null) and the total', () => {
    const change = buildDebitNoteFields({ declarationText: 'New' }, ctx, base);
    expect(change.lines).toBeNull();
    expect(change.fields).toEqual({ ...base, declarationText: 'New' });
  });

  it('replaces the lines when items is sent; a paid note follows the new total and keeps its date and paid_at', () => {
    const later = { ...ctx, nowTimestamp: '2025-06-01 00:00:00', today: '2025-06-01' };
    const change = buildDebitNoteFields({ items: [{ description: 'Only', amount: 640.25 }] }, later, base);
    expect(change.lines).toEqual([{ description: 'Only', expenseDate: null, amount: '640.25' }]);
    expect(change.fields).toMatchObject({ totalAmount: '640.25', paidAmount: '640.25', paymentDate: '2025-05-12', paidAt: base.paidAt });
  });

  it('a change of payment status starts from the rule defaults', () => {
    expect(Object.keys(detailsOf(() => buildDebitNoteFields({ paymentStatus: 'partial' }, ctx, base)))).toEqual(['paidAmount']);
    const partial = buildDebitNoteFields({ paymentStatus: 'partial', paidAmount: 100 }, { ...ctx, today: '2025-05-20' }, base).fields;
    expect(partial).toMatchObject({ paidAmount: '100.00', paymentDate: '2025-05-20', paidAt: null });
    const stillPartial = buildDebitNoteFields({ lrNumber: 'LR-2' }, ctx, partial).fields;
    expect(stillPartial).toMatchObject({ paidAmount: '100.00', paymentDate: '2025-05-20' });
    expect(Object.keys(detailsOf(() => buildDebitNoteFields({ items: [{ description: 'x', amount: 50 }] }, ctx, partial)))).toEqual(['paidAmount']);
  });

  it('null clears optional fields; a cleared due date falls back to the note date; required fields stay required', () => {
    const f = buildDebitNoteFields({ lrNumber: null, paymentDueDate: null }, ctx, base).fields;
    expect(f).toMatchObject({ lrNumber: null, paymentDueDate: '2025-05-10' });
    expect(detailsOf(() => buildDebitNoteFields({ debitNoteDate: null }, ctx, base))).toEqual({ debitNoteDate: 'is required' });
  });
});
