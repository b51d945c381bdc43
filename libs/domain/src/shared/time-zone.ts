import { kolkataDate } from './fiscal-year';

/** The time zone of an account that has not chosen one: India Standard Time. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** The zone furthest ahead of UTC (UTC+14, Line Islands): no account's day is later than its day. */
export const LATEST_TIME_ZONE = 'Pacific/Kiritimati';

/** An IANA name (Area/Location, or UTC): letters, digits, `_`, `+`, `-` and slashes. */
const IANA_NAME = /^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    // en-CA writes dates as Y-m-d.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(zone, format);
  }
  return format;
}

/** Whether `zone` is an IANA time zone name the runtime knows (checked with Intl), e.g. `Asia/Kolkata`, `America/New_York`. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64 || !IANA_NAME.test(zone)) return false;
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (Y-m-d) in `zone` at an instant: what "today" is for an account in that zone. */
export function zonedDate(instant: Date, zone: string = DEFAULT_TIME_ZONE): string {
  if (zone === DEFAULT_TIME_ZONE) return kolkataDate(instant);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date.');
  const parts = formatOf(zone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The latest date any account can have at an instant (the date at UTC+14). */
export function latestDate(instant: Date): string {
  return zonedDate(instant, LATEST_TIME_ZONE);
}

/** An account's today: the date in its time zone (Asia/Kolkata when it has none). */
export function accountToday(account: { timeZone?: string | null }, instant: Date): string {
  return zonedDate(instant, account.timeZone || DEFAULT_TIME_ZONE);
}
