import { Account } from '../accounts/account';
import {
  defaultPlaceOfSupply,
  defaultSupplyType,
  GstParty,
  isPlaceOfSupplyCode,
  isUnitCode,
  isWithoutPayment,
  stateOf,
  SUPPLY_TYPES,
  SupplyType,
  TaxKind,
  taxKindOf,
  UNIT_CODES,
} from '../tax/supply';
import { checkLine, computeLineTax, lineTaxableValue, roundToRupee, TaxWarning } from '../tax/tax-engine';
import { ValidationFailed } from '../shared/domain-error';
import { toDecimal } from '../shared/money';
import { documentTotal } from './document-totals';
import { DiscountType } from './document-enums';
import { FieldErrors } from './sales-document-fields';

/**
 * The supplier as it was when a document was made (name, address, GSTIN, PAN, state), stored on the document
 * and printed on its PDF, so a later change of the business profile does not rewrite old documents.
 * Stored as JSON with these keys.
 */
export interface SupplierSnapshot {
  name: string | null;
  address: string | null;
  gstin: string | null;
  pan: string | null;
  state_code: string | null;
}

export function supplierSnapshotOf(account: Pick<Account, 'businessName' | 'address' | 'gstin' | 'pan' | 'stateCode'>): SupplierSnapshot {
  return {
    name: account.businessName,
    address: account.address,
    gstin: account.gstin,
    pan: account.pan,
    state_code: stateOf({ gstin: account.gstin, stateCode: account.stateCode }),
  };
}

/** The supplier's state code of a snapshot. */
export function snapshotState(snapshot: SupplierSnapshot | null): string | null {
  return snapshot ? stateOf({ gstin: snapshot.gstin, stateCode: snapshot.state_code }) : null;
}

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
}

/** The GST header fields as a caller sends them; undefined means "not sent". */
export interface GstHeaderInput {
  place_of_supply?: string | null;
  supply_type?: string | null;
  reverse_charge?: boolean | null;
  round_off?: boolean | null;
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
}

/**
 * Reads the GST header of a create (no `current`) or a PATCH (merged over `current`):
 * - `supply_type` as sent, else the stored one, else (and when the client or invoice type changes) the
 *   default of `defaultSupplyType`; a supply without payment needs `lut_number`.
 * - `place_of_supply` as sent (a GST state code, or 96 for a foreign country), else the stored one, else (and
 *   when the client or supply type changes) the client's state, else the business's.
 * - `reverse_charge` false and `round_off` off unless sent or stored.
 * - The supplier snapshot of a new document is the business now; a stored one never changes.
 */
