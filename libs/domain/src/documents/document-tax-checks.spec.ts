import { validationDetails } from '../../testing/validation-details';
import { buildInvoice, InvoiceContext, InvoiceInput } from '../invoices/invoice-rules';
import { PROFORMA_INVOICE_RULES } from '../proforma-invoices/proforma-invoice-rules';
import { GST_RATE_RULE } from '../tax/gst-rates';
import { HSN_CODE_RULE } from '../tax/tax-checks';
import { buildOfferDocument } from './offer-document-rules';

/** The rate table, HSN codes, CGST = SGST and the place of supply as invoices and offer documents apply them. */
const MAHARASHTRA = { gstin: '27AAPFU0939F1ZV', stateCode: null };
const supplier = { name: 'Sharma Traders', address: '12 MG Road, Pune 411001', gstin: '27AAPFU0939F1ZV', pan: null, state_code: '27' };
const ctx: InvoiceContext = {
  account: { currency: 'INR', gstin: supplier.gstin },
  today: '2026-11-27',
  now: '2026-11-27 10:00:00',
  gst: { client: MAHARASHTRA, supplier },
};
const goods = (extra: object = {}) => ({ itemDescription: 'Copper wire', hsnCode: '8544', quantity: 2, rate: 1000, taxRate: 18, ...extra });
const invoice = (date: string, items: unknown[], extra: Partial<InvoiceInput> = {}) =>
  buildInvoice({ clientId: 7, invoiceDate: date, paymentDueDate: date, items, ...extra }, ctx);
const codes = (built: { fields: { taxWarnings: Array<{ line: number | null; code: string }> } }) => built.fields.taxWarnings.map((w) => [w.line, w.code]);

describe('invoices: rates in force on the invoice date', () => {
  it('12 percent is in force on 2025-09-21 and a warning from 2025-09-22; 40 percent the other way round', () => {
    expect(codes(invoice('2025-09-21', [goods({ taxRate: 12 })]))).toEqual([]);
    expect(codes(invoice('2025-09-22', [goods({ taxRate: 12 })]))).toEqual([[1, 'rate_not_in_force']]);
    expect(codes(invoice('2025-09-21', [goods(), goods({ taxRate: 40 })]))).toEqual([[2, 'rate_not_in_force']]);
    expect(codes(invoice('2025-09-22', [goods({ taxRate: 40 })]))).toEqual([]);
  });

  it('28 percent is in force on 2026-01-31 and a warning from 2026-02-01; the line is stored as sent', () => {
    expect(codes(invoice('2026-01-31', [goods({ taxRate: 28 })]))).toEqual([]);
    const built = invoice('2026-02-01', [goods({ taxRate: 28 })]);
    expect(codes(built)).toEqual([[1, 'rate_not_in_force']]);
    expect(built.lines?.[0]).toMatchObject({ taxRate: '28', cgstAmount: '280.00', sgstAmount: '280.00' });
  });

  it('17 percent and HSN "ABC" are problems of the line; an empty HSN code is allowed', () => {
    expect(validationDetails(() => invoice('2026-11-27', [goods(), goods({ taxRate: 17, hsnCode: 'ABC' })]))).toEqual({
      'items.1.taxRate': GST_RATE_RULE,
      'items.1.hsnCode': HSN_CODE_RULE,
    });
    expect(codes(invoice('2026-11-27', [goods({ hsnCode: '' })]))).toEqual([]);
  });

  it('a PATCH that moves the date checks the stored lines again', () => {
    const built = invoice('2025-09-21', [goods({ taxRate: 12 })]);
    const current = { ...built.fields, id: 1, accountId: 1, invoiceNumber: 'INV/25-26/0001', fyStartYear: 2025, sequenceNo: 1, createdAt: '', updatedAt: '' };
    const stored = { ...current, lines: (built.lines ?? []).map((l, i) => ({ ...l, id: i + 1 })) };
    expect(codes(buildInvoice({ invoiceDate: '2025-09-22', paymentDueDate: '2025-09-22' }, ctx, stored))).toEqual([[1, 'rate_not_in_force']]);
  });

  it('CGST and SGST sent unequal (90.01 / 89.99) are a warning; computed lines are always equal', () => {
    const sent = goods({ quantity: 1, cgstAmount: 90.01, sgstAmount: 89.99, igstAmount: 0, totalAmount: 1180 });
    expect(invoice('2026-11-27', [goods(), sent]).fields.taxWarnings).toEqual([
      expect.objectContaining({ line: 2, code: 'cgst_sgst_unequal', field: 'sgst_amount', expected: '90.01', sent: '89.99' }),
    ]);
  });

  it('place of supply 25 (merged into 26) is a warning of the document', () => {
    expect(codes(invoice('2026-11-27', [goods()], { placeOfSupply: '25' }))).toEqual([[null, 'place_of_supply_merged']]);
    expect(codes(invoice('2026-11-27', [goods()], { placeOfSupply: '26' }))).toEqual([]);
  });
});

describe('proforma invoices (offer documents): the same checks on their date', () => {
  it('a 12 percent line dated after GST 2.0 is a warning, 17 percent a problem of the line', () => {
    const build = (items: unknown[]) =>
      buildOfferDocument(PROFORMA_INVOICE_RULES, { clientId: 7, proformaDate: '2026-10-15', items }, ctx.account, undefined, ctx.gst);
    expect(build([goods({ taxRate: 12 })]).fields.taxWarnings.map((w) => w.code)).toEqual(['rate_not_in_force']);
    expect(validationDetails(() => build([goods({ taxRate: 17 })]))).toEqual({ 'items.0.taxRate': GST_RATE_RULE });
  });
});
