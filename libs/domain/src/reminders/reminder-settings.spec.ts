import fc from 'fast-check';
import { addDays } from '../recurring-invoices/recurring-schedule';
import {
  checkReminderSettings,
  DEFAULT_REMINDER_SETTINGS,
  dueSteps,
  nextStep,
  REMINDER_CATCH_UP_DAYS,
  reminderWindow,
  ReminderSettings,
} from './reminder-settings';

const settings = (offsets: number[], enabledOn = '2026-01-01'): ReminderSettings => ({
  enabled: true,
  enabledOn,
  steps: offsets.map((daysOffset) => ({ daysOffset, subject: 's', message: 'm', enabled: true })),
});

describe('payment reminder schedule', () => {
  it('is off by default; turning it on records the day; steps are sorted and checked', () => {
    expect(DEFAULT_REMINDER_SETTINGS.enabled).toBe(false);
    const on = checkReminderSettings(
      {
        enabled: true,
        steps: [
          { daysOffset: 7, subject: 'b', message: 'b' },
          { daysOffset: -3, subject: 'a', message: 'a' },
        ],
      },
      DEFAULT_REMINDER_SETTINGS,
      '2026-05-01',
    );
    expect(on.enabledOn).toBe('2026-05-01');
    expect(on.steps.map((s) => s.daysOffset)).toEqual([-3, 7]);
    // Staying on keeps the day; off clears it.
    expect(checkReminderSettings({}, on, '2026-06-01').enabledOn).toBe('2026-05-01');
    expect(checkReminderSettings({ enabled: false }, on, '2026-06-01').enabledOn).toBeNull();
    expect(() =>
      checkReminderSettings({ steps: Array.from({ length: 6 }, (_, i) => ({ daysOffset: i, subject: 's', message: 'm' })) }, on, '2026-06-01'),
    ).toThrow();
    expect(() => checkReminderSettings({ steps: [{ daysOffset: 400, subject: 's', message: 'm' }] }, on, '2026-06-01')).toThrow();
  });

  it('daily ticks send each enabled step once, on its day, never before reminders were turned on; after downtime, a step missed for at most a week', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -60, max: 365 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 60 }),
        (offsets, dueShift, downtime) => {
          const s = settings(offsets, '2026-03-01');
          const due = addDays('2026-03-01', dueShift);
          const sent = new Set<number>();
          const days: string[] = [];
          for (let d = '2026-01-01'; d <= '2027-12-31'; d = addDays(d, 1)) days.push(d);
          const sentOn: Array<[number, string]> = [];
          // Workers down for `downtime` days after the first step.
          const firstStep = addDays(due, Math.min(...offsets));
          for (const today of days) {
            if (today > firstStep && today <= addDays(firstStep, downtime)) continue;
            for (const step of dueSteps(s, due, today, sent)) {
              sent.add(step.daysOffset);
              sentOn.push([step.daysOffset, today]);
            }
          }
          // The first pass on or after a step's day: after the downtime when the step fell in it.
          const firstPass = (day: string) => (day > firstStep && day <= addDays(firstStep, downtime) ? addDays(firstStep, downtime + 1) : day);
          const expected = offsets.filter((o) => {
            const day = addDays(due, o);
            return day >= '2026-03-01' && firstPass(day) <= addDays(day, REMINDER_CATCH_UP_DAYS);
          });
          expect(sentOn.map(([o]) => o).sort((x, y) => x - y)).toEqual([...expected].sort((x, y) => x - y));
          for (const [o, day] of sentOn) expect(day >= addDays(due, o)).toBe(true);
          expect(nextStep(s, due, '2027-12-31', sent)).toBeNull();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('the next step is the first one not sent from today on; none while reminders are off', () => {
    const s = settings([-3, 1, 7]);
    expect(nextStep(s, '2026-05-10', '2026-05-01', new Set())).toEqual({ step: 1, daysOffset: -3, date: '2026-05-07' });
    expect(nextStep(s, '2026-05-10', '2026-05-08', new Set([-3]))).toEqual({ step: 2, daysOffset: 1, date: '2026-05-11' });
    expect(nextStep({ ...s, enabled: false }, '2026-05-10', '2026-05-01', new Set())).toBeNull();
    expect(dueSteps({ ...s, enabled: false }, '2026-05-10', '2026-05-30', new Set())).toEqual([]);
  });

  it('a pass reads only the invoices whose due date can have a step today: a window of bounded width, however long reminders have been on', () => {
    const day = (n: number) => addDays('2026-01-01', n);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -60, max: 365 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: -500, max: 2500 }),
        (offsets, enabledAt, todayAt, dueAt) => {
          const s = settings(offsets, day(enabledAt));
          const today = day(todayAt);
          const window = reminderWindow(s, today);
          const steps = dueSteps(s, day(dueAt), today, new Set());
          // Every invoice with a step to send is in the window...
          if (steps.length) {
            expect(window).not.toBeNull();
            expect(day(dueAt) >= window!.dueFrom && day(dueAt) <= window!.dueTo).toBe(true);
          }
          // ...and the window spans the catch-up days and the offsets' spread, not the time since reminders were turned on.
          if (window) {
            const spread = Math.max(...offsets) - Math.min(...offsets);
            expect(window.dueTo <= addDays(window.dueFrom, REMINDER_CATCH_UP_DAYS + spread)).toBe(true);
          } else expect(todayAt < enabledAt).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // On for a year: a pass of 1 February 2027 with steps at -3, 1 and 7 days reads invoices due 18 January to 4 February.
    expect(reminderWindow(settings([-3, 1, 7], '2026-01-01'), '2027-02-01')).toEqual({ dueFrom: '2027-01-18', dueTo: '2027-02-04' });
    expect(reminderWindow({ ...settings([1]), enabled: false }, '2027-02-01')).toBeNull();
  });
});
