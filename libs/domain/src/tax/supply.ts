import { validateGstin } from './gstin';
import { GST_STATES, normalizeStateCode } from './states';

/**
 * Kinds of supply as GSTR-1 and the e-invoice schema tell them apart: to a registered recipient (`b2b`),
 * to an unregistered one (`b2c`), to an SEZ unit or developer and exports, each with payment of IGST or
 * without it under a letter of undertaking (LUT), and deemed exports (taxed like any other supply).
 */
export const SUPPLY_TYPES = [
  'b2b',
  'b2c',
  'sez_with_payment',
  'sez_without_payment',
  'export_with_payment',
  'export_without_payment',
  'deemed_export',
] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];

export function isSupplyType(value: unknown): value is SupplyType {
  return typeof value === 'string' && (SUPPLY_TYPES as readonly string[]).includes(value);
}

/** Zero-rated supplies without payment of tax: they carry no tax and need a LUT number. */
export function isWithoutPayment(type: SupplyType): boolean {
  return type === 'sez_without_payment' || type === 'export_without_payment';
}

/** Exports and supplies to an SEZ are inter-state whatever the states (IGST Act section 7(5)). */
export function isZeroRated(type: SupplyType): boolean {
  return type.startsWith('sez_') || type.startsWith('export_');
}

/** Place of supply of an export: outside India ('96', Other Countries, in GSTR-1 and the e-invoice schema). */
export const FOREIGN_PLACE_OF_SUPPLY = '96';

/** A code a place of supply may take: a GST state code or 96 (a foreign country). */
export function isPlaceOfSupplyCode(code: string): boolean {
  return code === FOREIGN_PLACE_OF_SUPPLY || Object.prototype.hasOwnProperty.call(GST_STATES, code);
}

/**
 * Unit quantity codes (UQC) of the GST returns: what a goods line's quantity counts. Services usually
 * carry OTH or none.
 */
export const UNIT_CODES = [
  'BAG', 'BAL', 'BDL', 'BKL', 'BOU', 'BOX', 'BTL', 'BUN', 'CAN', 'CBM', 'CCM', 'CMS', 'CTN', 'DOZ', 'DRM', 'GGK', 'GMS', 'GRS',
  'GYD', 'KGS', 'KLR', 'KME', 'LTR', 'MLT', 'MTR', 'MTS', 'NOS', 'OTH', 'PAC', 'PCS', 'PRS', 'QTL', 'ROL', 'SET', 'SQF', 'SQM',
  'SQY', 'TBS', 'TGM', 'THD', 'TON', 'TUB', 'UGS', 'UNT', 'YDS',
] as const; // prettier-ignore
export type UnitCode = (typeof UNIT_CODES)[number];

export function isUnitCode(value: unknown): value is UnitCode {
  return typeof value === 'string' && (UNIT_CODES as readonly string[]).includes(value);
}

/** What the tax rules need to know of a party: its GSTIN and recorded state. */
export interface GstParty {
  gstin: string | null;
  stateCode: string | null;
}

/** A party's state: the first two digits of a valid GSTIN, else its recorded state code. */
export function stateOf(party: GstParty | null | undefined): string | null {
  if (!party) return null;
  if (party.gstin) {
    const check = validateGstin(party.gstin);
    if (check.ok) return check.stateCode;
  }
  return normalizeStateCode(party.stateCode);
}

/** True when the party has a GSTIN (a registered recipient). */
export function isRegistered(party: GstParty | null | undefined): boolean {
  return !!party?.gstin;
}

/**
 * The supply type of a document that names none: an invoice of type `export` or `sez` is an export or an
 * SEZ supply (without payment when it carries a LUT number, else with payment of IGST); otherwise `b2b` to
 * a client with a GSTIN and `b2c` to one without.
 */
export function defaultSupplyType(client: GstParty | null, invoiceType: string | null, lutNumber: string | null): SupplyType {
  if (invoiceType === 'export') return lutNumber ? 'export_without_payment' : 'export_with_payment';
  if (invoiceType === 'sez') return lutNumber ? 'sez_without_payment' : 'sez_with_payment';
  return isRegistered(client) ? 'b2b' : 'b2c';
}

/**
 * The place of supply of a document that names none: outside India for an export; else the client's state
 * (from its GSTIN, else its recorded state code); else the supplier's own state.
 */
export function defaultPlaceOfSupply(client: GstParty | null, supplierState: string | null, supplyType: SupplyType): string | null {
  if (supplyType.startsWith('export_')) return FOREIGN_PLACE_OF_SUPPLY;
  return stateOf(client) ?? normalizeStateCode(supplierState);
}

/** Which tax a line carries: CGST + SGST (`intra`), IGST (`inter`) or none. */
export type TaxKind = 'intra' | 'inter' | 'none';

export interface TaxSituation {
  /** The supplier's state code (of its GSTIN, else its profile). */
  supplierState: string | null;
  placeOfSupply: string | null;
  supplyType: SupplyType;
  /** A bill of supply (exempt supplies, composition dealers, no GSTIN): no tax. */
  billOfSupply: boolean;
}

/**
 * IGST Act sections 7 and 8: no tax on a bill of supply or on a zero-rated supply without payment; IGST on
 * exports and SEZ supplies with payment; otherwise CGST + SGST when the supplier's state is the place of
 * supply and IGST when it is not. An unknown state on either side counts as intra-state (a local sale
 * whose state was never recorded).
 */
export function taxKindOf(s: TaxSituation): TaxKind {
  if (s.billOfSupply || isWithoutPayment(s.supplyType)) return 'none';
  if (isZeroRated(s.supplyType)) return 'inter';
  const supplier = normalizeStateCode(s.supplierState);
  const place = normalizeStateCode(s.placeOfSupply);
  if (supplier === null || place === null) return 'intra';
  return supplier === place ? 'intra' : 'inter';
}
