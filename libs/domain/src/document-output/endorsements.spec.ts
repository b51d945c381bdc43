import { buildInvoice, InvoiceContext } from '../invoices/invoice-rules';
import { SupplyType } from '../tax/supply';
import { BILL_OF_SUPPLY_ENDORSEMENT, endorsementsOf, REVERSE_CHARGE_ENDORSEMENT } from './endorsements';

const invoice = (supplyType: SupplyType, extra: Partial<Parameters<typeof endorsementsOf>[0]> = {}) =>
  endorsementsOf({ invoice: true, taxDocument: true, supplyType, billOfSupply: false, reverseCharge: false, lutNumber: null, ...extra });

describe('endorsements by supply type (CGST rule 46, IGST Act section 16)', () => {
  it('export and SEZ supplies each carry their own wording, with or without payment of integrated tax', () => {
    expect(invoice('export_without_payment', { lutNumber: 'AD270325000123X' })).toEqual([
      'Supply meant for export under bond or letter of undertaking without payment of integrated tax (LUT No. AD270325000123X).',
    ]);
    expect(invoice('sez_without_payment', { lutNumber: 'AD270325000124X' })).toEqual([
      'Supply to SEZ unit or SEZ developer for authorised operations under bond or letter of undertaking without payment of integrated tax (LUT No. AD270325000124X).',
    ]);
    expect(invoice('export_with_payment')).toEqual(['Supply meant for export on payment of integrated tax.']);
    expect(invoice('sez_with_payment')).toEqual(['Supply to SEZ unit or SEZ developer for authorised operations on payment of integrated tax.']);
  });

  it('a domestic supply carries none; reverse charge and a bill of supply say so; notes carry only reverse charge', () => {
    expect(invoice('b2b')).toEqual([]);
    expect(invoice('b2c', { reverseCharge: true })).toEqual([REVERSE_CHARGE_ENDORSEMENT]);
    expect(invoice('b2c', { billOfSupply: true })).toEqual([BILL_OF_SUPPLY_ENDORSEMENT]);
    expect(invoice('export_with_payment', { invoice: false, reverseCharge: true })).toEqual([REVERSE_CHARGE_ENDORSEMENT]);
  });
});

describe('supplier_address_missing (CGST rule 46(a))', () => {
  const ctx = (address: string | null, gstin: string | null, stateCode: string | null): InvoiceContext => ({
    account: { currency: 'INR', gstin },
    today: '2026-11-27',
    now: '2026-11-27 10:00:00',
    gst: { client: { gstin: null, stateCode: '27' }, supplier: { name: 'Sharma Traders', address, gstin, pan: null, state_code: stateCode } },
  });
  const warnings = (c: InvoiceContext) =>
    buildInvoice(
      {
        clientId: 7,
        invoiceDate: '2026-11-27',
        paymentDueDate: '2026-11-27',
        items: [{ item_description: 'Wire', hsn_code: '8544', quantity: 1, rate: 100, tax_rate: 18 }],
      },
      c,
    ).fields.taxWarnings.map((w) => [w.line, w.code, w.field]);

  it('an invoice whose supplier has no address or no state is stored with the warning of the document', () => {
    expect(warnings(ctx(null, '27AAPFU0939F1ZV', null))).toEqual([[null, 'supplier_address_missing', 'business_address']]);
    expect(warnings(ctx('12 MG Road, Pune', null, null))).toEqual([[null, 'supplier_address_missing', 'state_code']]);
    expect(warnings(ctx('  ', null, '27'))).toEqual([[null, 'supplier_address_missing', 'business_address']]);
    expect(warnings(ctx('12 MG Road, Pune', '27AAPFU0939F1ZV', null))).toEqual([]);
    expect(warnings(ctx('12 MG Road, Pune', null, '27'))).toEqual([]);
  });
});
