import { normalizeStateCode } from '../tax/states';

/** What the place of supply of a document is derived from. */
export interface PlaceOfSupplyInput {
  /** The document's own place of supply when it stores one (null: derive it). */
  placeOfSupply?: string | null;
  clientGstin: string | null;
  clientStateCode: string | null;
  businessStateCode: string | null;
}

/**
 * The place of supply (two-digit state code) of a document: the one stored on it when set, else the
 * client's state (the first two digits of its GSTIN, else its `state_code`), else the business's state.
 * Null when none of them is known. Every GST return and e-invoice reads it through this one function.
 */
export function placeOfSupply(doc: PlaceOfSupplyInput): string | null {
  const stored = normalizeStateCode(doc.placeOfSupply ?? null);
  if (stored) return stored;
  const fromGstin = doc.clientGstin && /^\d{2}/.test(doc.clientGstin) ? doc.clientGstin.slice(0, 2) : null;
  return fromGstin ?? normalizeStateCode(doc.clientStateCode) ?? normalizeStateCode(doc.businessStateCode);
}

/** The supplier's state: the first two digits of its GSTIN, else its profile's state code. */
export function supplierState(gstin: string | null, stateCode: string | null): string | null {
  if (gstin && /^\d{2}/.test(gstin)) return gstin.slice(0, 2);
  return normalizeStateCode(stateCode);
}