export function readGstHeader(
  input: GstHeaderInput,
  current: GstFields | undefined,
  ctx: GstContext,
  doc: { invoiceType: string | null; lutNumber: string | null; clientChanged: boolean; typeChanged: boolean },
  errors: Pick<FieldErrors, 'add'>,
): GstHeader {
  const rederive = !current || doc.clientChanged || doc.typeChanged;
  let supplyType: SupplyType;
  const sentType = input.supply_type;
  if (sentType !== undefined && sentType !== null && sentType !== '') {
    if (typeof sentType === 'string' && (SUPPLY_TYPES as readonly string[]).includes(sentType)) supplyType = sentType as SupplyType;
    else {
      errors.add('supply_type', `must be one of ${SUPPLY_TYPES.join(', ')}`);
      supplyType = defaultSupplyType(ctx.client, doc.invoiceType, doc.lutNumber);
    }
  } else if (!rederive && current?.supplyType && sentType === undefined) {
    supplyType = current.supplyType;
  } else {
    supplyType = defaultSupplyType(ctx.client, doc.invoiceType, doc.lutNumber);
  }
  if (isWithoutPayment(supplyType) && !doc.lutNumber) errors.add('lut_number', `is required for supply_type ${supplyType}`);

  const supplierSnapshot = current?.supplierSnapshot ?? ctx.supplier;
  const supplierState = snapshotState(supplierSnapshot);
  let placeOfSupply: string | null;
  const sentPlace = input.place_of_supply;
  if (sentPlace !== undefined && sentPlace !== null && sentPlace !== '') {
    const code = typeof sentPlace === 'string' && /^\d{2}$/.test(sentPlace.trim()) ? sentPlace.trim() : null;
    if (code && isPlaceOfSupplyCode(code)) placeOfSupply = code;
    else {
      errors.add('place_of_supply', 'must be a two-digit GST state code such as 27 (96 for a foreign country)');
      placeOfSupply = null;
    }
  } else if (!rederive && current?.placeOfSupply && sentPlace === undefined && current.supplyType === supplyType) {
    placeOfSupply = current.placeOfSupply;
  } else {
    placeOfSupply = defaultPlaceOfSupply(ctx.client, supplierState, supplyType);
  }

  const reverseCharge = input.reverse_charge === undefined || input.reverse_charge === null ? (current?.reverseCharge ?? false) : input.reverse_charge === true;
  const roundOffWanted =
    input.round_off === undefined || input.round_off === null ? current?.roundOff !== null && current?.roundOff !== undefined : input.round_off === true;
  const billOfSupply = doc.invoiceType === 'bill_of_supply';
  const kind = taxKindOf({ supplierState, placeOfSupply, supplyType, billOfSupply });
  return { placeOfSupply, supplyType, reverseCharge, roundOffWanted, supplierSnapshot, kind };
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

/** Amounts are stored as DECIMAL(15,2): below 10^13. */
const AMOUNT_LIMIT = '10000000000000';

/** An invoice-style line as the engine sees it (the fields of ProductLineValues it reads and writes). */
export interface GstProductLine {
  quantity: string;
  rate: string;
  taxRate: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  totalAmount: string;
  discountType: DiscountType | null;
  discountValue: string | null;
  /** Quantity x rate less the line discount, as the tax engine took it; null on lines stored before it. */
  taxableValue: string | null;
}

/**
 * Applies the tax rule to invoice-style lines: a line whose amounts were all left out (`omitted`) gets its
 * taxable value, tax and total computed; a line that sent them keeps them and is checked (`tax_warnings`).
 * Every line gets its taxable value.
 */
export function applyGstToLines<L extends GstProductLine>(
  lines: L[],
  omitted: readonly boolean[],
  header: Pick<GstHeader, 'kind' | 'reverseCharge'>,
): { lines: L[]; warnings: TaxWarning[] } {
  const warnings: TaxWarning[] = [];
  const out = lines.map((line, i) => {
    const taxable = lineTaxableValue(line);
    if (omitted[i]) {
      const a = computeLineTax(taxable, line.taxRate, header.kind, header.reverseCharge);
      return { ...line, taxableValue: a.taxable, cgstAmount: a.cgst, sgstAmount: a.sgst, igstAmount: a.igst, totalAmount: a.total };
    }
    warnings.push(
      ...checkLine(
        i,
        { taxable, taxRate: line.taxRate, cgst: line.cgstAmount, sgst: line.sgstAmount, igst: line.igstAmount, total: line.totalAmount },
        header.kind,
        header.reverseCharge,
      ),
    );
    return { ...line, taxableValue: taxable };
  });
  return { lines: out, warnings };
}

/** The document total (lines less the header discount), rounded to the rupee when asked, and the round-off. */
export function gstDocumentTotal(
  lineTotals: string[],
  discountType: DiscountType | null,
  discountValue: string | null,
  roundOffWanted: boolean,
): { totalAmount: string; roundOff: string | null } {
  const total = documentTotal(lineTotals, discountType, discountValue);
  if (toDecimal(total).abs().gte(AMOUNT_LIMIT)) throw ValidationFailed.field('items', `must add up to less than ${AMOUNT_LIMIT}`);
  if (!roundOffWanted) return { totalAmount: total, roundOff: null };
  const rounded = roundToRupee(total);
  if (toDecimal(rounded.total).abs().gte(AMOUNT_LIMIT)) throw ValidationFailed.field('items', `must add up to less than ${AMOUNT_LIMIT}`);
  return { totalAmount: rounded.total, roundOff: rounded.roundOff };
}

/** The stored GST fields of a document from its header decision, round-off and warnings. */
export function gstFieldsOf(header: GstHeader, roundOff: string | null, warnings: TaxWarning[]): GstFields {
  return {
    placeOfSupply: header.placeOfSupply,
    supplyType: header.supplyType,
    reverseCharge: header.reverseCharge,
    roundOff,
    supplierSnapshot: header.supplierSnapshot,
    taxWarnings: warnings,
  };
}

/** The supplier of a context without a business profile: known by its GSTIN only. */
export function gstinOnlySupplier(gstin: string | null): SupplierSnapshot {
  return { name: null, address: null, gstin, pan: null, state_code: null };
}

/** GST fields of a document stored before they existed. */
export const NO_GST_FIELDS: GstFields = {
  placeOfSupply: null,
  supplyType: null,
  reverseCharge: false,
  roundOff: null,
  supplierSnapshot: null,
  taxWarnings: [],
};
