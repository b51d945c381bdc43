import fc from 'fast-check';
import { applyGstToDocument, GstFields, GstProductLine, readGstHeader, supplierSnapshotOf } from './document-gst';
import { FieldErrors } from './sales-document-fields';

const business = supplierSnapshotOf({ businessName: 'Acme', address: 'Pune', gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', stateCode: null });
const karnataka = { gstin: '29AAACH7409R1ZX', stateCode: null };
const local = { gstin: null, stateCode: '27' };
const doc = { invoiceType: 'local_sale', lutNumber: null, clientChanged: false, typeChanged: false };

function read(input: Record<string, unknown>, current?: GstFields, client: { gstin: string | null; stateCode: string | null } | null = karnataka, extra = {}) {
  const errors = new FieldErrors();
  const header = readGstHeader(input, current, { client, supplier: business }, { ...doc, ...extra }, errors);
  errors.throwIfAny();
  return header;
}

const stored: GstFields = {
  placeOfSupply: '33',
  supplyType: 'b2b',
  reverseCharge: true,
  roundOff: '0.20',
  supplierSnapshot: { name: 'Old name', address: null, gstin: null, pan: null, state_code: '27' },
  taxWarnings: [],
};

describe('readGstHeader', () => {
  it('on create: defaults from the client and takes the business as it is now', () => {
    expect(read({})).toMatchObject({
      placeOfSupply: '29',
      supplyType: 'b2b',
      reverseCharge: false,
      roundOffWanted: false,
      kind: 'inter',
      supplierSnapshot: business,
    });
    expect(read({}, undefined, local)).toMatchObject({ placeOfSupply: '27', supplyType: 'b2c', kind: 'intra' });
    expect(read({}, undefined, null)).toMatchObject({ placeOfSupply: '27', supplyType: 'b2c', kind: 'intra' });
  });

  it('on PATCH: keeps what is stored (the supplier snapshot above all) unless sent', () => {
    expect(read({}, stored)).toMatchObject({
      placeOfSupply: '33',
      supplyType: 'b2b',
      reverseCharge: true,
      roundOffWanted: true,
      supplierSnapshot: stored.supplierSnapshot,
    });
    expect(read({ placeOfSupply: '27', reverseCharge: false, roundOff: false }, stored)).toMatchObject({
      placeOfSupply: '27',
      reverseCharge: false,
      roundOffWanted: false,
      kind: 'intra',
    });
  });

  it('works the place of supply and supply type out again when the client changes', () => {
    expect(read({}, stored, local, { clientChanged: true })).toMatchObject({ placeOfSupply: '27', supplyType: 'b2c' });
    expect(read({ supplyType: 'export_with_payment' }, stored)).toMatchObject({ placeOfSupply: '96', kind: 'inter' });
  });

  it('refuses unknown codes keyed by field', () => {
    const errors = new FieldErrors();
    readGstHeader({ placeOfSupply: '55', supplyType: 'gift' }, undefined, { client: null, supplier: business }, doc, errors);
    expect(() => errors.throwIfAny()).toThrow(expect.objectContaining({ details: { placeOfSupply: expect.any(String), supplyType: expect.any(String) } }));
  });
});

describe('applyGstToDocument: the header discount before tax (section 15(3)(a))', () => {
  const intra = { kind: 'intra' as const, reverseCharge: false, roundOffWanted: false };
  const line = (extra: Partial<GstProductLine> = {}): GstProductLine => ({
    quantity: '10',
    rate: '1000',
    taxRate: '18',
    cgstAmount: '0',
    sgstAmount: '0',
    igstAmount: '0',
    totalAmount: '0',
    discountType: null,
    discountValue: null,
    taxableValue: null,
    headerDiscount: null,
    ...extra,
  });
  const percent10 = { discountType: 'percentage' as const, discountValue: '10' };
  const amounts = (l: GstProductLine) => [l.taxableValue, l.headerDiscount, l.cgstAmount, l.sgstAmount, l.totalAmount];

  it('10 x 1,000 at 18% less 10%: taxable 9,000, CGST and SGST 810 each, total 10,620; a fixed 1,180 gives 8,820', () => {
    const pct = applyGstToDocument({ sent: [line()], omitted: [true], discount: percent10, header: intra });
    expect(pct.write?.map(amounts)).toEqual([['9000.00', '1000.00', '810.00', '810.00', '10620.00']]);
    expect(pct).toMatchObject({ totalAmount: '10620.00', roundOff: null, warnings: [] });
    const fixed = applyGstToDocument({ sent: [line()], omitted: [true], discount: { discountType: 'fixed', discountValue: '1180' }, header: intra });
    expect(fixed.write?.map(amounts)).toEqual([['8820.00', '1180.00', '793.80', '793.80', '10407.60']]);
    expect(fixed.totalAmount).toBe('10407.60');
  });

  it('lines sent with amounts keep them and are checked against their discounted value; the total is their sum', () => {
    const undiscounted = line({ cgstAmount: '900', sgstAmount: '900', totalAmount: '11800' });
    const sent = applyGstToDocument({ sent: [undiscounted], omitted: [false], discount: percent10, header: intra });
    expect(sent.write?.map(amounts)).toEqual([['9000.00', '1000.00', '900', '900', '11800']]);
    expect(sent.warnings.map((w) => [w.code, w.field, w.expected, w.sent])).toEqual([
      ['tax_amount', 'cgst_amount', '810.00', '900.00'],
      ['tax_amount', 'sgst_amount', '810.00', '900.00'],
      ['total_amount', 'total_amount', '10800.00', '11800.00'],
    ]);
    expect(sent.totalAmount).toBe('11800.00');
    const discounted = line({ cgstAmount: '810', sgstAmount: '810', totalAmount: '10620' });
    expect(applyGstToDocument({ sent: [discounted], omitted: [false], discount: percent10, header: intra })).toMatchObject({
      warnings: [],
      totalAmount: '10620.00',
    });
  });

  it('a PATCH without lines leaves a document stored before the rule as it was: lines less the discount after tax', () => {
    // Stored before header discounts were shared among the lines: taxed on 10,000, the 10% off the total after tax.
    const old = line({ cgstAmount: '900.00', sgstAmount: '900.00', totalAmount: '11800.00', taxableValue: '10000.00' });
    const kept = applyGstToDocument({ sent: null, omitted: [], current: { ...percent10, lines: [{ ...old, id: 7 }] }, discount: percent10, header: intra });
    expect(kept).toMatchObject({ write: null, warnings: [], totalAmount: '10620.00' });
    expect(kept.lines.map(amounts)).toEqual([['10000.00', null, '900.00', '900.00', '11800.00']]);
    // Changing the discount shares the new one among the lines before tax and rewrites them (without their ids).
    const changed = applyGstToDocument({
      sent: null,
      omitted: [],
      current: { ...percent10, lines: [{ ...old, id: 7 }] },
      discount: { discountType: 'percentage', discountValue: '5' },
      header: intra,
    });
    expect(changed.write?.map(amounts)).toEqual([['9500.00', '500.00', '855.00', '855.00', '11210.00']]);
    expect(changed.write?.[0]).not.toHaveProperty('id');
    expect(changed.totalAmount).toBe('11210.00');
  });

  it('a PATCH without lines keeps the lines of a document written under the rule, and a changed discount recomputes only computed lines', () => {
    const first = applyGstToDocument({
      sent: [line(), line({ quantity: '1', cgstAmount: '1', sgstAmount: '1', totalAmount: '1002' })],
      omitted: [true, false],
      discount: percent10,
      header: intra,
    });
    const stored = (first.write ?? []).map((l, i) => ({ ...l, id: i + 1 }));
    const kept = applyGstToDocument({ sent: null, omitted: [], current: { ...percent10, lines: stored }, discount: percent10, header: intra });
    expect(kept.write).toBeNull();
    expect(kept.totalAmount).toBe(first.totalAmount);
    expect(kept.warnings).toEqual(first.warnings);
    const none = applyGstToDocument({
      sent: null,
      omitted: [],
      current: { ...percent10, lines: stored },
      discount: { discountType: null, discountValue: null },
      header: intra,
    });
    // The computed line is taxed on its full value again; the line sent with amounts keeps them.
    expect(none.write?.map(amounts)).toEqual([
      ['10000.00', '0.00', '900.00', '900.00', '11800.00'],
      ['1000.00', '0.00', '1', '1', '1002'],
    ]);
    expect(none.totalAmount).toBe('12802.00');
  });

  it('computed lines: the taxable values add up to the lines less the discount, the total to taxable value plus tax (property)', () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 0, max: 1000 }).map(String),
      rate: fc.integer({ min: 0, max: 10_000_000 }).map((p) => (p / 100).toFixed(2)),
      taxRate: fc.constantFrom('0', '5', '18', '28', '40'),
    });
    const discountArb = fc.oneof(
      fc.integer({ min: 0, max: 100 }).map((v) => ({ discountType: 'percentage' as const, discountValue: String(v) })),
      fc.integer({ min: 0, max: 1_000_000_00 }).map((p) => ({ discountType: 'fixed' as const, discountValue: (p / 100).toFixed(2) })),
    );
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        discountArb,
        fc.constantFrom('intra' as const, 'inter' as const),
        (specs, discount, kind) => {
          const lines = specs.map((l) => line(l));
          const out = applyGstToDocument({
            sent: lines,
            omitted: lines.map(() => true),
            discount,
            header: { kind, reverseCharge: false, roundOffWanted: false },
          });
          const paise = (v: string | null) => Math.round(Number(v) * 100);
          const before = lines.reduce((s, l) => s + Number(l.quantity) * paise(l.rate), 0);
          const taxable = out.lines.reduce((s, l) => s + paise(l.taxableValue), 0);
          const shares = out.lines.reduce((s, l) => s + paise(l.headerDiscount), 0);
          expect(taxable + shares).toBe(before);
          const tax = out.lines.reduce((s, l) => s + paise(l.cgstAmount) + paise(l.sgstAmount) + paise(l.igstAmount), 0);
          expect(paise(out.totalAmount)).toBe(taxable + tax);
        },
      ),
      { numRuns: 300 },
    );
  });
});
