/**
 * Countries by their ISO 3166-1 alpha-2 code (the code the e-invoice schema's `ExpDtls.CntCode` takes), with their
 * English names. The names come from the Unicode CLDR data that ships with Node's ICU, read through the standard
 * `Intl.DisplayNames` (no country table of our own to keep). CLDR also names codes that ISO 3166-1 does not assign to
 * a country (exceptionally reserved, transitionally reserved, withdrawn and user-assigned ones, and groupings such
 * as EU); those are refused, which leaves the 249 codes ISO 3166-1 assigns.
 */
const NOT_ASSIGNED = new Set('AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '));

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** India: the country a supply is exported from, never the destination of an export. */
export const INDIA = 'IN';

/** The English name of the country of an ISO 3166-1 alpha-2 code (upper case), or null when it names none. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || NOT_ASSIGNED.has(code)) return null;
  return names.of(code) ?? null;
}

/** The problem of a `destinationCountry` that is not the code of a country outside India (a 400). */
export const DESTINATION_COUNTRY_RULE = 'must be the two-letter ISO 3166-1 code of a country other than India, e.g. US';

/**
 * The destination country as sent, upper-cased: null when absent or empty; `problem` set when it is not the code of
 * a country other than India.
 */
export function destinationCountryValue(value: unknown): { code: string | null; problem: string | null } {
  if (value === undefined || value === null || value === '') return { code: null, problem: null };
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (code === INDIA || countryName(code) === null) return { code: null, problem: DESTINATION_COUNTRY_RULE };
  return { code, problem: null };
}
