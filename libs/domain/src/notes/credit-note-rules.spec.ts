import { expectValidationDetails } from '../../testing/validation-details';
import { buildCreditNoteFields } from './credit-note-rules';
import { NoteRuleContext } from './note-fields';
import { SourceInvoice } from './source-invoice-reader.port';

const ctx: NoteRuleContext = { today: '2025-05-15', nowTimestamp: '2025-05-15 06:30:00', accountCurrency: 'INR' };
const invoice: SourceInvoice = {
  id: 42,
  clientId: 7,
  currency: 'USD',
  number: 'INV/25-26/0042',
  invoiceDate: '2025-05-10',
  lines: [
    { description: 'Wire', totalAmount: '1180.00' },
    { description: 'Labour', totalAmount: '590.50' },
  ],
};
const other: SourceInvoice = { ...invoice, id: 43, clientId: 8, number: 'INV/25-26/0043', lines: [] };

const detailsOf = expectValidationDetails;

describe('buildCreditNoteFields on create', () => {
  it("without an invoice: client_id required, date today, currency the account's, status issued", () => {
    expect(detailsOf(() => buildCreditNoteFields({}, ctx, null))).toEqual({ clientId: 'is required' });
    expect(buildCreditNoteFields({ clientId: 3 }, ctx, null)).toEqual({
      fields: {
        clientId: 3,
        date: '2025-05-15',
        currency: 'INR',
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
        taxWarnings: [],
        exchangeRate: null,
        totalAmount: '0.00',
        sourceInvoiceId: null,
        reason: null,
      },
      lines: [],
    });
  });

  it("pre-fills the invoice's client, currency and lines", () => {
    const { fields, lines } = buildCreditNoteFields({ sourceInvoiceId: 42 }, ctx, invoice);
    expect(fields).toMatchObject({ clientId: 7, currency: 'USD', sourceInvoiceId: 42, totalAmount: '1770.50', date: '2025-05-15' });
    expect(lines).toEqual([
      { description: 'Wire', expenseDate: '2025-05-10', amount: '1180.00' },
      { description: 'Labour', expenseDate: '2025-05-10', amount: '590.50' },
    ]);
  });

  it('lets the body override: items (an empty array too), currency, date, and the same client_id', () => {
    const own = buildCreditNoteFields(
      { sourceInvoiceId: 42, items: [{ description: 'Return', amount: 100 }], currency: 'INR', creditNoteDate: '2025-05-20' },
      ctx,
      invoice,
    );
    expect(own.fields).toMatchObject({ clientId: 7, currency: 'INR', totalAmount: '100.00', date: '2025-05-20' });
    expect(own.lines).toEqual([{ description: 'Return', expenseDate: null, amount: '100.00' }]);
    expect(buildCreditNoteFields({ sourceInvoiceId: 42, items: [] }, ctx, invoice)).toMatchObject({ lines: [], fields: { totalAmount: '0.00' } });
    expect(buildCreditNoteFields({ sourceInvoiceId: 42, clientId: 7 }, ctx, invoice).fields.clientId).toBe(7);
    expect(buildCreditNoteFields({ sourceInvoiceId: 42, clientId: null }, ctx, invoice).fields.clientId).toBe(7);
  });

  it("rejects a client_id other than the invoice's, keyed client_id", () => {
    const details = detailsOf(() => buildCreditNoteFields({ sourceInvoiceId: 42, clientId: 9 }, ctx, invoice));
    expect(Object.keys(details)).toEqual(['clientId']);
    expect(details.clientId).toContain('INV/25-26/0042');
  });
});

describe('buildCreditNoteFields on PATCH', () => {
  const base = buildCreditNoteFields({ sourceInvoiceId: 42, reason: 'Returned' }, ctx, invoice).fields;

  it('keeps lines, currency and client unless sent; never pre-fills again', () => {
    const change = buildCreditNoteFields({ reason: 'Damaged' }, ctx, null, base);
    expect(change.lines).toBeNull();
    expect(change.fields).toEqual({ ...base, reason: 'Damaged' });
  });

  it("checks a sent client_id against the note's invoice", () => {
    expect(Object.keys(detailsOf(() => buildCreditNoteFields({ clientId: 9 }, ctx, invoice, base)))).toEqual(['clientId']);
    expect(buildCreditNoteFields({ clientId: 7 }, ctx, invoice, base).fields.clientId).toBe(7);
  });

  it("re-pointing to another invoice moves the note to that invoice's client, without touching lines or currency", () => {
    const change = buildCreditNoteFields({ sourceInvoiceId: 43 }, ctx, other, base);
    expect(change.lines).toBeNull();
    expect(change.fields).toMatchObject({ sourceInvoiceId: 43, clientId: 8, currency: 'USD', totalAmount: base.totalAmount });
    expect(Object.keys(detailsOf(() => buildCreditNoteFields({ sourceInvoiceId: 43, clientId: 7 }, ctx, other, base)))).toEqual(['clientId']);
  });

  it('detached from its invoice, the note takes any client; the date stays required', () => {
    expect(buildCreditNoteFields({ sourceInvoiceId: null, clientId: 9 }, ctx, null, base).fields).toMatchObject({ sourceInvoiceId: null, clientId: 9 });
    expect(detailsOf(() => buildCreditNoteFields({ creditNoteDate: null }, ctx, null, base))).toEqual({ creditNoteDate: 'is required' });
  });
});
