import fc from 'fast-check';
import { toDecimal } from '../shared/money';
import { buildProductLines, checkDiscount, decimalText, hasDescription, lineAsInput, lineValues, ProductLine } from './product-lines';
import { FieldErrors } from './sales-document-fields';
import { HSN_CODE_RULE } from '../tax/tax-checks';

const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map((p) => p / 100);
const description = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
const blank = fc.constantFrom(undefined, null, '', ' ', '   ', '\t\n ', 0, 42, true, {}, []);
const keptLine = fc.record({ itemDescription: description, quantity: amount, rate: amount, totalAmount: amount, cgstAmount: amount });
const droppedLine = fc.oneof(
  blank.map((d) => ({ itemDescription: d, quantity: 'not a number', discountType: 'bogus' })),
  fc.constantFrom(null, 'text', 7, [] as unknown[]),
);

function build(items: unknown[], inventory = true) {
  const errors = new FieldErrors();
  const lines = buildProductLines(items, errors, { inventory });
  return { lines, errors };
}

describe('hasDescription', () => {
  it('is true only for a string that is not blank after trimming', () => {
    expect(hasDescription({ itemDescription: ' Design ' })).toBe(true);
    for (const d of [undefined, null, '', '  ', '\n\t', 5, {}]) expect(hasDescription({ itemDescription: d })).toBe(false);
    for (const line of [null, undefined, 'Design', 3]) expect(hasDescription(line)).toBe(false);
  });
});

describe('buildProductLines', () => {
  it('drops every line without a description, keeps the rest in the order sent, never reports a dropped line', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(keptLine, droppedLine), { maxLength: 30 }), (items) => {
        const { lines, errors } = build(items);
        const kept = items.filter(hasDescription) as Array<{ itemDescription: string }>;
        expect(errors.has()).toBe(false);
        expect(lines.map((l) => l.description)).toEqual(kept.map((k) => k.itemDescription.trim()));
      }),
    );
  });

  it('keeps the amounts as sent (exact decimals) and 0 for those not sent', () => {
    fc.assert(
      fc.property(fc.array(keptLine, { minLength: 1, maxLength: 10 }), (items) => {
        const { lines } = build(items);
        lines.forEach((line, i) => {
          expect(toDecimal(line.quantity).eq(toDecimal(items[i].quantity))).toBe(true);
          expect(toDecimal(line.totalAmount).eq(toDecimal(items[i].totalAmount))).toBe(true);
          expect(toDecimal(line.cgstAmount).eq(toDecimal(items[i].cgstAmount))).toBe(true);
          expect(line.sgstAmount).toBe('0');
          expect(line.taxRate).toBe('0');
        });
      }),
    );
    const [line] = build([{ itemDescription: 'x', totalAmount: '118.10', quantity: '0.125', rate: 99.99 }]).lines;
    expect(line).toMatchObject({ totalAmount: '118.1', quantity: '0.125', rate: '99.99', hsnCode: '', discountType: null, discountValue: null });
  });

  it('an empty array or only dropped lines gives no lines', () => {
    expect(build([]).lines).toEqual([]);
    expect(build([{ itemDescription: ' ' }, {}, null]).lines).toEqual([]);
  });

  it('reports problems keyed items.<index as sent>.<field>', () => {
    const { errors } = build([
      { itemDescription: '' },
      { itemDescription: 'ok' },
      { itemDescription: 'bad', quantity: 'x', discountType: 'flat', hsnCode: 'x'.repeat(21) },
    ]);
    let thrown: unknown;
    try {
      errors.throwIfAny();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({
      code: 'validation_error',
      details: {
        'items.2.quantity': 'must be a number',
        'items.2.discountType': 'must be one of percentage, fixed',
        'items.2.hsnCode': HSN_CODE_RULE,
      },
    });
  });

  it('takes HSN codes of 4, 6 or 8 digits and SACs of 6 (4 for the heading) or none; anything else is a problem of the line', () => {
    for (const hsn of ['', ' ', '8544', '854420', '85442010', '998311', '9983', 8544, null, undefined]) {
      expect(build([{ itemDescription: 'x', hsnCode: hsn }]).errors.has()).toBe(false);
    }
    for (const hsn of ['ABC', '85', '854', '85442', '8544201', '854420101', '99831100', '8544-20', '8544 20', '-8544']) {
      expect(build([{ itemDescription: 'x' }, { itemDescription: 'y', hsnCode: hsn }]).errors.has('items.1.hsnCode')).toBe(true);
    }
    expect(build([{ itemDescription: 'x', hsnCode: ' 8544 ' }]).lines[0].hsnCode).toBe('8544');
  });

  it('takes only the rates the GSTR-1 format accepts: 17 percent is a problem of the line', () => {
    for (const rate of [0, '0.1', 0.25, 1, '1.5', 3, 5, 6, '7.5', 12, '18', '18.00', 28, 40, undefined, null, '']) {
      expect(build([{ itemDescription: 'x', taxRate: rate }]).errors.has()).toBe(false);
    }
    for (const rate of [17, '17', 2.5, 9, 14, 100, '12.5']) {
      expect(build([{ itemDescription: 'x' }, { itemDescription: 'y', taxRate: rate }]).errors.has('items.1.taxRate')).toBe(true);
    }
    expect(build([{ itemDescription: 'x', taxRate: 'abc' }]).errors.has('items.0.taxRate')).toBe(true);
  });

  it('keeps inventory links only where lines may carry them', () => {
    expect(build([{ itemDescription: 'x', inventoryId: 4 }]).lines[0].inventoryId).toBe(4);
    expect(build([{ itemDescription: 'x', inventoryId: 4 }], false).lines[0].inventoryId).toBeNull();
  });

  it('round-trips through lineAsInput (copying lines into a new document)', () => {
    fc.assert(
      fc.property(fc.array(keptLine, { maxLength: 10 }), (items) => {
        const { lines } = build(items);
        const stored: ProductLine[] = lines.map((l, i) => ({ ...l, id: i + 1 }));
        expect(build(stored.map(lineAsInput)).lines).toEqual(lineValues(stored));
      }),
    );
  });
});

