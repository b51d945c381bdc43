import { validationDetails } from '../../testing/validation-details';
import fc from 'fast-check';
import { Invoice } from './invoice';
import { buildInvoice, InvoiceContext, InvoiceInput, invoiceInputFromSource } from './invoice-rules';

const ctx: InvoiceContext = { account: { currency: 'INR', gstin: null }, today: '2025-06-02', now: '2025-06-01 20:00:00' };
const base: InvoiceInput = { clientId: 7, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-30' };
const line = (d: string, total: string) => ({ itemDescription: d, totalAmount: total });

function problems(input: InvoiceInput, current?: Invoice): Record<string, unknown> {
  return validationDetails(() => buildInvoice(input, ctx, current));
}

function stored(input: InvoiceInput): Invoice {
  const built = buildInvoice(input, ctx);
  return {
    ...built.fields,
    id: 1,
    accountId: 1,
    invoiceNumber: 'INV/25-26/0001',
    fyStartYear: 2025,
    sequenceNo: 1,
    createdAt: '',
    updatedAt: '',
    lines: (built.lines ?? []).map((l, i) => ({ ...l, id: i + 1 })),
  };
}

describe('buildInvoice on create', () => {
  it('applies the defaults: issued, pending, account currency, type by GSTIN, no lines', () => {
    const built = buildInvoice(base, ctx);
    expect(built.fields).toMatchObject({
      status: 'issued',
      paymentStatus: 'pending',
      currency: 'INR',
      invoiceType: 'bill_of_supply',
      paidAmount: '0.00',
      totalAmount: '0.00',
    });
    expect(built.lines).toEqual([]);
    expect(buildInvoice(base, { ...ctx, account: { currency: 'USD', gstin: '27AAPFU0939F1ZV' } }).fields).toMatchObject({
      currency: 'USD',
      invoiceType: 'local_sale',
    });
  });

  it('collects every problem keyed by field', () => {
    expect(Object.keys(problems({})).sort()).toEqual(['clientId', 'invoiceDate', 'paymentDueDate']);
    expect(problems({ ...base, status: 'paid', paymentStatus: 'done', currency: 'XYZ', invoiceType: 'retail', discountType: 'flat', tdsRate: 200 })).toEqual({
      status: expect.any(String),
      paymentStatus: expect.any(String),
      currency: expect.any(String),
      invoiceType: expect.any(String),
      discountType: expect.any(String),
      tdsRate: expect.any(String),
    });
    expect(Object.keys(problems({ ...base, paymentDueDate: '2025-05-31' }))).toEqual(['paymentDueDate']);
    expect(Object.keys(problems({ ...base, invoiceDate: '2025-02-29' }))).toEqual(['invoiceDate']);
    expect(Object.keys(problems({ ...base, tdsAmount: 1, items: [line('a', '0.50')] }))).toEqual(['tdsAmount']);
  });

  it('accepts every supported currency, in any case', () => {
    for (const c of ['inr', 'Usd', 'EUR', 'AED']) expect(buildInvoice({ ...base, currency: c }, ctx).fields.currency).toBe(c.toUpperCase());
  });

  it('takes the header discount off the lines before tax, totals the lines and applies the payment rules to total less TDS', () => {
    const computed = (d: string) => ({ itemDescription: d, quantity: 1, rate: 1000, taxRate: 18 });
    const built = buildInvoice(
      { ...base, items: [computed('a'), computed('b')], discountType: 'percentage', discountValue: 10, tdsAmount: 24, paymentStatus: 'paid' },
      { ...ctx, account: { currency: 'INR', gstin: '27AAPFU0939F1ZV' } },
    );
    // 10% of 2,000 is 200, 100 off each line; 18% of 900 is 162, as CGST and SGST of 81 (no client state: intra-state).
    expect(built.lines?.map((l) => [l.taxableValue, l.headerDiscount, l.cgstAmount, l.sgstAmount, l.totalAmount])).toEqual([
      ['900.00', '100.00', '81.00', '81.00', '1062.00'],
      ['900.00', '100.00', '81.00', '81.00', '1062.00'],
    ]);
    expect(built.fields).toMatchObject({ totalAmount: '2124.00', paidAmount: '2100.00', paymentDate: '2025-06-02', paidAt: '2025-06-01 20:00:00' });
  });

  it('a due date on or after the invoice date is always accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (d1, d2) => {
        const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
        const result = problems({ ...base, invoiceDate: day(d1), paymentDueDate: day(d2) });
        expect(Object.keys(result)).toEqual(d2 < d1 ? ['paymentDueDate'] : []);
      }),
    );
  });
});

