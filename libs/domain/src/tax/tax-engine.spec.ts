import Decimal from 'decimal.js';
import fc from 'fast-check';
import { applyGstToLines, GstHeaderInput, readGstHeader, supplierSnapshotOf } from '../documents/document-gst';
import { FieldErrors } from '../documents/sales-document-fields';
import { toDecimal } from '../shared/money';
import { defaultPlaceOfSupply, defaultSupplyType, SUPPLY_TYPES, SupplyType, taxKindOf } from './supply';
import { checkLine, computeLineTax, lineTaxableValue, roundToRupee } from './tax-engine';

const MAHARASHTRA = '27AAPFU0939F1ZV';
const KARNATAKA = '29AAACH7409R1ZX';

/** Paise as a 2-decimal string. */
const money = (p: number) => `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
const taxableArb = fc.integer({ min: 0, max: 1_000_000_000 }).map(money);
const GST_RATES = ['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40'];
const rateArb = fc.oneof(
  fc.constantFrom(...GST_RATES),
  fc.integer({ min: 0, max: 100_000 }).map((r) => String(r / 1000)),
);
const stateArb = fc.constantFrom('01', '07', '09', '19', '24', '27', '29', '32', '33', '36', '97');
const close = (a: string, b: ReturnType<typeof toDecimal>) => toDecimal(a).minus(b).abs().lte('0.01');

describe('computeLineTax (property)', () => {
  it('intra-state: CGST = SGST, their sum within 0.01 of rate x taxable, no IGST, total = taxable + tax', () => {
    fc.assert(
      fc.property(taxableArb, rateArb, (taxable, rate) => {
        const a = computeLineTax(taxable, rate, 'intra', false);
        expect(a.cgst).toBe(a.sgst);
        expect(a.igst).toBe('0.00');
        expect(close(money(Math.round(Number(a.cgst) * 100) * 2), toDecimal(taxable).mul(rate).div(100))).toBe(true);
        expect(toDecimal(a.total).eq(toDecimal(taxable).plus(a.cgst).plus(a.sgst))).toBe(true);
      }),
    );
  });

  it('inter-state: IGST within 0.01 of rate x taxable (half a paisa, rounded half-up), no CGST or SGST', () => {
    fc.assert(
      fc.property(taxableArb, rateArb, (taxable, rate) => {
        const a = computeLineTax(taxable, rate, 'inter', false);
        expect(a.cgst).toBe('0.00');
        expect(a.sgst).toBe('0.00');
        expect(toDecimal(a.igst).minus(toDecimal(taxable).mul(rate).div(100)).abs().lte('0.005')).toBe(true);
        expect(toDecimal(a.total).eq(toDecimal(taxable).plus(a.igst))).toBe(true);
      }),
    );
  });

  it('no tax (bill of supply, zero-rated without payment): total = taxable value', () => {
    fc.assert(
      fc.property(taxableArb, rateArb, (taxable, rate) => {
        expect(computeLineTax(taxable, rate, 'none', false)).toEqual({ taxable, cgst: '0.00', sgst: '0.00', igst: '0.00', total: taxable });
      }),
    );
  });

  it('reverse charge: the tax is worked out as usual but the line total is the taxable value', () => {
    fc.assert(
      fc.property(taxableArb, rateArb, fc.constantFrom('intra', 'inter') as fc.Arbitrary<'intra' | 'inter'>, (taxable, rate, kind) => {
        const charged = computeLineTax(taxable, rate, kind, false);
        const reverse = computeLineTax(taxable, rate, kind, true);
        expect({ ...reverse, total: charged.total }).toEqual(charged);
        expect(reverse.total).toBe(taxable);
      }),
    );
  });

  it('computed lines never warn; a line off by more than 0.01 always does', () => {
    fc.assert(
      fc.property(
        taxableArb,
        rateArb,
        fc.constantFrom('intra', 'inter', 'none') as fc.Arbitrary<'intra' | 'inter' | 'none'>,
        fc.boolean(),
        fc.integer({ min: 2, max: 100_000 }),
        (taxable, rate, kind, rc, offPaise) => {
          const a = computeLineTax(taxable, rate, kind, rc);
          expect(checkLine(0, { ...a, taxRate: rate }, kind, rc)).toEqual([]);
          const offTotal = money(Math.round(Number(a.total) * 100) + offPaise);
          expect(checkLine(0, { ...a, total: offTotal, taxRate: rate }, kind, rc).map((w) => w.code)).toEqual(['total_amount']);
        },
      ),
    );
  });
});

describe('place of supply and tax kind (property)', () => {
  const party = (state: string | null, gstin: string | null = null) => ({ gstin, stateCode: state });

  it('intra-state exactly when the supplier state is the place of supply (regular supplies)', () => {
    fc.assert(
      fc.property(stateArb, stateArb, fc.constantFrom<SupplyType>('b2b', 'b2c', 'deemed_export'), (supplier, place, supplyType) => {
        const kind = taxKindOf({ supplierState: supplier, placeOfSupply: place, supplyType, billOfSupply: false });
        expect(kind).toBe(supplier === place ? 'intra' : 'inter');
      }),
    );
  });

  it('exports and SEZ supplies are inter-state with payment and carry no tax without it, whatever the states', () => {
    fc.assert(
      fc.property(stateArb, stateArb, (supplier, place) => {
        for (const supplyType of SUPPLY_TYPES.filter((t) => t.startsWith('sez_') || t.startsWith('export_'))) {
          const kind = taxKindOf({ supplierState: supplier, placeOfSupply: place, supplyType, billOfSupply: false });
          expect(kind).toBe(supplyType.endsWith('_with_payment') ? 'inter' : 'none');
        }
      }),
    );
  });

  it('the place of supply defaults to the client GSTIN state, then its recorded state, then the business state', () => {
    fc.assert(
      fc.property(stateArb, stateArb, (clientState, businessState) => {
        expect(defaultPlaceOfSupply(party(clientState), businessState, 'b2c')).toBe(clientState);
        expect(defaultPlaceOfSupply(party(null), businessState, 'b2c')).toBe(businessState);
        expect(defaultPlaceOfSupply(null, businessState, 'b2b')).toBe(businessState);
      }),
    );
    expect(defaultPlaceOfSupply(party('07', KARNATAKA), '27', 'b2b')).toBe('29');
    expect(defaultPlaceOfSupply(party('07'), '27', 'export_with_payment')).toBe('96');
  });
});

describe('the tax table of GST-RULES.md ("Which tax", IGST Act sections 7 and 8) as examples', () => {
  const business = supplierSnapshotOf({ businessName: 'Acme', address: null, gstin: MAHARASHTRA, pan: 'AAPFU0939F', stateCode: null });
  const header = (
    client: { gstin: string | null; stateCode: string | null } | null,
    input: GstHeaderInput = {},
    invoiceType = 'local_sale',
    lut: string | null = null,
  ) => {
    const errors = new FieldErrors();
    const h = readGstHeader(
      input,
      undefined,
      { client, supplier: business },
      { invoiceType, lutNumber: lut, clientChanged: false, typeChanged: false },
      errors,
    );
    errors.throwIfAny();
    return h;
  };
  const line = {
    quantity: '2',
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
  };
  const computed = (h: ReturnType<typeof header>) => {
    const l = applyGstToLines([line], [true], h).lines[0];
    return { cgst: l.cgstAmount, sgst: l.sgstAmount, igst: l.igstAmount, total: l.totalAmount };
  };

  it.each([
    [
      'supplier state = place of supply: CGST + SGST, each half the rate',
      { gstin: '27AAACH7409R1ZZ', stateCode: null },
      {},
      'local_sale',
      null,
      { cgst: '180.00', sgst: '180.00', igst: '0.00', total: '2360.00' },
    ],
    [
      'another state: IGST at the full rate',
      { gstin: KARNATAKA, stateCode: null },
      {},
      'local_sale',
      null,
      { cgst: '0.00', sgst: '0.00', igst: '360.00', total: '2360.00' },
    ],
    [
      'unregistered client with a recorded state elsewhere: IGST',
      { gstin: null, stateCode: '07' },
      {},
      'local_sale',
      null,
      { cgst: '0.00', sgst: '0.00', igst: '360.00', total: '2360.00' },
    ],
    [
      'unregistered client, no state: the business state, CGST + SGST',
      { gstin: null, stateCode: null },
      {},
      'local_sale',
      null,
      { cgst: '180.00', sgst: '180.00', igst: '0.00', total: '2360.00' },
    ],
    [
      'place of supply sent: it decides',
      { gstin: null, stateCode: null },
      { placeOfSupply: '33' },
      'local_sale',
      null,
      { cgst: '0.00', sgst: '0.00', igst: '360.00', total: '2360.00' },
    ],
    [
      'SEZ in the same state with payment: IGST (always inter-state)',
      { gstin: '27AAACH7409R1ZZ', stateCode: null },
      {},
      'sez',
      null,
      { cgst: '0.00', sgst: '0.00', igst: '360.00', total: '2360.00' },
    ],
    [
      'SEZ under LUT: no tax',
      { gstin: '27AAACH7409R1ZZ', stateCode: null },
      {},
      'sez',
      'AD2703250001234',
      { cgst: '0.00', sgst: '0.00', igst: '0.00', total: '2000.00' },
    ],
    ['export with payment: IGST', null, {}, 'export', null, { cgst: '0.00', sgst: '0.00', igst: '360.00', total: '2360.00' }],
    ['export under LUT: no tax', null, {}, 'export', 'AD2703250001234', { cgst: '0.00', sgst: '0.00', igst: '0.00', total: '2000.00' }],
    ['bill of supply: no tax', { gstin: null, stateCode: '27' }, {}, 'bill_of_supply', null, { cgst: '0.00', sgst: '0.00', igst: '0.00', total: '2000.00' }],
    [
      'reverse charge: tax shown, not in the total',
      { gstin: '27AAACH7409R1ZZ', stateCode: null },
      { reverseCharge: true },
      'local_sale',
      null,
      { cgst: '180.00', sgst: '180.00', igst: '0.00', total: '2000.00' },
    ],
  ])('%s', (_name, client, input, invoiceType, lut, expected) => {
    expect(computed(header(client, input, invoiceType, lut))).toEqual(expected);
  });

  it('a supply without payment needs a LUT number', () => {
    expect(() => header(null, { supplyType: 'export_without_payment' })).toThrow();
    expect(header(null, { supplyType: 'export_without_payment' }, 'local_sale', 'LUT1').kind).toBe('none');
  });

  it('the supply type defaults from the client and the invoice type', () => {
    expect(defaultSupplyType({ gstin: KARNATAKA, stateCode: null }, 'local_sale', null)).toBe('b2b');
    expect(defaultSupplyType({ gstin: null, stateCode: '29' }, 'local_sale', null)).toBe('b2c');
    expect(defaultSupplyType(null, 'export', 'LUT')).toBe('export_without_payment');
    expect(defaultSupplyType(null, 'sez', null)).toBe('sez_with_payment');
  });
});

describe('checkLine', () => {
  const base = { taxable: '2000.00', taxRate: '18', cgst: '180.00', sgst: '180.00', igst: '0.00', total: '2360.00' };

  it('accepts a paisa of rounding and flags more', () => {
    expect(checkLine(0, { ...base, cgst: '180.01', total: '2360.01' }, 'intra', false)).toEqual([]);
    expect(checkLine(0, { ...base, cgst: '180.02', total: '2360.02' }, 'intra', false).map((w) => [w.code, w.field, w.expected, w.sent])).toEqual([
      ['tax_amount', 'cgst_amount', '180.00', '180.02'],
    ]);
  });

  it('flags the wrong kind of tax and totals that do not add up (CGST 999, SGST 1, IGST 50, total 5)', () => {
    const warnings = checkLine(1, { ...base, cgst: '999', sgst: '1', igst: '50', total: '5' }, 'intra', false);
    expect(warnings.map((w) => [w.line, w.code, w.field])).toEqual([
      [2, 'tax_amount', 'cgst_amount'],
      [2, 'tax_amount', 'sgst_amount'],
      [2, 'wrong_tax_kind', 'igst_amount'],
      [2, 'total_amount', 'total_amount'],
    ]);
    expect(warnings[3]).toMatchObject({ expected: '3050.00', sent: '5.00' });
  });

  it('flags tax on a bill of supply', () => {
    expect(checkLine(0, base, 'none', false).map((w) => w.code)).toEqual(['wrong_tax_kind', 'wrong_tax_kind']);
  });

  /** The checks as decimal.js alone decides them (before amounts in whole paise took the common case). */
  function decimalWarnings(sent: typeof base, kind: 'intra' | 'inter' | 'none', reverseCharge: boolean): Array<[string, string, string]> {
    const expected = computeLineTax(sent.taxable, sent.taxRate, kind, reverseCharge);
    const far = (a: string, b: string) => toDecimal(a).minus(b).abs().gt('0.01');
    const out: Array<[string, string, string]> = [];
    const carried = { intra: ['cgst', 'sgst'], inter: ['igst'], none: [] as string[] }[kind];
    for (const field of ['cgst', 'sgst', 'igst'] as const) {
      if (!carried.includes(field) && !toDecimal(sent[field]).isZero()) out.push(['wrong_tax_kind', `${field}_amount`, expected[field]]);
      else if (far(expected[field], sent[field])) out.push(['tax_amount', `${field}_amount`, expected[field]]);
    }
    const tax = toDecimal(sent.cgst).plus(sent.sgst).plus(sent.igst);
    const exact = reverseCharge ? toDecimal(sent.taxable) : toDecimal(sent.taxable).plus(tax);
    const rounded = exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const totalOfSent = rounded.isZero() ? '0.00' : rounded.toFixed(2);
    if (far(totalOfSent, sent.total)) out.push(['total_amount', 'total_amount', totalOfSent]);
    return out;
  }

  it('decides as decimal.js does, for plain amounts and for those with more decimals or other forms (property)', () => {
    // Amounts near each other, so that the one-paisa tolerance is exercised, in every textual form sent.
    const nearby = (around: fc.Arbitrary<number>) =>
      fc
        .tuple(around, fc.integer({ min: -3, max: 3 }), fc.constantFrom('plain', 'short', 'three decimals', 'exponent', 'negative'))
        .map(([paise, delta, form]) => {
          const p = Math.max(0, paise + delta);
          if (form === 'plain') return money(p);
          if (form === 'short') return String(p / 100);
          if (form === 'three decimals') return `${money(p)}5`;
          if (form === 'exponent') return `${p}e-2`;
          return `-${money(p)}`;
        });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        rateArb,
        fc.constantFrom('intra' as const, 'inter' as const, 'none' as const),
        fc.boolean(),
        fc.integer({ min: 0, max: 2_000_000 }),
        (taxablePaise, rate, kind, reverseCharge, taxPaise) => {
          const taxable = money(taxablePaise);
          return fc.assert(
            fc.property(
              nearby(fc.constant(taxPaise)),
              nearby(fc.constant(taxPaise)),
              nearby(fc.constant(taxPaise)),
              nearby(fc.constant(taxablePaise + taxPaise)),
              (cgst, sgst, igst, total) => {
                const sent = { taxable, taxRate: rate, cgst, sgst, igst, total };
                expect(checkLine(0, sent, kind, reverseCharge).map((w) => [w.code, w.field, w.expected])).toEqual(decimalWarnings(sent, kind, reverseCharge));
              },
            ),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** A decimal in one of the forms callers send: a number, a plain string, trailing zeros, an exponent, spaces. */
function decimalForms(units: fc.Arbitrary<number>, maxScale: number): fc.Arbitrary<string | number> {
  return fc.tuple(units, fc.integer({ min: 0, max: maxScale }), fc.constantFrom('number', 'text', 'zeros', 'exponent', 'spaced')).map(([u, scale, form]) => {
    const text = new Decimal(u).div(new Decimal(10).pow(scale)).toFixed();
    if (form === 'number') return Number(text);
    if (form === 'zeros') return `${text}${text.includes('.') ? '' : '.'}000`;
    if (form === 'exponent') return `${u}e-${scale}`;
    if (form === 'spaced') return ` ${text} `;
    return text;
  });
}

/** lineTaxableValue as GST-RULES.md states it, in decimal.js alone. */
function decimalTaxable(line: { quantity: string | number; rate: string | number; discountType: string | null; discountValue: string | number | null }) {
  const D = Decimal.clone({ precision: 80 });
  const read = (v: string | number) => new D(typeof v === 'string' ? v.trim() : v);
  const gross = read(line.quantity).mul(read(line.rate));
  const value = line.discountValue === null || line.discountValue === '' ? new D(0) : read(line.discountValue);
  const discount = line.discountType === 'percentage' ? gross.mul(value).div(100) : line.discountType === 'fixed' ? value : new D(0);
  const taxable = D.max(gross.minus(discount), 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return taxable.isZero() ? '0.00' : taxable.toFixed(2);
}

describe('lineTaxableValue and roundToRupee', () => {
  it('gives what decimal.js gives, for every form and size of quantity, rate and discount (property)', () => {
    const units = fc.oneof(
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: -100_000, max: 100_000_000 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.constantFrom(5, 15, 25, 49, 50, 51, 995, 1005),
    );
    fc.assert(
      fc.property(
        decimalForms(units, 4),
        decimalForms(units, 4),
        fc.constantFrom('percentage', 'fixed', null, 'other'),
        fc.oneof(decimalForms(fc.integer({ min: 0, max: 10_000 }), 3), decimalForms(units, 4), fc.constantFrom(null, '')),
        (quantity, rate, discountType, discountValue) => {
          const line = { quantity, rate, discountType, discountValue };
          expect(lineTaxableValue(line)).toBe(decimalTaxable(line));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('rounds half a paisa up, and takes a discount that leaves less than nothing to zero', () => {
    expect(lineTaxableValue({ quantity: '0.5', rate: '0.01', discountType: null, discountValue: null })).toBe('0.01');
    expect(lineTaxableValue({ quantity: '0.005', rate: 1, discountType: null, discountValue: null })).toBe('0.01');
    expect(lineTaxableValue({ quantity: 3, rate: '33.335', discountType: 'percentage', discountValue: '12.5' })).toBe('87.50');
    expect(lineTaxableValue({ quantity: -2, rate: 100, discountType: null, discountValue: null })).toBe('0.00');
    expect(lineTaxableValue({ quantity: 1, rate: 100, discountType: 'percentage', discountValue: 150 })).toBe('0.00');
    expect(lineTaxableValue({ quantity: '99999999', rate: '99999999.99', discountType: 'fixed', discountValue: '0.01' })).toBe('9999999899000000.00');
  });

  it('takes the line discount off quantity x rate', () => {
    expect(lineTaxableValue({ quantity: '2', rate: '1000', discountType: 'percentage', discountValue: '10' })).toBe('1800.00');
    expect(lineTaxableValue({ quantity: '1.5', rate: '99.99', discountType: 'fixed', discountValue: '0.5' })).toBe('149.49');
    expect(lineTaxableValue({ quantity: '1', rate: '10', discountType: 'fixed', discountValue: '50' })).toBe('0.00');
  });

  it('rounds half-up to the rupee (section 170) and says by how much', () => {
    expect(roundToRupee('1234.50')).toEqual({ total: '1235.00', roundOff: '0.50' });
    expect(roundToRupee('1234.49')).toEqual({ total: '1234.00', roundOff: '-0.49' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (p) => {
        const r = roundToRupee(money(p));
        expect(r.total.endsWith('.00')).toBe(true);
        expect(toDecimal(r.total).minus(r.roundOff).eq(money(p))).toBe(true);
        expect(toDecimal(r.roundOff).abs().lte('0.50')).toBe(true);
      }),
    );
  });
});
