import {
  defaultPlaceOfSupply,
  defaultSupplyType,
  GstParty,
  isPlaceOfSupplyCode,
  isUnitCode,
  isWithoutPayment,
  SUPPLY_TYPES,
  SupplyType,
  TaxKind,
  taxKindOf,
  UNIT_CODES,
} from '../tax/supply';
import { TaxWarning } from '../tax/tax-engine';
import { exchangeRateValue, exchangeRateWarnings, RUPEE } from '../tax/exchange-rate';
import { EcommerceSection, readEcommerceSupply } from '../tax/ecommerce';
import { FieldErrors } from './sales-document-fields';
import { snapshotState, SupplierSnapshot } from './supplier-snapshot';

/** The GST header fields every sales document stores. */
export interface GstFields {
  /** State code the tax follows ('27'), '96' for an export; null only on documents made before it existed. */
  placeOfSupply: string | null;
  supplyType: SupplyType | null;
  reverseCharge: boolean;
  /** What rounding the total to the rupee added ('-0.40'); null when the total is not rounded. */
  roundOff: string | null;
  supplierSnapshot: SupplierSnapshot | null;
  /** The lines whose amounts disagree with the tax rule, as of the last write. */
  taxWarnings: TaxWarning[];
  /** Rupees per unit of the document's currency, 4 decimals ('83.2500'); null (or absent) on INR documents and when not given. */
  exchangeRate?: string | null;
  /** The e-commerce operator the supply was made through and the section it falls under (tax/ecommerce.ts); null (or absent): none. */
  ecommerceGstin?: string | null;
  ecommerceSection?: EcommerceSection | null;
}

/** The GST header fields as a caller sends them; undefined means "not sent". */
export interface GstHeaderInput {
  placeOfSupply?: string | null;
  supplyType?: string | null;
  reverseCharge?: boolean | null;
  roundOff?: boolean | null;
  /** Rupees per unit of a foreign currency (tax/exchange-rate.ts). */
  exchangeRate?: number | string | null;
  ecommerceGstin?: string | null;
  ecommerceSection?: string | null;
}

/** What the rules need besides the request: the client of the document and the business. */
export interface GstContext {
  /** The document's client (after the change); null when it could not be read (a 404 follows). */
  client: GstParty | null;
  /** The business as it is now: the snapshot of a new document. */
  supplier: SupplierSnapshot;
}

/** The header decided for a write, before the lines are known. */
export interface GstHeader {
  placeOfSupply: string | null;
  supplyType: SupplyType;
  reverseCharge: boolean;
  roundOffWanted: boolean;
  supplierSnapshot: SupplierSnapshot;
  /** How the document's lines are taxed. */
  kind: TaxKind;
  /** The document's currency and its rupees per unit (null: INR, or none given). */
  currency: string;
  exchangeRate: string | null;
  ecommerceGstin: string | null;
  ecommerceSection: EcommerceSection | null;
}

/**
 * Reads the GST header of a create (no `current`) or a PATCH (merged over `current`):
 * - `supplyType` as sent, else the stored one, else (and when the client or invoice type changes) the
 *   default of `defaultSupplyType`; a supply without payment needs `lutNumber`.
 * - `placeOfSupply` as sent (a GST state code, or 96 for a foreign country), else the stored one, else (and
 *   when the client or supply type changes) the client's state, else the business's.
 * - `reverseCharge` false and `roundOff` off unless sent or stored.
 * - The supplier snapshot of a new document is the business now; a stored one never changes.
 * - `exchangeRate` of a document in a foreign currency as sent, else the stored one (exchangeRateValue).
 * - `ecommerceGstin` and `ecommerceSection` as sent, else the stored ones; both or neither (readEcommerceSupply).
 */