describe('buildInvoice on PATCH', () => {
  const current = stored({ ...base, items: [line('a', '100'), line('b', '18')], lrNumber: 'LR-1', paymentStatus: 'paid', paymentDate: '2025-06-05' });

  it('merges over the stored invoice and keeps the lines unless items is sent', () => {
    const built = buildInvoice({ status: 'draft' }, ctx, current);
    expect(built.lines).toBeNull();
    expect(built.fields).toMatchObject({
      status: 'draft',
      lrNumber: 'LR-1',
      clientId: 7,
      totalAmount: '118.00',
      paidAmount: '118.00',
      paymentDate: '2025-06-05',
    });
    expect(buildInvoice({ lrNumber: null }, ctx, current).fields.lrNumber).toBeNull();
    const replaced = buildInvoice({ items: [line('c', '50')] }, ctx, current);
    expect(replaced.lines?.map((l) => l.description)).toEqual(['c']);
    expect(replaced.fields).toMatchObject({ totalAmount: '50.00', paidAmount: '50.00' });
  });

  it('keeps the first paid time while paid; validates the merged dates and nulled required fields', () => {
    const paid = { ...current, paidAt: '2025-06-01 01:00:00' };
    expect(buildInvoice({ lrNumber: 'x' }, ctx, paid).fields.paidAt).toBe('2025-06-01 01:00:00');
    expect(Object.keys(problems({ invoiceDate: '2025-07-01' }, current))).toEqual(['paymentDueDate']);
    expect(Object.keys(problems({ invoiceDate: null }, current))).toEqual(['invoiceDate']);
    expect(Object.keys(problems({ clientId: null }, current))).toEqual(['clientId']);
    expect(buildInvoice({ status: null, currency: null }, ctx, current).fields).toMatchObject({ status: 'issued', currency: 'INR' });
  });
});

describe('invoiceInputFromSource', () => {
  const source = {
    placeOfSupply: null,
    supplyType: null,
    reverseCharge: false,
    clientId: 3,
    currency: 'USD',
    invoiceType: 'export',
    lutNumber: 'LUT',
    declarationText: null,
    transportDetails: null,
    lrNumber: null,
    discountType: 'fixed',
    discountValue: '5',
    lines: [
      {
        description: 'x',
        hsnCode: '',
        quantity: '1',
        rate: '1',
        taxRate: '0',
        cgstAmount: '0',
        sgstAmount: '0',
        igstAmount: '0',
        unit: null,
        taxableValue: null,
        headerDiscount: null,
        totalAmount: '10',
        discountType: null,
        discountValue: null,
        inventoryId: null,
      },
    ],
  };

  it('dates the invoice today, due the same day, unless the body says otherwise', () => {
    expect(invoiceInputFromSource(source, {}, '2025-06-02')).toMatchObject({
      clientId: 3,
      currency: 'USD',
      invoiceType: 'export',
      invoiceDate: '2025-06-02',
      paymentDueDate: '2025-06-02',
    });
    expect(invoiceInputFromSource(source, { invoiceDate: '2025-05-01' }, '2025-06-02')).toMatchObject({
      invoiceDate: '2025-05-01',
      paymentDueDate: '2025-05-01',
    });
    expect(invoiceInputFromSource(source, { paymentDueDate: '2025-07-01' }, '2025-06-02')).toMatchObject({
      invoiceDate: '2025-06-02',
      paymentDueDate: '2025-07-01',
    });
    const built = buildInvoice(invoiceInputFromSource(source, {}, '2025-06-02'), ctx);
    // The lines as stored on the source (amounts that do not follow the tax rule stay as they are), with the unit they
    // had, the taxable value the engine took and its share of the header discount: the fixed 5 takes all of its 1.00.
    expect(built.lines).toEqual(source.lines.map((l) => ({ ...l, taxableValue: '0.00', headerDiscount: '1.00', cessRate: null, cessAmount: '0.00' })));
    expect(built.fields.totalAmount).toBe('10.00');
  });

  it('a source stored before header discounts were shared among the lines is invoiced with the discount before tax', () => {
    const gstCtx = { ...ctx, account: { currency: 'INR', gstin: '27AAPFU0939F1ZV' } };
    // 10 x 1,000 at 18% taxed on 10,000 (CGST and SGST 900) with 10% off the total after tax; a second line sent off the rule.
    const old = {
      ...source.lines[0],
      quantity: '10',
      rate: '1000',
      taxRate: '18',
      cgstAmount: '900.00',
      sgstAmount: '900.00',
      totalAmount: '11800.00',
      taxableValue: '10000.00',
    };
    const offRule = { ...old, quantity: '1', cgstAmount: '1.00', sgstAmount: '1.00', totalAmount: '1002.00', taxableValue: '1000.00' };
    const from = { ...source, invoiceType: 'local_sale', lutNumber: null, discountType: 'percentage', discountValue: '10', lines: [old, offRule] };
    const built = buildInvoice(invoiceInputFromSource(from, {}, '2025-06-02'), gstCtx);
    expect(built.lines?.map((l) => [l.taxableValue, l.headerDiscount, l.cgstAmount, l.sgstAmount, l.totalAmount])).toEqual([
      ['9000.00', '1000.00', '810.00', '810.00', '10620.00'],
      ['900.00', '100.00', '1', '1', '1002'],
    ]);
    expect(built.fields.totalAmount).toBe('11622.00');
    // A source written under the rule is copied as it is (amounts sent as the stored text, read back as numbers).
    const values = (lines: typeof built.lines) => lines?.map((l) => [l.taxableValue, l.headerDiscount, l.cgstAmount, l.sgstAmount, l.totalAmount].map(Number));
    const again = buildInvoice(invoiceInputFromSource({ ...from, lines: built.lines! }, {}, '2025-06-02'), gstCtx);
    expect(values(again.lines)).toEqual(values(built.lines));
    expect(again.fields.taxWarnings).toEqual(built.fields.taxWarnings);
  });
});

