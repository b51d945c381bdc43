import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  abs,
  compare,
  Exact,
  exactOf,
  isMoneyLike,
  minus,
  money2,
  moneyText,
  paiseOf,
  paiseRounded,
  paiseText,
  plus,
  shifted,
  sumMoney,
  times,
  toDecimal,
  toNumber2,
} from './money';

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

describe('exact decimals (the arithmetic of money2, sumMoney and the tax engine)', () => {
  const D = Decimal.clone({ precision: 200 });
  /** Decimal texts of every form toDecimal reads: signs, leading zeros, bare points, exponents, many digits. */
  const texts = fc
    .tuple(
      fc.constantFrom('', '-', '+'),
      fc.stringMatching(/^\d{0,20}$/),
      fc.constantFrom('', '.'),
      fc.stringMatching(/^\d{0,12}$/),
      fc.constantFrom('', 'e3', 'E-4', 'e+2', 'e-12', 'e0'),
    )
    .map(([sign, whole, point, fraction, exponent]) => `${sign}${whole}${point}${point ? fraction : ''}${exponent}`)
    .filter((text) => /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text));
  const decimal = (e: Exact) => new D(e.units.toString()).div(new D(10).pow(e.scale));
  const rounded = (d: Decimal) => {
    const r = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return r.isZero() ? '0.00' : r.toFixed(2);
  };

  it('reads every numeric text and number exactly, as decimal.js reads it', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(decimal(exactOf(text)).eq(new D(text))).toBe(true);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e20, max: 1e20 }), (n) => {
        expect(decimal(exactOf(n)).eq(new D(n))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(exactOf('007.10')).toEqual({ units: BigInt(710), scale: 2 });
    expect(exactOf(1e21)).toEqual({ units: BigInt('1000000000000000000000'), scale: 0 });
    expect(exactOf(1e-7)).toEqual({ units: BigInt(1), scale: 7 });
    expect(exactOf(new Decimal('1.5e+30')).units.toString()).toBe('1500000000000000000000000000000');
  });

  it('refuses what toDecimal refuses, and exponents past 400', () => {
    for (const bad of ['', ' ', 'abc', '1_000', '1e', '--1', 'NaN', '0x10']) expect(() => exactOf(bad)).toThrow(RangeError);
    for (const bad of [Number.NaN, Infinity, -Infinity]) expect(() => exactOf(bad)).toThrow(RangeError);
    expect(() => exactOf('1e401')).toThrow(RangeError);
    expect(() => exactOf('1e-401')).toThrow(RangeError);
    expect(exactOf(-5e-324)).toEqual({ units: BigInt(-5), scale: 324 });
    expect(() => exactOf(null as unknown as string)).toThrow(RangeError);
  });

  it('adds, subtracts, multiplies, compares and rounds to the paisa as decimal.js does, exactly (property)', () => {
    fc.assert(
      fc.property(texts, texts, (a, b) => {
        const [x, y] = [exactOf(a), exactOf(b)];
        const [dx, dy] = [new D(a), new D(b)];
        expect(decimal(plus(x, y)).eq(dx.plus(dy))).toBe(true);
        expect(decimal(minus(x, y)).eq(dx.minus(dy))).toBe(true);
        expect(decimal(times(x, y)).eq(dx.times(dy))).toBe(true);
        expect(decimal(shifted(x, 3)).eq(dx.div(1000))).toBe(true);
        expect(compare(x, y)).toBe(dx.comparedTo(dy));
        expect(decimal(abs(x)).eq(dx.abs())).toBe(true);
        expect(moneyText(x)).toBe(rounded(dx));
        expect(paiseRounded(x).toString()).toBe(dx.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed().replace(/^-0$/, '0'));
      }),
      { numRuns: 5000 },
    );
    expect(moneyText(exactOf('0.005'))).toBe('0.01');
    expect(moneyText(exactOf('-0.005'))).toBe('-0.01');
    expect(moneyText(exactOf('-0.004'))).toBe('0.00');
  });
});
