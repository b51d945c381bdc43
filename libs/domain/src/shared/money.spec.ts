import Decimal from 'decimal.js';
import fc from 'fast-check';
import { divideRoundingHalfUp, isMoneyLike, money2, paiseOf, paiseOfScaled, paiseText, pow10, scaledOf, sumMoney, toDecimal, toNumber2 } from './money';

const paiseToString = (p: number) => {
  const sign = p < 0 ? '-' : '';
  const abs = Math.abs(p);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

describe('toDecimal', () => {
  it('reads numbers and numeric strings exactly', () => {
    expect(toDecimal(0.1).plus(toDecimal(0.2)).toString()).toBe('0.3');
    expect(toDecimal(' 12.50 ').toString()).toBe('12.5');
    expect(toDecimal('-3').toString()).toBe('-3');
    expect(toDecimal(new Decimal('1.005')).toString()).toBe('1.005');
  });

  it('rejects what is not a finite number', () => {
    for (const bad of [NaN, Infinity, -Infinity, '', 'abc', '1,000', '12.3.4', '0x10']) {
      expect(() => toDecimal(bad)).toThrow(RangeError);
    }
  });
});

describe('money2', () => {
  it('rounds half-up to 2 decimals', () => {
    expect(money2('1.005')).toBe('1.01');
    expect(money2(1.005)).toBe('1.01');
    expect(money2('1.004')).toBe('1.00');
    expect(money2(2.675)).toBe('2.68');
    expect(money2('-1.005')).toBe('-1.01');
    expect(money2(10)).toBe('10.00');
    expect(money2('12345678901.235')).toBe('12345678901.24');
  });

  it('never shows a negative zero', () => {
    expect(money2('-0.001')).toBe('0.00');
    expect(money2(-0)).toBe('0.00');
  });
});

/** money2 as decimal.js alone computes it (the path before the whole-paise shortcut). */
const decimalMoney2 = (text: string) => {
  const rounded = toDecimal(text).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return rounded.isZero() ? '0.00' : rounded.toFixed(2);
};

/** Plain decimal texts of every shape the shortcut must get right: signs, leading zeros, 0 to 3 decimals. */
const amountTexts = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,14}$/), fc.constantFrom('', '.', '.0', '.5', '.05', '.50', '.99', '.125', '.005'))
  .map(([negative, digits, fraction]) => `${negative ? '-' : ''}${digits}${fraction}`);

describe('whole paise', () => {
  it('paiseOf reads plain amounts of up to 2 decimals exactly and refuses the rest', () => {
    expect(paiseOf('4275')).toBe(427500);
    expect(paiseOf('-6502.5')).toBe(-650250);
    expect(paiseOf('0.05')).toBe(5);
    expect(paiseOf('007.10')).toBe(710);
    for (const other of ['1.005', '1e3', '+5', ' 5', '5.', '.5', '', '12345678901234', '1,000']) expect(paiseOf(other)).toBeNull();
  });

  it('agrees with decimal.js on every plain amount it accepts, and money2 with it on every amount', () => {
    fc.assert(
      fc.property(amountTexts, (text) => {
        const paise = paiseOf(text);
        if (paise !== null) expect(paise).toBe(toDecimal(text).times(100).toNumber());
        expect(money2(text)).toBe(decimalMoney2(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('paiseText writes what money2 writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (p) => {
        expect(paiseText(p)).toBe(decimalMoney2(toDecimal(p).div(100).toFixed()));
      }),
      { numRuns: 5000 },
    );
    expect(paiseText(-0)).toBe('0.00');
    expect(paiseText(-5)).toBe('-0.05');
  });
});

describe('sumMoney', () => {
  it('adds without float drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['100.10', 200.2, new Decimal('-0.30')])).toBe('300.00');
  });

  it('equals the integer sum of paise divided by 100', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e12, max: 1e12 }), { maxLength: 50 }), fc.boolean(), (paise, asNumbers) => {
        const values = paise.map((p) => (asNumbers ? Number(paiseToString(p)) : paiseToString(p)));
        const total = paise.reduce((a, b) => a + b, 0);
        expect(sumMoney(values)).toBe(paiseToString(total));
      }),
    );
  });

  it('agrees with decimal.js alone on plain and other texts mixed, and past the range of whole paise in a double', () => {
    const decimalSum = (values: string[]) => decimalMoney2(values.reduce((sum, v) => sum.plus(toDecimal(v)), toDecimal(0)).toFixed());
    fc.assert(
      fc.property(fc.array(amountTexts, { maxLength: 8 }), (values) => {
        expect(sumMoney(values)).toBe(decimalSum(values));
      }),
      { numRuns: 3000 },
    );
    // Ten of these pass 2^53 paise; adding one paisa then gives an odd sum a double cannot hold.
    const huge = [...Array.from({ length: 10 }, () => '9999999999999.99'), '0.01'];
    expect(sumMoney(huge)).toBe(decimalSum(huge));
    expect(sumMoney(huge)).toBe('99999999999999.91');
  });
});

