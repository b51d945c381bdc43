/**
 * The time rules of an e-way bill (CGST Rules, rule 138; docs/gst-exports.md, "E-way bill"). Times are Indian
 * Standard Time (UTC+05:30 all year), written 'Y-m-d H:i:s' as the portal gives them.
 */

/** The kinds of cargo rule 138(10) tells apart; over-dimensional cargo is the portal's vehicle type `O`. */
export const CARGO_KINDS = ['regular', 'over_dimensional'] as const;
export type CargoKind = (typeof CARGO_KINDS)[number];

/**
 * Kilometres per day of validity, rule 138(10) as amended by notification 94/2020-Central Tax (from 2021-01-01): one
 * day up to 200 km and one more day for every 200 km or part thereof; over-dimensional cargo (or a multimodal
 * shipment with a leg by ship) one day up to 20 km and one more for every 20 km or part thereof.
 */
export const KM_PER_DAY: Readonly<Record<CargoKind, number>> = { regular: 200, over_dimensional: 20 };

/** The longest approximate distance the portal takes (the e-way bill schemas' `Distance` maximum). */
export const MAX_DISTANCE_KM = 4000;
/** With the same PIN code at both ends the portal takes at most this distance. */
export const SAME_PIN_MAX_KM = 100;

/** A bill can be cancelled within 24 hours of its generation (rule 138(9)). */
export const CANCEL_WINDOW_HOURS = 24;
/** Validity can be extended from 8 hours before to 8 hours after it ends (rule 138(10), proviso; portal code 382). */
export const EXTENSION_WINDOW_HOURS = 8;
/** From 2025-01-01 the portal makes bills only for documents up to 180 days old (code 820) ... */
export const MAX_DOCUMENT_AGE_DAYS = 180;
/** ... and extends a bill to at most 360 days after its generation in all (code 821). */
export const MAX_VALIDITY_DAYS_IN_ALL = 360;

const IST_OFFSET_MS = 5.5 * 3600 * 1000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Days of validity for a distance (whole kilometres, at least 1): ceil(distance / km per day), at least one. */
export function validityDays(distanceKm: number, cargo: CargoKind): number {
  if (!Number.isInteger(distanceKm) || distanceKm < 1) throw new RangeError('distance must be a whole number of kilometres, at least 1');
  return Math.ceil(distanceKm / KM_PER_DAY[cargo]);
}

/** 'Y-m-d H:i:s' in Indian time at an instant. */
export function istTimestamp(instant: Date): string {
  const t = new Date(instant.getTime() + IST_OFFSET_MS);
  if (Number.isNaN(t.getTime())) throw new RangeError('Invalid date.');
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** The instant of a 'Y-m-d H:i:s' in Indian time. */
export function istInstant(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}+05:30`);
}

/**
 * When a validity of `days` days counted from `from` ends. Rule 138(10), Explanation: the period is counted from the
 * time of generation and "each day shall be counted as the period expiring at midnight of the day immediately
 * following the date of generation", so day n ends at midnight after the n-th day following the date of `from`
 * (Indian time); written as the last second of that day, 23:59:59.
 */
export function validUntil(from: Date, days: number): string {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a whole number, at least 1');
  const date = istTimestamp(from).slice(0, 10);
  const end = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
  return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())} 23:59:59`;
}

/** The last instant a bill generated at `ewbDate` (Indian time) can be cancelled. */
export function cancellableUntil(ewbDate: string): Date {
  return new Date(istInstant(ewbDate).getTime() + CANCEL_WINDOW_HOURS * HOUR_MS);
}

/** When the validity ending at `validUntilText` (Indian time) can be extended: 8 hours either side of its end. */
export function extensionWindow(validUntilText: string): { opens: Date; closes: Date } {
  const end = istInstant(validUntilText).getTime();
  return { opens: new Date(end - EXTENSION_WINDOW_HOURS * HOUR_MS), closes: new Date(end + EXTENSION_WINDOW_HOURS * HOUR_MS) };
}

/** Whole days from the date 'Y-m-d' to the Indian date of `now` (negative for a later date). */
export function daysSinceDate(date: string, now: Date): number {
  const today = istTimestamp(now).slice(0, 10);
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
}

/** The end of the longest validity in all: midnight after the 360th day following the date of generation. */
export function latestValidity(ewbDate: string): string {
  return validUntil(istInstant(ewbDate), MAX_VALIDITY_DAYS_IN_ALL);
}