describe('export particulars (CGST rule 46, third proviso)', () => {
  const exportInvoice: InvoiceInput = { ...base, invoiceType: 'export', lutNumber: 'AD270325000123X' };
  // The warnings besides supplier_address_missing (the test's business has no address).
  const codes = (input: InvoiceInput, current?: Invoice) =>
    buildInvoice(input, ctx, current)
      .fields.taxWarnings.filter((w) => w.code !== 'supplier_address_missing')
      .map((w) => [w.code, w.field]);

  it('an export invoice without a country of destination is warned destination_country_missing; naming it clears the warning', () => {
    expect(codes(exportInvoice)).toEqual([['destination_country_missing', 'destination_country']]);
    const named = { ...exportInvoice, destinationCountry: ' us ', deliveryAddress: ' Pier 9, Oakland ' };
    expect(buildInvoice(named, ctx).fields).toMatchObject({ destinationCountry: 'US', deliveryAddress: 'Pier 9, Oakland' });
    expect(codes(named)).toEqual([]);
    // A PATCH that does not send them keeps them; one that clears the country brings the warning back.
    const current = stored({ ...exportInvoice, destinationCountry: 'US' });
    expect(buildInvoice({ lrNumber: 'LR-1' }, ctx, current).fields).toMatchObject({ destinationCountry: 'US' });
    expect(codes({ lrNumber: 'LR-1' }, current)).toEqual([]);
    expect(codes({ destinationCountry: null }, current)).toEqual([['destination_country_missing', 'destination_country']]);
  });

  it('other supplies are not warned, and may carry the fields', () => {
    expect(codes({ ...base, invoiceType: 'local_sale' })).toEqual([]);
    expect(buildInvoice({ ...base, deliveryAddress: 'Site 4, Hinjewadi' }, ctx).fields.deliveryAddress).toBe('Site 4, Hinjewadi');
  });

  it('a destination that is no country, or India, is a 400 on destination_country; an address over 500 characters on delivery_address', () => {
    for (const bad of ['IN', 'EU', 'USA', 'XX', 42])
      expect(problems({ ...exportInvoice, destinationCountry: bad as string })).toHaveProperty('destinationCountry');
    expect(problems({ ...exportInvoice, deliveryAddress: 'a'.repeat(501) })).toHaveProperty('deliveryAddress');
  });
});