export function readGstHeader(
  input: GstHeaderInput,
  current: GstFields | undefined,
  ctx: GstContext,
  doc: { invoiceType: string | null; lutNumber: string | null; clientChanged: boolean; typeChanged: boolean; currency?: string },
  errors: Pick<FieldErrors, 'add'>,
): GstHeader {
  const rederive = !current || doc.clientChanged || doc.typeChanged;
  let supplyType: SupplyType;
  const sentType = input.supplyType;
  if (sentType !== undefined && sentType !== null && sentType !== '') {
    if (typeof sentType === 'string' && (SUPPLY_TYPES as readonly string[]).includes(sentType)) supplyType = sentType as SupplyType;
    else {
      errors.add('supplyType', `must be one of ${SUPPLY_TYPES.join(', ')}`);
      supplyType = defaultSupplyType(ctx.client, doc.invoiceType, doc.lutNumber);
    }
  } else if (!rederive && current?.supplyType && sentType === undefined) {
    supplyType = current.supplyType;
  } else {
    supplyType = defaultSupplyType(ctx.client, doc.invoiceType, doc.lutNumber);
  }
  if (isWithoutPayment(supplyType) && !doc.lutNumber) errors.add('lutNumber', `is required for supply_type ${supplyType}`);

  const supplierSnapshot = current?.supplierSnapshot ?? ctx.supplier;
  const supplierState = snapshotState(supplierSnapshot);
  let placeOfSupply: string | null;
  const sentPlace = input.placeOfSupply;
  if (sentPlace !== undefined && sentPlace !== null && sentPlace !== '') {
    const code = typeof sentPlace === 'string' && /^\d{2}$/.test(sentPlace.trim()) ? sentPlace.trim() : null;
    if (code && isPlaceOfSupplyCode(code)) placeOfSupply = code;
    else {
      errors.add('placeOfSupply', 'must be a two-digit GST state code such as 27 (96 for a foreign country)');
      placeOfSupply = null;
    }
  } else if (!rederive && current?.placeOfSupply && sentPlace === undefined && current.supplyType === supplyType) {
    placeOfSupply = current.placeOfSupply;
  } else {
    placeOfSupply = defaultPlaceOfSupply(ctx.client, supplierState, supplyType);
  }

  const reverseCharge = input.reverseCharge === undefined || input.reverseCharge === null ? (current?.reverseCharge ?? false) : input.reverseCharge === true;
  const roundOffWanted =
    input.roundOff === undefined || input.roundOff === null ? current?.roundOff !== null && current?.roundOff !== undefined : input.roundOff === true;
  const billOfSupply = doc.invoiceType === 'bill_of_supply';
  const kind = taxKindOf({ supplierState, placeOfSupply, supplyType, billOfSupply });
  const currency = doc.currency ?? RUPEE;
  const exchangeRate = exchangeRateValue(input.exchangeRate, current?.exchangeRate, currency, errors);
  const eco = readEcommerceSupply(input, current, errors);
  return { placeOfSupply, supplyType, reverseCharge, roundOffWanted, supplierSnapshot, kind, currency, exchangeRate, ...eco };
}

/** A unit quantity code as sent (any case), upper-cased; null when absent. */
export function unitValue(value: unknown, field: string, errors: Pick<FieldErrors, 'add'>): string | null {
  if (value === undefined || value === null || value === '') return null;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!isUnitCode(code)) {
    errors.add(
      field,
      `must be a unit quantity code (UQC) such as ${UNIT_CODES.filter((u) => ['NOS', 'KGS', 'LTR', 'MTR', 'BOX', 'OTH'].includes(u)).join(', ')}`,
    );
    return null;
  }
  return code;
}

/**
 * The stored GST fields of a document from its header decision, round-off and warnings; a document in a foreign
 * currency without an exchange rate gets `exchange_rate_missing` after them.
 */
export function gstFieldsOf(header: GstHeader, roundOff: string | null, warnings: TaxWarning[]): GstFields {
  return {
    placeOfSupply: header.placeOfSupply,
    supplyType: header.supplyType,
    reverseCharge: header.reverseCharge,
    roundOff,
    supplierSnapshot: header.supplierSnapshot,
    taxWarnings: [...warnings, ...exchangeRateWarnings(header.currency, header.exchangeRate)],
    exchangeRate: header.exchangeRate,
    ecommerceGstin: header.ecommerceGstin,
    ecommerceSection: header.ecommerceSection,
  };
}

/** GST fields of a document stored before they existed. */
export const NO_GST_FIELDS: GstFields = {
  placeOfSupply: null,
  supplyType: null,
  reverseCharge: false,
  roundOff: null,
  supplierSnapshot: null,
  taxWarnings: [],
  exchangeRate: null,
};
