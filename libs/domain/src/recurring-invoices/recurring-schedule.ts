/**
 * The calendar of a recurring invoice profile, as pure functions of dates (Y-m-d strings, days of the
 * account's calendar: Asia/Kolkata). Occurrence k of a schedule is computed from its start, never from the
 * occurrence before it, so a run on the 28th of February does not pull the following months to the 28th.
 *
 * - weekly: start_date, then every 7 * interval days;
 * - monthly, quarterly, half_yearly, yearly: every 1, 3, 6 or 12 months times interval, on `day_of_month`
 *   (1-28 or `last`), or, without it, on the day of start_date, clamped to the month's last day (a start on
 *   the 31st runs on 28 or 29 February, 30 April, 31 May). The first occurrence is the first such day on or
 *   after start_date.
 * - An end: no occurrence after end_date, and at most `occurrences` runs in all.
 */

import { LAST_DATE } from '../shared/fiscal-year';

export const FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'half_yearly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const CATCH_UP_MODES = ['each', 'one'] as const;
/** After downtime: `each` missed run is made on its own date, or `one` invoice is made, dated today. */
export type CatchUp = (typeof CATCH_UP_MODES)[number];

/** 1-28, or the month's last day. */
export type DayOfMonth = number | 'last';

export interface RecurringSchedule {
  frequency: Frequency;
  /** Every N periods (1 or more). */
  interval: number;
  startDate: string;
  endDate: string | null;
  /** At most this many runs in all (null: no limit). */
  occurrences: number | null;
  /** Null: the day of start_date (weekly schedules ignore it). */
  dayOfMonth: DayOfMonth | null;
}

/** Where a profile stands: its next scheduled date (null once finished) and how many runs it made. */
export interface ScheduleState {
  nextRunDate: string | null;
  runsCount: number;
}

/** One run the generation job makes now. */
export interface DueRun {
  /** The invoice date, and the run's key with the profile (one invoice per profile and run date). */
  runDate: string;
  /** The state once the run is made: `nextRunDate` null when the schedule has ended. */
  after: ScheduleState;
}

const MONTHS: Record<Exclude<Frequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parts(date: string): [number, number, number] {
  const m = YMD.exec(date);
  if (!m) throw new RangeError(`Not a Y-m-d date: "${date}".`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function ymd(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The date `days` days after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d) + days * 86_400_000);
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The day a schedule runs in the month `monthIndex` (months since year 0: year * 12 + month - 1). */
function dayIn(monthIndex: number, day: DayOfMonth): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const last = daysInMonth(year, month);
  return ymd(year, month, day === 'last' ? last : Math.min(day, last));
}

/** The occurrence `k` (0 = the first) of the schedule, ignoring its end. */
export function occurrence(schedule: RecurringSchedule, k: number): string {
  if (schedule.frequency === 'weekly') return addDays(schedule.startDate, 7 * schedule.interval * k);
  const [y, m, d] = parts(schedule.startDate);
  const day: DayOfMonth = schedule.dayOfMonth ?? d;
  let first = y * 12 + (m - 1);
  if (dayIn(first, day) < schedule.startDate) first += 1;
  return dayIn(first + k * MONTHS[schedule.frequency] * schedule.interval, day);
}

/**
 * The index of the first occurrence on or after `date` (occurrences only grow with k). A bisection over
 * the indexes: the schedules' steps are whole days or months, so an estimate could be one off at month ends.
 */
export function firstIndexOnOrAfter(schedule: RecurringSchedule, date: string): number {
  if (occurrence(schedule, 0) >= date) return 0;
  let lo = 0; // occurrence(lo) < date
  let hi = 1;
  while (occurrence(schedule, hi) < date) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (occurrence(schedule, mid) < date) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The first occurrence on or after `date` that the schedule still makes after `runsCount` runs; null when it has ended. */
export function nextOccurrenceFrom(schedule: RecurringSchedule, date: string, runsCount: number): string | null {
  if (schedule.occurrences !== null && runsCount >= schedule.occurrences) return null;
  const next = occurrence(schedule, firstIndexOnOrAfter(schedule, date < schedule.startDate ? schedule.startDate : date));
  if (schedule.endDate !== null && next > schedule.endDate) return null;
  // The service takes no date past LAST_DATE (shared/fiscal-year): a schedule ends there.
  return next > LAST_DATE ? null : next;
}

/** The state of a new profile: its first occurrence. */
export function initialState(schedule: RecurringSchedule): ScheduleState {
  return { nextRunDate: nextOccurrenceFrom(schedule, schedule.startDate, 0), runsCount: 0 };
}

/**
 * The run the generation job makes on `today`, or null when none is due. A run is due when the next
 * scheduled date is today or has passed (the workers were down, or the job has not reached the profile
 * yet). With `each`, every missed date is made on its own date, one call at a time, oldest first; with
 * `one`, missed dates are made as one run dated today, and the schedule goes on after today.
 */
export function dueRun(schedule: RecurringSchedule, state: ScheduleState, catchUp: CatchUp, today: string): DueRun | null {
  const due = state.nextRunDate;
  if (due === null || due > today) return null;
  const runsCount = state.runsCount + 1;
  if (catchUp === 'one' && due < today) {
    return { runDate: today, after: { nextRunDate: nextOccurrenceFrom(schedule, addDays(today, 1), runsCount), runsCount } };
  }
  return { runDate: due, after: { nextRunDate: nextOccurrenceFrom(schedule, addDays(due, 1), runsCount), runsCount } };
}

/**
 * Every run a profile makes when the job runs on each day of `days` in turn (the days ascending), as the
 * workers would: the pure model of the generation job that the tests compare the database with.
 */
export function runsOver(schedule: RecurringSchedule, catchUp: CatchUp, days: string[], state: ScheduleState = initialState(schedule)): string[] {
  const runs: string[] = [];
  let current = state;
  for (const today of days) {
    for (let run = dueRun(schedule, current, catchUp, today); run; run = dueRun(schedule, current, catchUp, today)) {
      runs.push(run.runDate);
      current = run.after;
    }
  }
  return runs;
}

/**
 * The state after a pause ends on `today` (resume) or after the schedule itself changed (PATCH): the
 * dates that passed meanwhile are not made (a pause is not downtime); the next run is the first
 * occurrence on or after today that follows the last run.
 */
export function rescheduled(schedule: RecurringSchedule, state: ScheduleState, lastRunDate: string | null, today: string): ScheduleState {
  const after = lastRunDate !== null && addDays(lastRunDate, 1) > today ? addDays(lastRunDate, 1) : today;
  return { nextRunDate: nextOccurrenceFrom(schedule, after, state.runsCount), runsCount: state.runsCount };
}

/** The due date of an invoice dated `invoiceDate` with `paymentTermsDays` of credit. */
export function dueDateOf(invoiceDate: string, paymentTermsDays: number): string {
  return addDays(invoiceDate, paymentTermsDays);
}
