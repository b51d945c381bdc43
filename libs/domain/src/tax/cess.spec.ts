import { applyGstToDocument, applyGstToLines, followsTaxRule } from '../documents/document-gst';
import { buildProductLines, linesAsInput } from '../documents/product-lines';
import { FieldErrors } from '../documents/sales-document-fields';
import { buildGstr1, Gstr1Line } from '../gst-returns/gstr1';
import { gstr1InRupees } from '../gst-returns/gstr1-rupees';
import { cessAmountWarnings, cessNotApplicableWarnings, computeCess, isCessRate } from './cess';
import { withDocumentWarnings } from './tax-checks';

const intra = { kind: 'intra' as const, reverseCharge: false };

function lines(items: Record<string, unknown>[]) {
  const errors = new FieldErrors();
  const omitted: boolean[] = [];
  const built = buildProductLines(items, errors, { inventory: false, omitted });
  return { built, omitted, errors };
}

const car = { itemDescription: 'Car', hsnCode: '87032391', quantity: 1, rate: 1000, taxRate: 28, cessRate: 12 };

describe('compensation cess', () => {
  it('is the cess rate of the taxable value, rounded half-up to the paisa', () => {
    expect(computeCess('1000', '12')).toBe('120.00');
    expect(computeCess('333.33', '22')).toBe('73.33');
    expect(computeCess('0.25', '2')).toBe('0.01'); // 0.005 rounds up
    expect(computeCess('1000', null)).toBe('0.00');
    expect(isCessRate('290')).toBe(true);
    expect(isCessRate('12.125')).toBe(true);
    expect(isCessRate('290.001')).toBe(false);
    expect(isCessRate('1.0005')).toBe(false);
    expect(isCessRate('-1')).toBe(false);
  });

  it('is computed on a line that omits its amounts and adds to the total (not under reverse charge)', () => {
    const { built, omitted } = lines([car]);
    const out = applyGstToLines(built, omitted, intra).lines[0];
    expect(out).toMatchObject({ cessRate: '12', cessAmount: '120.00', cgstAmount: '140.00', sgstAmount: '140.00', totalAmount: '1400.00' });
    const rc = applyGstToLines(built, omitted, { kind: 'intra', reverseCharge: true }).lines[0];
    expect(rc).toMatchObject({ cessAmount: '120.00', totalAmount: '1000.00' });
    const none = applyGstToLines(lines([{ ...car, cessRate: undefined }]).built, [true], intra).lines[0];
    expect(none).toMatchObject({ cessRate: null, cessAmount: '0.00', totalAmount: '1280.00' });
  });

  it('is computed on the value after the header discount', () => {
    const { built, omitted } = lines([car]);
    const doc = applyGstToDocument({
      sent: built,
      omitted,
      discount: { discountType: 'percentage', discountValue: '10' },
      header: { ...intra, roundOffWanted: false },
    });
    expect(doc.lines[0]).toMatchObject({ taxableValue: '900.00', cessAmount: '108.00', totalAmount: '1260.00' });
    expect(doc.totalAmount).toBe('1260.00');
  });

  it('sent is kept and checked: off by more than a paisa is a tax_amount warning on cess_amount, and the total includes it', () => {
    const sent = { ...car, cgstAmount: 140, sgstAmount: 140, cessAmount: 121, totalAmount: 1401 };
    const { built, omitted } = lines([sent]);
    const applied = applyGstToLines(built, omitted, intra);
    expect(applied.lines[0]).toMatchObject({ cessAmount: '121.00', totalAmount: '1401' });
    expect(applied.warnings).toEqual([expect.objectContaining({ line: 1, code: 'tax_amount', field: 'cess_amount', expected: '120.00', sent: '121.00' })]);
    // A paisa of rounding is allowed; a total that leaves the cess out is warned.
    const close = applyGstToLines(lines([{ ...sent, cessAmount: 120.01, totalAmount: 1400.01 }]).built, [false], intra);
    expect(close.warnings).toEqual([]);
    const noCessInTotal = applyGstToLines(lines([{ ...sent, cessAmount: 120, totalAmount: 1280 }]).built, [false], intra);
    expect(noCessInTotal.warnings).toEqual([expect.objectContaining({ code: 'total_amount', expected: '1400.00', sent: '1280.00' })]);
    // A cess amount sent with the other amounts omitted is kept, checked and added to the computed total.
    const omittedTax = applyGstToLines(lines([{ ...car, cessAmount: 100 }]).built, [true], intra);
    expect(omittedTax.lines[0]).toMatchObject({ cessAmount: '100.00', totalAmount: '1380.00' });
    expect(omittedTax.warnings).toEqual([expect.objectContaining({ field: 'cess_amount', expected: '120.00' })]);
    expect(cessAmountWarnings(0, '1000', null, '55')).toEqual([]);
  });

  it('rejects a cess rate out of range or with more than 3 decimals, and a negative cess amount', () => {
    const { errors } = lines([
      { ...car, cessRate: 291 },
      { ...car, cessRate: '1.2345' },
      { ...car, cessAmount: -1 },
      { ...car, cessRate: 'x' },
    ]);
    expect(() => errors.throwIfAny()).toThrow();
    expect(errors.has('items.0.cessRate')).toBe(true);
    expect(errors.has('items.1.cessRate')).toBe(true);
    expect(errors.has('items.2.cessAmount')).toBe(true);
    expect(errors.has('items.3.cessRate')).toBe(true);
  });

  it('a computed line follows the tax rule with its cess; copied lines carry their cess', () => {
    const { built, omitted } = lines([car]);
    const out = applyGstToLines(built, omitted, intra).lines[0];
    expect(followsTaxRule(out)).toBe(true);
    expect(followsTaxRule({ ...out, cessAmount: '119.00', totalAmount: '1399.00' })).toBe(false);
    const [input] = linesAsInput([{ ...out, description: 'Car', hsnCode: '87032391', inventoryId: null, unit: null }], {
      discountType: 'fixed',
      discountValue: '100',
    });
    expect(input).toMatchObject({ cessRate: '12', cessAmount: '120.00' });
  });

  describe('cess_not_applicable by date (the dated rate table)', () => {
    const onCar = [{ hsnCode: '87032391', cessRate: '12', cessAmount: '120.00' }];
    const onTobacco = [{ hsnCode: '24022090', cessRate: '5', cessAmount: '50.00' }];
    it('any good until 2025-09-21, none but tobacco and pan masala from 2025-09-22', () => {
      expect(cessNotApplicableWarnings(onCar, '2025-09-21')).toEqual([]);
      expect(cessNotApplicableWarnings(onCar, '2025-09-22')).toEqual([
        expect.objectContaining({ line: 1, code: 'cess_not_applicable', field: 'cess_rate', sent: '120.00' }),
      ]);
      expect(cessNotApplicableWarnings(onTobacco, '2025-09-22')).toEqual([]);
    });
    it('tobacco until 2026-01-31, nothing from 2026-02-01', () => {
      expect(cessNotApplicableWarnings(onTobacco, '2026-01-31')).toEqual([]);
      expect(cessNotApplicableWarnings(onTobacco, '2026-02-01')).toEqual([expect.objectContaining({ code: 'cess_not_applicable' })]);
      expect(cessNotApplicableWarnings([{ hsnCode: '24022090', cessRate: null, cessAmount: '10' }], '2026-02-01')).toEqual([
        expect.objectContaining({ field: 'cess_amount' }),
      ]);
    });
    it('a line without cess is never warned, and the warning joins the document warnings', () => {
      expect(cessNotApplicableWarnings([{ hsnCode: '87032391', cessRate: null, cessAmount: '0.00' }], '2026-03-01')).toEqual([]);
      expect(cessNotApplicableWarnings([{ hsnCode: '87032391', cessRate: '0', cessAmount: '0' }], '2026-03-01')).toEqual([]);
      const lines = [{ taxRate: '40', ...onCar[0] }];
      expect(withDocumentWarnings([], { date: '2026-03-02', placeOfSupply: '27', kind: 'intra', lines }).map((w) => w.code)).toEqual(['cess_not_applicable']);
    });
  });

  describe('in GSTR-1', () => {
    const line = (over: Partial<Gstr1Line>): Gstr1Line => ({
      hsnCode: '87032391',
      description: 'Car',
      quantity: '1',
      unit: 'NOS',
      taxable: '1000.00',
      taxRate: '28',
      cgst: '140.00',
      sgst: '140.00',
      igst: '0.00',
      ...over,
    });
    const invoice = {
      number: 'INV/25-26/0001',
      date: '2025-08-05',
      status: 'issued',
      invoiceType: 'local_sale',
      total: '2800.00',
      clientGstin: '27AAACH7409R1ZZ',
      clientStateCode: null,
      placeOfSupply: '27',
      supplyType: 'b2b',
      reverseCharge: false,
      lines: [line({ cess: '120.00' }), line({ cess: '120.00' })],
    };
    const base = { gstin: '27AAPFU0939F1ZV', businessStateCode: '27', from: '2025-08-01', to: '2025-08-31', aggregateTurnover: null, notes: [] };

    it('csamt of the rate group and of the HSN summary is the stored cess', () => {
      const r = buildGstr1({ ...base, invoices: [invoice] });
      expect(r.b2b[0].inv[0].itms[0].itm_det).toMatchObject({ txval: 2000, camt: 280, samt: 280, csamt: 240 });
      expect([...r.hsn.hsn_b2b, ...r.hsn.hsn_b2c][0]).toMatchObject({ txval: 2000, csamt: 240 });
    });

    it('is converted to rupees with the other amounts', () => {
      const usd = { ...invoice, currency: 'USD', exchangeRate: '83.5000', lines: [line({ cess: '1.50' })] };
      const { invoices } = gstr1InRupees([usd], [], base.from, base.to);
      expect(invoices[0].lines[0].cess).toBe('125.25');
    });
  });
});
