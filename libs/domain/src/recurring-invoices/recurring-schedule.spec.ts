import fc from 'fast-check';
import {
  addDays,
  CatchUp,
  daysInMonth,
  dueRun,
  Frequency,
  initialState,
  nextOccurrenceFrom,
  occurrence,
  RecurringSchedule,
  rescheduled,
  runsOver,
} from './recurring-schedule';

const MONTH_STEP: Record<Frequency, number> = { weekly: 0, monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

const ymd = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

const dateArb = fc
  .record({ y: fc.integer({ min: 2020, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => ymd(y, m, Math.min(d, daysInMonth(y, m))));

const scheduleArb: fc.Arbitrary<RecurringSchedule> = fc
  .record({
    frequency: fc.constantFrom<Frequency>('weekly', 'monthly', 'quarterly', 'half_yearly', 'yearly'),
    interval: fc.integer({ min: 1, max: 4 }),
    startDate: dateArb,
    end: fc.oneof(
      fc.constant({ endDate: null, occurrences: null }),
      fc.integer({ min: 1, max: 30 }).map((occurrences) => ({ endDate: null, occurrences })),
      fc.integer({ min: 0, max: 1500 }).map((days) => ({ endDate: days, occurrences: null })),
    ),
    dayOfMonth: fc.oneof(fc.constant(null), fc.constant<'last'>('last'), fc.integer({ min: 1, max: 28 })),
  })
  .map(({ frequency, interval, startDate, end, dayOfMonth }) => ({
    frequency,
    interval,
    startDate,
    endDate: end.endDate === null ? null : addDays(startDate, end.endDate as number),
    occurrences: end.occurrences,
    dayOfMonth,
  }));

describe('recurring schedule arithmetic', () => {
  it('month ends: the 31st runs on the last day of shorter months, and goes back to the 31st after them', () => {
    const s: RecurringSchedule = { frequency: 'monthly', interval: 1, startDate: '2025-01-31', endDate: null, occurrences: null, dayOfMonth: null };
    expect([0, 1, 2, 3, 4].map((k) => occurrence(s, k))).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31']);
    const leap = { ...s, startDate: '2024-01-31' };
    expect(occurrence(leap, 1)).toBe('2024-02-29');
    const last = { ...s, startDate: '2025-01-10', dayOfMonth: 'last' as const };
    expect([0, 1, 2].map((k) => occurrence(last, k))).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    // Yearly from 29 February: 28 February in common years, 29 in leap years.
    const yearly: RecurringSchedule = { ...s, frequency: 'yearly', startDate: '2024-02-29' };
    expect([0, 1, 4].map((k) => occurrence(yearly, k))).toEqual(['2024-02-29', '2025-02-28', '2028-02-29']);
  });

  it('day_of_month: the first run is the first such day on or after start_date', () => {
    const s: RecurringSchedule = { frequency: 'monthly', interval: 1, startDate: '2025-01-15', endDate: null, occurrences: null, dayOfMonth: 1 };
    expect(occurrence(s, 0)).toBe('2025-02-01');
    expect(occurrence({ ...s, dayOfMonth: 15 }, 0)).toBe('2025-01-15');
    expect(occurrence({ ...s, frequency: 'quarterly', dayOfMonth: 20 }, 1)).toBe('2025-04-20');
  });

  it('every occurrence is on its day rule, in order, one period apart, and on or after start_date', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 40 }), (s, k) => {
        const a = occurrence(s, k);
        const b = occurrence(s, k + 1);
        expect(a >= s.startDate).toBe(true);
        expect(b > a).toBe(true);
        if (s.frequency === 'weekly') {
          expect(addDays(a, 7 * s.interval)).toBe(b);
          return;
        }
        expect(monthIndex(b) - monthIndex(a)).toBe(MONTH_STEP[s.frequency] * s.interval);
        const [y, m, d] = [Number(b.slice(0, 4)), Number(b.slice(5, 7)), Number(b.slice(8, 10))];
        const last = daysInMonth(y, m);
        if (s.dayOfMonth === 'last') expect(d).toBe(last);
        else expect(d).toBe(Math.min(s.dayOfMonth ?? Number(s.startDate.slice(8, 10)), last));
        // No run is skipped at the start: the month before the first holds no such day on or after start_date.
        expect(monthIndex(occurrence(s, 0)) - monthIndex(s.startDate)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('daily ticks make each occurrence once, up to the end date or the count, and nothing before it is due', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 1, max: 800 }), (s, span) => {
        const days = daysBetween(addDays(s.startDate, -3), addDays(s.startDate, span));
        const made = runsOver(s, 'each', days);
        expect(new Set(made).size).toBe(made.length);
        const expected: string[] = [];
        for (let k = 0; ; k++) {
          const date = occurrence(s, k);
          if (date > days[days.length - 1] || (s.endDate !== null && date > s.endDate) || (s.occurrences !== null && k >= s.occurrences)) break;
          expected.push(date);
        }
        expect(made).toEqual(expected);
      }),
    );
  });

  it('catch-up after downtime: `each` makes every missed date on its own date; `one` makes one invoice dated today', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 400 }), (s, downFrom, downFor) => {
        const last = addDays(s.startDate, downFrom + downFor + 200);
        const all = daysBetween(s.startDate, last);
        // The workers are down (no tick) from day downFrom for downFor days.
        const up = all.filter((_, i) => i < downFrom || i >= downFrom + downFor);
        expect(runsOver(s, 'each', up)).toEqual(runsOver(s, 'each', all));
        const one = runsOver(s, 'one', up);
        expect(new Set(one).size).toBe(one.length);
        const backAt = all[downFrom + downFor];
        const missed = runsOver(s, 'each', all).filter((d) => d >= all[downFrom] && d < backAt);
        if (missed.length) expect(one).toContain(backAt);
        // Every `one` invoice is on a day a worker ran, and never more invoices than `each` makes.
        for (const d of one) expect(up).toContain(d);
        expect(one.length).toBeLessThanOrEqual(runsOver(s, 'each', all).length);
      }),
      { numRuns: 60 },
    );
  });

  it('a run is made once: after it, the same day has nothing due', () => {
    fc.assert(
      fc.property(scheduleArb, (s) => {
        const state = initialState(s);
        if (state.nextRunDate === null) return;
        const run = dueRun(s, state, 'each', state.nextRunDate)!;
        expect(run.runDate).toBe(state.nextRunDate);
        expect(dueRun(s, run.after, 'each', state.nextRunDate)).toBeNull();
        expect(dueRun(s, state, 'each', addDays(state.nextRunDate, -1))).toBeNull();
      }),
    );
  });

  it('pause and resume: nothing while paused, the dates of the pause are not made, the schedule goes on from the resume', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 300 }), (s, pauseAt, pausedFor) => {
        const all = daysBetween(s.startDate, addDays(s.startDate, pauseAt + pausedFor + 200));
        const before = all.slice(0, pauseAt);
        const resumeDay = all[pauseAt + pausedFor];
        const madeBefore = runsOver(s, 'each', before);
        let state = initialState(s);
        for (const d of before) for (let r = dueRun(s, state, 'each', d); r; r = dueRun(s, state, 'each', d)) state = r.after;
        state = rescheduled(s, state, madeBefore.length ? madeBefore[madeBefore.length - 1] : null, resumeDay);
        const after = runsOver(s, 'each', all.slice(pauseAt + pausedFor), state);
        for (const d of after) expect(d >= resumeDay).toBe(true);
        const all_ = [...madeBefore, ...after];
        expect(new Set(all_).size).toBe(all_.length);
        if (s.occurrences !== null) expect(all_.length).toBeLessThanOrEqual(s.occurrences);
        // After the resume, the runs are the schedule's own dates.
        const uninterrupted = new Set(runsOver({ ...s, occurrences: null }, 'each', all));
        for (const d of after) expect(uninterrupted.has(d)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('resume makes no burst of past invoices in either catch-up mode; only an outage after the resume is caught up', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.constantFrom<CatchUp>('each', 'one'),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 90 }),
        (s, mode, pauseAt, pausedFor, downAfter) => {
          const all = daysBetween(s.startDate, addDays(s.startDate, pauseAt + pausedFor + downAfter + 100));
          const resumeDay = all[pauseAt + pausedFor];
          let state = initialState(s);
          let last: string | null = null;
          for (const d of all.slice(0, pauseAt)) {
            for (let r = dueRun(s, state, mode, d); r; r = dueRun(s, state, mode, d)) [state, last] = [r.after, r.runDate];
          }
          // Paused (the workers may have been down too): the dates of the pause are gone on resume.
          state = rescheduled(s, state, last, resumeDay);
          // The workers are down for `downAfter` days after the resume, then tick daily.
          const backAt = addDays(resumeDay, downAfter);
          const firstPass = runsOver(s, mode, [backAt], state);
          const scheduled = runsOver({ ...s, occurrences: null }, 'each', all).filter((d) => d >= resumeDay && d <= backAt);
          if (mode === 'one') expect(firstPass.length).toBeLessThanOrEqual(1);
          else expect(firstPass).toEqual(scheduled.slice(0, firstPass.length));
          for (const d of firstPass) expect(d >= resumeDay).toBe(true);
          // Without an outage after the resume, the resume day itself makes at most its own run.
          if (downAfter === 0) expect(firstPass.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('ends: no run after end_date, at most `occurrences` runs; a finished schedule has no next date', () => {
    const s: RecurringSchedule = { frequency: 'monthly', interval: 2, startDate: '2025-01-31', endDate: '2025-07-31', occurrences: null, dayOfMonth: null };
    expect(runsOver(s, 'each', daysBetween('2025-01-01', '2026-12-31'))).toEqual(['2025-01-31', '2025-03-31', '2025-05-31', '2025-07-31']);
    const counted = { ...s, endDate: null, occurrences: 2 };
    expect(runsOver(counted, 'each', daysBetween('2025-01-01', '2026-12-31'))).toEqual(['2025-01-31', '2025-03-31']);
    expect(nextOccurrenceFrom(counted, '2025-04-01', 2)).toBeNull();
    expect(nextOccurrenceFrom({ ...s, startDate: '2099-12-01', endDate: null }, '2099-12-02', 1)).toBeNull();
  });

  it('a monthly schedule crossing 1 April runs on 31 March and 30 April (two financial years)', () => {
    const s: RecurringSchedule = { frequency: 'monthly', interval: 1, startDate: '2026-01-31', endDate: null, occurrences: null, dayOfMonth: 'last' };
    expect(runsOver(s, 'each', daysBetween('2026-01-01', '2026-05-31'))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });
});
