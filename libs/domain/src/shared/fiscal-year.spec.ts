import fc from 'fast-check';
import { dateProblem, fiscalYearLabel, fiscalYearOf, fiscalYearRange, formatTimestamp, isCalendarDate, isValidDate, kolkataDate } from './fiscal-year';

const DAY_MS = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('fiscalYearRange', () => {
  it('runs from April 1 to March 31 of the next year', () => {
    expect(fiscalYearRange(2025)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(fiscalYearRange(1999)).toEqual({ from: '1999-04-01', to: '2000-03-31' });
  });

  it('rejects a year that is not an integer', () => {
    expect(() => fiscalYearRange(2025.5)).toThrow(RangeError);
    expect(() => fiscalYearRange(NaN)).toThrow(RangeError);
  });

  it('puts every date of the range in that financial year, and the days around it outside', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 0, max: 365 }), (year, offset) => {
        const { from, to } = fiscalYearRange(year);
        const start = Date.parse(`${from}T00:00:00Z`);
        const end = Date.parse(`${to}T00:00:00Z`);
        const day = start + offset * DAY_MS;
        fc.pre(day <= end);
        expect(isCalendarDate(ymd(day))).toBe(true);
        expect(fiscalYearOf(ymd(day))).toBe(year);
        expect(fiscalYearOf(ymd(start - DAY_MS))).toBe(year - 1);
        expect(fiscalYearOf(ymd(end + DAY_MS))).toBe(year + 1);
      }),
    );
  });

  it('has 366 days when it holds a February 29', () => {
    const days = (y: number) => {
      const { from, to } = fiscalYearRange(y);
      return (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    };
    expect(days(2023)).toBe(366);
    expect(days(2024)).toBe(365);
  });
});

describe('fiscalYearOf', () => {
  it('turns on April 1', () => {
    expect(fiscalYearOf('2025-03-31')).toBe(2024);
    expect(fiscalYearOf('2025-04-01')).toBe(2025);
    expect(fiscalYearOf('2025-12-31')).toBe(2025);
    expect(fiscalYearOf('2026-01-01')).toBe(2025);
    expect(fiscalYearOf('2026-03-31')).toBe(2025);
    expect(fiscalYearOf('2026-04-01')).toBe(2026);
  });

  it('rejects what is not a Y-m-d date', () => {
    for (const bad of ['2025-02-30', '2025-4-1', '2025-04-01 10:00:00', '']) {
      expect(() => fiscalYearOf(bad)).toThrow(RangeError);
    }
  });
});

describe('fiscalYearLabel', () => {
  it('gives two-digit years', () => {
    expect(fiscalYearLabel(2025)).toBe('25-26');
    expect(fiscalYearLabel(2009)).toBe('09-10');
    expect(fiscalYearLabel(2099)).toBe('99-00');
  });
});

describe('kolkataDate', () => {
  it('is UTC plus 5:30', () => {
    expect(kolkataDate(new Date('2025-03-31T18:29:59.999Z'))).toBe('2025-03-31');
    expect(kolkataDate(new Date('2025-03-31T18:30:00.000Z'))).toBe('2025-04-01');
    expect(kolkataDate(new Date('2024-12-31T18:30:00Z'))).toBe('2025-01-01');
    expect(kolkataDate(new Date('2024-02-28T20:00:00Z'))).toBe('2024-02-29');
    expect(kolkataDate(new Date('2025-06-15T00:00:00Z'))).toBe('2025-06-15');
  });

  it('agrees with the UTC date of the instant shifted by 5:30', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        expect(kolkataDate(new Date(ms))).toBe(ymd(ms + 19_800_000));
      }),
    );
  });
});

describe('formatTimestamp', () => {
  it('gives Y-m-d H:i:s in UTC', () => {
    expect(formatTimestamp(new Date('2025-04-01T05:06:07.890Z'))).toBe('2025-04-01 05:06:07');
    expect(formatTimestamp(new Date('1999-12-31T23:59:59Z'))).toBe('1999-12-31 23:59:59');
  });

  it('rejects an invalid Date', () => {
    expect(() => formatTimestamp(new Date('nope'))).toThrow(RangeError);
  });
});

describe('isCalendarDate', () => {
  it('accepts real calendar dates of any year from 0001 to 9999', () => {
    for (const ok of ['2024-02-29', '2000-02-29', '2025-12-31', '2025-04-30', '0001-01-01', '9999-12-31']) expect(isCalendarDate(ok)).toBe(true);
  });

  it('rejects impossible dates and other forms', () => {
    const bad = [
      '2025-02-29',
      '1900-02-29',
      '2025-04-31',
      '2025-13-01',
      '2025-00-10',
      '2025-01-00',
      '0000-01-01',
      '2025-1-01',
      '25-01-01',
      '2025/01/01',
      '2025-01-01T00:00:00Z',
      ' 2025-01-01',
      '',
    ];
    for (const value of bad) expect(isCalendarDate(value)).toBe(false);
  });

  it('agrees with the UTC calendar for every day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (n) => {
        expect(isCalendarDate(ymd(n * DAY_MS))).toBe(true);
      }),
    );
  });
});

describe('isValidDate and dateProblem', () => {
  it('take the calendar dates of the years 2000 to 2099', () => {
    for (const ok of ['2000-01-01', '2000-02-29', '2025-04-01', '2099-12-31']) {
      expect(isValidDate(ok)).toBe(true);
      expect(dateProblem(ok)).toBeNull();
    }
  });

  it('refuse the calendar dates outside them with the range, and what is not a date as such', () => {
    for (const far of [
      '0001-01-01',
      '0001-03-31',
      '1899-12-31',
      '1900-01-01',
      '1950-06-01',
      '1999-12-31',
      '2100-01-01',
      '2125-05-01',
      '9999-06-01',
      '9999-12-31',
    ]) {
      expect(isValidDate(far)).toBe(false);
      expect(dateProblem(far)).toBe('must be a date from 2000-01-01 to 2099-12-31');
    }
    for (const bad of ['2025-02-29', '0000-01-01', '2025-01-01 10:00:00', '', null, 20250101]) expect(dateProblem(bad)).toBe('must be a date written Y-m-d');
    expect(dateProblem('nope', 'must be a date (YYYY-MM-DD)')).toBe('must be a date (YYYY-MM-DD)');
  });

  it('give every date of the window a financial year with a range and a label', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2099-12-31') }), (ms) => {
        const date = ymd(ms);
        expect(isValidDate(date)).toBe(true);
        const fy = fiscalYearOf(date);
        const { from, to } = fiscalYearRange(fy);
        expect(from <= date && date <= to).toBe(true);
        expect(fiscalYearLabel(fy)).toMatch(/^\d{2}-\d{2}$/);
      }),
    );
  });
});
