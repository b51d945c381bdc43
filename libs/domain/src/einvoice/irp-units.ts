import { isUnitCode } from '../tax/supply';

/**
 * Unit words as lines stored before units were checked may hold them, each with its unit quantity code (UQC).
 * Lookup is by the word in capitals without dots and spaces; a code of the UQC list is taken as it is.
 */
export const UNIT_SYNONYMS: Readonly<Record<string, string>> = {
  BAGS: 'BAG', BALES: 'BAL', BUNDLE: 'BDL', BUNDLES: 'BDL', BOXES: 'BOX', BOTTLE: 'BTL', BOTTLES: 'BTL', BUNCH: 'BUN',
  BUNCHES: 'BUN', CANS: 'CAN', CUBICMETER: 'CBM', CUBICMETRE: 'CBM', CM: 'CMS', CENTIMETER: 'CMS', CENTIMETRE: 'CMS',
  CARTON: 'CTN', CARTONS: 'CTN', DOZEN: 'DOZ', DOZENS: 'DOZ', DRUM: 'DRM', DRUMS: 'DRM', G: 'GMS', GM: 'GMS', GRAM: 'GMS',
  GRAMS: 'GMS', GROSS: 'GRS', KG: 'KGS', KGS: 'KGS', KILO: 'KGS', KILOGRAM: 'KGS', KILOGRAMS: 'KGS', KL: 'KLR',
  KILOLITRE: 'KLR', KILOLITER: 'KLR', KM: 'KME', KILOMETRE: 'KME', KILOMETER: 'KME', L: 'LTR', LT: 'LTR', LITRE: 'LTR',
  LITRES: 'LTR', LITER: 'LTR', LITERS: 'LTR', ML: 'MLT', MILLILITRE: 'MLT', MILLILITER: 'MLT', M: 'MTR', MT: 'MTS',
  METER: 'MTR', METERS: 'MTR', METRE: 'MTR', METRES: 'MTR', TONNE: 'TON', TONNES: 'TON', NO: 'NOS', NUMBER: 'NOS',
  NUMBERS: 'NOS', PACK: 'PAC', PACKS: 'PAC', PACKET: 'PAC', PACKETS: 'PAC', PC: 'PCS', PIECE: 'PCS', PIECES: 'PCS',
  PAIR: 'PRS', PAIRS: 'PRS', QUINTAL: 'QTL', ROLL: 'ROL', ROLLS: 'ROL', SETS: 'SET', SQFT: 'SQF', SQM: 'SQM',
  SQMTR: 'SQM', SQYD: 'SQY', TABLET: 'TBS', TABLETS: 'TBS', THOUSAND: 'THD', TUBE: 'TUB', TUBES: 'TUB', UNIT: 'UNT',
  UNITS: 'UNT', YARD: 'YDS', YARDS: 'YDS',
}; // prettier-ignore

/**
 * The IRP `Unit` of a line: its unit quantity code when it has one (or a word that names one), `OTH` for goods
 * whose unit fits none, and none for a service line without a unit (the portal asks no unit of services).
 */
export function irpUnit(unit: string | null | undefined, isService: boolean): string | undefined {
  const word = (unit ?? '').toUpperCase().replace(/[.\s]/g, '');
  if (isUnitCode(word)) return word;
  const mapped = UNIT_SYNONYMS[word];
  if (mapped && isUnitCode(mapped)) return mapped;
  if (isService && !word) return undefined;
  return 'OTH';
}