describe('checkDiscount', () => {
  const check = (type: unknown, value: unknown) => {
    const errors = new FieldErrors();
    const result = checkDiscount(type as string, value as number, errors);
    return { result, errors };
  };

  it('accepts percentage 0..100 and any non-negative fixed amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
        (p) => {
          expect(check('percentage', p).errors.has()).toBe(false);
          expect(check('fixed', p * 1000).errors.has()).toBe(false);
        },
      ),
    );
    expect(check(null, null).result).toEqual({ discountType: null, discountValue: null });
    expect(check('', '').result).toEqual({ discountType: null, discountValue: null });
  });

  it('rejects other types, negative values and percentages above 100', () => {
    expect(check('flat', 1).errors.has('discountType')).toBe(true);
    expect(check('fixed', -1).errors.has('discountValue')).toBe(true);
    expect(check('percentage', 100.01).errors.has('discountValue')).toBe(true);
    expect(check('fixed', 'abc').errors.has('discountValue')).toBe(true);
  });
});

describe('decimalText', () => {
  const viaDecimal = (v: number | string) => {
    try {
      return toDecimal(v).toFixed();
    } catch {
      return null;
    }
  };

  it('writes what decimal.js writes, for numbers and numeric strings alike', () => {
    for (const v of [0, -0, 18, 6502.5, -5.25, 0.1, 1e21, 1.5e-7, 123.456, '0', '-0', '1.50', '007', '.5', '-0.5', ' 12 ', '1e3', 'abc', NaN, Infinity]) {
      expect(decimalText(v)).toBe(viaDecimal(v));
    }
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.stringMatching(/^-?\d{0,22}(\.\d{0,21})?$/)), (v) => {
        expect(decimalText(v)).toBe(viaDecimal(v));
      }),
      { numRuns: 5000 },
    );
  });
});
