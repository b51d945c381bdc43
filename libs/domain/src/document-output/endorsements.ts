import { SupplyType } from '../tax/supply';

/**
 * The endorsements a printed document carries by its supply type (sources in docs/gst.md, "The printed document"):
 *
 * - A zero-rated supply (IGST Act section 16(1): an export, or a supply to an SEZ unit or SEZ developer) is made
 *   either under bond or letter of undertaking without payment of integrated tax, or on payment of it (section
 *   16(3)); its tax invoice says which (CGST rule 46, the proviso on exports: "supply meant for export/supply to SEZ
 *   unit or SEZ developer for authorised operations ..."). The export and the SEZ supply each print their own half
 *   of the rule's wording; a supply without payment also names its letter of undertaking (or bond).
 * - A supply on which the recipient pays the tax says so (CGST rule 46(p)).
 * - A bill of supply (CGST rule 49) is not a tax invoice and charges no tax.
 */
export interface EndorsedDocument {
  /** Whether the document is an invoice (the supply-type endorsements are those of a tax invoice, rule 46). */
  invoice: boolean;
  /** A tax document: an invoice, a debit note or a credit note. */
  taxDocument: boolean;
  supplyType: SupplyType;
  billOfSupply: boolean;
  reverseCharge: boolean;
  lutNumber: string | null;
}

const EXPORT = 'Supply meant for export';
const SEZ = 'Supply to SEZ unit or SEZ developer for authorised operations';
const WITHOUT_PAYMENT = 'under bond or letter of undertaking without payment of integrated tax';
const ON_PAYMENT = 'on payment of integrated tax';

/** The endorsement of a zero-rated supply type, or null for a domestic one. */
export function zeroRatedEndorsement(supplyType: SupplyType, lutNumber: string | null): string | null {
  const lut = lutNumber && lutNumber.trim() !== '' ? ` (LUT No. ${lutNumber.trim()})` : '';
  switch (supplyType) {
    case 'export_without_payment':
      return `${EXPORT} ${WITHOUT_PAYMENT}${lut}.`;
    case 'sez_without_payment':
      return `${SEZ} ${WITHOUT_PAYMENT}${lut}.`;
    case 'export_with_payment':
      return `${EXPORT} ${ON_PAYMENT}.`;
    case 'sez_with_payment':
      return `${SEZ} ${ON_PAYMENT}.`;
    default:
      return null;
  }
}

/** Reverse charge (CGST rule 46(p)). */
export const REVERSE_CHARGE_ENDORSEMENT = 'Tax is payable on reverse charge.';

/** A bill of supply (CGST rule 49). */
export const BILL_OF_SUPPLY_ENDORSEMENT = 'Bill of supply: not a tax invoice; no tax is charged on this supply.';

/** Every endorsement of a document, in the order printed. */
export function endorsementsOf(doc: EndorsedDocument): string[] {
  const out: string[] = [];
  if (doc.invoice && doc.billOfSupply) out.push(BILL_OF_SUPPLY_ENDORSEMENT);
  const zeroRated = doc.invoice && !doc.billOfSupply ? zeroRatedEndorsement(doc.supplyType, doc.lutNumber) : null;
  if (zeroRated) out.push(zeroRated);
  if (doc.taxDocument && doc.reverseCharge) out.push(REVERSE_CHARGE_ENDORSEMENT);
  return out;
}
