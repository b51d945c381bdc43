import fc from 'fast-check';
import { cancellableUntil, daysSinceDate, extensionWindow, istInstant, istTimestamp, latestValidity, validityDays, validUntil } from './eway-bill-validity';

describe('e-way bill validity (rule 138(10))', () => {
  it('one day per 200 km or part for normal cargo, per 20 km or part for over-dimensional cargo', () => {
    const table: Array<[number, number, number]> = [
      // distance, regular days, over-dimensional days
      [1, 1, 1],
      [20, 1, 1],
      [21, 1, 2],
      [150, 1, 8],
      [200, 1, 10],
      [201, 2, 11],
      [250, 2, 13],
      [400, 2, 20],
      [401, 3, 21],
      [3999, 20, 200],
      [4000, 20, 200],
    ];
    for (const [km, regular, odc] of table) {
      expect([km, validityDays(km, 'regular')]).toEqual([km, regular]);
      expect([km, validityDays(km, 'over_dimensional')]).toEqual([km, odc]);
    }
  });

  it('refuses a distance that is not a whole number of kilometres from 1', () => {
    for (const km of [0, -5, 1.5, Number.NaN]) expect(() => validityDays(km, 'regular')).toThrow(RangeError);
  });

  it('days grow by one for each further slab, never fewer than one (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4000 }), fc.constantFrom('regular' as const, 'over_dimensional' as const), (km, cargo) => {
        const slab = cargo === 'regular' ? 200 : 20;
        const days = validityDays(km, cargo);
        // the distance fits in the days, and one day fewer would not cover it
        expect(days * slab).toBeGreaterThanOrEqual(km);
        expect((days - 1) * slab).toBeLessThan(km);
        expect(days).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('a day ends at midnight of the day following the date of generation (Indian time)', () => {
    // 2026-11-20 15:00 IST: one day ends at the end of 21 November, two days at the end of 22 November.
    const at = istInstant('2026-11-20 15:00:00');
    expect(validUntil(at, 1)).toBe('2026-11-21 23:59:59');
    expect(validUntil(at, 2)).toBe('2026-11-22 23:59:59');
    // The date is India's: 00:30 IST on 1 January (19:00 UTC on 31 December) counts from 1 January.
    expect(validUntil(istInstant('2026-12-31 23:30:00'), 1)).toBe('2027-01-01 23:59:59');
    expect(validUntil(istInstant('2027-01-01 00:30:00'), 1)).toBe('2027-01-02 23:59:59');
    // A leap day.
    expect(validUntil(istInstant('2028-02-28 10:00:00'), 2)).toBe('2028-03-01 23:59:59');
  });

  it('validity ends on the date of generation plus the days, whatever the hour (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2021-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 400 }),
        (at, days) => {
          const end = validUntil(at, days);
          const date = istTimestamp(at).slice(0, 10);
          expect(end.endsWith(' 23:59:59')).toBe(true);
          expect(daysSinceDate(date, istInstant(end))).toBe(days);
          // the bill is valid for more than days-1 and at most days whole days after generation
          const span = istInstant(end).getTime() - at.getTime();
          expect(span).toBeGreaterThan((days - 1) * 86_400_000);
          expect(span).toBeLessThanOrEqual((days + 1) * 86_400_000);
        },
      ),
    );
  });

  it('Indian timestamps round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2000-01-01T00:00:00Z') / 1000, max: Date.parse('2090-01-01T00:00:00Z') / 1000 }), (s) => {
        const at = new Date(s * 1000);
        expect(istInstant(istTimestamp(at)).getTime()).toBe(at.getTime());
      }),
    );
  });

  it('cancellation window of 24 hours, extension 8 hours either side of the end, 360 days in all', () => {
    expect(istTimestamp(cancellableUntil('2026-11-20 15:00:00'))).toBe('2026-11-21 15:00:00');
    const w = extensionWindow('2026-11-21 23:59:59');
    expect(istTimestamp(w.opens)).toBe('2026-11-21 15:59:59');
    expect(istTimestamp(w.closes)).toBe('2026-11-22 07:59:59');
    expect(latestValidity('2026-01-01 09:00:00')).toBe('2026-12-27 23:59:59');
  });
});
