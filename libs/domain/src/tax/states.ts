/**
 * GST state and union-territory codes (the first two digits of a GSTIN, and the code of a place of
 * supply). 25 (old Daman and Diu, merged into 26) and 28 (Andhra Pradesh before 2014) are kept because
 * old GSTINs and documents still carry them.
 */
export const GST_STATES: Readonly<Record<string, string>> = Object.freeze({
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
});

/** Two-digit form of a state code ('7' and ' 07 ' give '07'), or null when it is not one or two digits. */
export function normalizeStateCode(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const trimmed = String(code).trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  return trimmed.padStart(2, '0');
}

/** The state's name for a code ('27' -> 'Maharashtra'), or null for an unknown or missing code. */
export function stateName(code: string | null | undefined): string | null {
  const normalized = normalizeStateCode(code);
  if (normalized === null) return null;
  return Object.prototype.hasOwnProperty.call(GST_STATES, normalized) ? GST_STATES[normalized] : null;
}
