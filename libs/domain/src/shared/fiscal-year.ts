/**
 * Indian financial years (April 1 to March 31) and the date forms the service uses. Business dates are
 * taken in Asia/Kolkata (UTC+5:30 all year, no daylight saving), computed by arithmetic, not Intl.
 */
const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function assertYear(startYear: number): void {
  if (!Number.isInteger(startYear) || startYear < 1 || startYear > 9998) {
    throw new RangeError(`Not a financial year start: ${startYear}.`);
  }
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Financial year N: N-04-01 .. (N+1)-03-31. */
export function fiscalYearRange(startYear: number): { from: string; to: string } {
  assertYear(startYear);
  return { from: `${pad(startYear, 4)}-04-01`, to: `${pad(startYear + 1, 4)}-03-31` };
}

/** The start year of the financial year holding a Y-m-d date. Throws a RangeError for what is not a calendar date. */
export function fiscalYearOf(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`Not a Y-m-d date: "${date}".`);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month >= 4 ? year : year - 1;
}

/** '25-26' for 2025; '99-00' for 2099. */
export function fiscalYearLabel(startYear: number): string {
  assertYear(startYear);
  return `${pad(startYear % 100)}-${pad((startYear + 1) % 100)}`;
}

/** The calendar date (Y-m-d) in Asia/Kolkata at an instant. */
export function kolkataDate(instant: Date): string {
  const shifted = new Date(instant.getTime() + KOLKATA_OFFSET_MS);
  if (Number.isNaN(shifted.getTime())) throw new RangeError('Invalid date.');
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** 'Y-m-d H:i:s' in UTC (the spec's timestamp form). */
export function formatTimestamp(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date.');
  const date = `${pad(instant.getUTCFullYear(), 4)}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())}`;
  return `${date} ${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}`;
}

/**
 * The dates the service takes, in every input: the years 2000 to 2099. Every date it stores (document, due,
 * validity, payment, expense and TDS dates alike), every range it filters on and every period it computes from them
 * (financial years, quarters, due dates, labels) then stays inside one century, where a two-digit financial-year
 * label ('25-26') names one year only, and well inside what the code, the database and the number formats represent.
 * Documents that take a number are held to their financial years 2000-01 to 2099-00 besides (document-numbering.ts).
 */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2099-12-31';

/** What a date input is told when it is a calendar date outside FIRST_DATE..LAST_DATE (reads after the field name). */
export const OUT_OF_RANGE_DATE = `must be a date from ${FIRST_DATE} to ${LAST_DATE}`;

/** True for a strict Y-m-d string naming a real calendar date (year 0001 to 9999). */
export function isCalendarDate(s: string): boolean {
  if (typeof s !== 'string') return false;
  const match = YMD.exec(s);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** True for a strict Y-m-d string naming a real calendar date the service takes (FIRST_DATE to LAST_DATE). */
export function isValidDate(s: string): boolean {
  return isCalendarDate(s) && s >= FIRST_DATE && s <= LAST_DATE;
}

/**
 * Null when `value` is a date the service takes; otherwise what is wrong with it, read after the field name:
 * not a Y-m-d calendar date (`notDate`, by default 'must be a date written Y-m-d'), or one outside the years
 * 2000 to 2099 (OUT_OF_RANGE_DATE).
 */
export function dateProblem(value: unknown, notDate = 'must be a date written Y-m-d'): string | null {
  if (typeof value !== 'string' || !isCalendarDate(value)) return notDate;
  return isValidDate(value) ? null : OUT_OF_RANGE_DATE;
}