describe('toNumber2', () => {
  it('gives a number with at most 2 decimals', () => {
    expect(toNumber2(0.1 + 0.2)).toBe(0.3);
    expect(toNumber2('99.999')).toBe(100);
    expect(toNumber2('-0.004')).toBe(0);
    expect(JSON.stringify({ a: toNumber2('1234.5') })).toBe('{"a":1234.5}');
  });

  it('round-trips every paise amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (p) => {
        expect(money2(toNumber2(paiseToString(p)))).toBe(paiseToString(p));
      }),
    );
  });
});

describe('isMoneyLike', () => {
  it('accepts finite numbers and numeric strings with at most 2 decimals', () => {
    for (const ok of [0, 12, 12.5, -3.25, '0', '12', '12.5', '-12.50', '9999999999999.99', 9999999999999.99]) {
      expect(isMoneyLike(ok)).toBe(true);
    }
  });

  it('rejects everything else', () => {
    const bad = [
      NaN,
      Infinity,
      0.1 + 0.2,
      1.005,
      1e13,
      -1e13,
      '1e13',
      '10000000000000',
      '1.005',
      '',
      ' 1',
      '+1',
      '.5',
      '5.',
      '1,000',
      'abc',
      null,
      undefined,
      true,
      {},
      [],
      1e-7,
    ];
    for (const value of bad) expect(isMoneyLike(value)).toBe(false);
  });
});

describe('toNumber2 on stored decimals', () => {
  it('gives what rounding through money2 gives, for any DECIMAL(15,2) text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(BigInt(10) ** BigInt(15)) + BigInt(1), max: BigInt(10) ** BigInt(15) - BigInt(1) }), (paise) => {
        const negative = paise < BigInt(0);
        const abs = negative ? -paise : paise;
        const text = `${negative ? '-' : ''}${abs / BigInt(100)}.${String(abs % BigInt(100)).padStart(2, '0')}`;
        expect(toNumber2(text)).toBe(Number(money2(text)));
      }),
    );
  });
});

describe('exact scaled decimals', () => {
  it('reads plain decimals of at most 15 digits as whole units and a scale; anything else is null', () => {
    expect(scaledOf('415.5')).toEqual({ units: 4155, scale: 1 });
    expect(scaledOf(18)).toEqual({ units: 18, scale: 0 });
    expect(scaledOf(0.125)).toEqual({ units: 125, scale: 3 });
    expect(scaledOf('-0.05')).toEqual({ units: -5, scale: 2 });
    expect(scaledOf('-0')).toEqual({ units: 0, scale: 0 });
    expect(scaledOf('007.10')).toEqual({ units: 710, scale: 2 });
    expect(scaledOf('123456789012345')).toEqual({ units: 123456789012345, scale: 0 });
    for (const other of ['1234567890123456', '1e3', ' 1', '+1', '1.', '.5', '', 'NaN', '1_000']) expect(scaledOf(other)).toBeNull();
    for (const other of [1e21, Number.NaN, Infinity, 1e-7]) expect(scaledOf(other)).toBeNull();
  });

  it('rounds a scaled value to paise half-up, ties away from zero, as decimal.js does (property)', () => {
    const D = Decimal.clone({ precision: 60 });
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 17 }), (units, scale) => {
        const expected = new D(units).div(new D(10).pow(scale - 2)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
        const got = paiseOfScaled(units, scale);
        if (expected.abs().gt(Number.MAX_SAFE_INTEGER)) expect(got).toBeNull();
        else expect(got).toBe(expected.toNumber() + 0);
      }),
      { numRuns: 5000 },
    );
    expect(paiseOfScaled(5, 3)).toBe(1);
    expect(paiseOfScaled(-5, 3)).toBe(-1);
    expect(paiseOfScaled(-4, 3)).toBe(0);
    expect(Object.is(paiseOfScaled(-4, 3), -0)).toBe(false);
    expect(paiseOfScaled(2 ** 53, 2)).toBeNull();
    expect(paiseOfScaled(1, 18)).toBeNull();
  });

  it('divides with the remainder, so no quotient near a whole number is misread (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }), fc.bigInt({ min: 1n, max: 10n ** 15n }), (n, d) => {
        const abs = n < 0n ? -n : n;
        const q = abs / d + ((abs % d) * 2n >= d ? 1n : 0n);
        expect(divideRoundingHalfUp(Number(n), Number(d))).toBe(Number(n < 0n ? -q : q) + 0);
      }),
      { numRuns: 5000 },
    );
    expect(pow10(0)).toBe(1);
    expect(pow10(22)).toBe(1e22);
    expect(() => pow10(23)).toThrow(RangeError);
  });
});
