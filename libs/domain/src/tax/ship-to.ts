import { splitAddress } from '../einvoice/irp-payload';
import { validateGstin } from './gstin';

/**
 * The ship-to party of an invoice: a registered person other than the recipient to whom the goods are sent (the
 * "Bill To - Ship To" supply of the e-way bill system; the e-invoice's `ShipDtls`). Its GSTIN is checked (format, state
 * code, PAN, check character); its legal name and the address of delivery, with a PIN code, go with it, since the
 * portals take the ship-to party's address with its GSTIN. docs/gst-exports.md, "Ship-to party".
 */
export interface ShipTo {
  gstin: string | null;
  name: string | null;
}

interface Errors {
  add(field: string, problem: string): void;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.replace(/\s+/g, ' ').trim() : null);

/** The ship-to fields as stored, from what was sent merged over the stored ones; problems are added by field. */
export function shipToValues(gstinInput: unknown, nameInput: unknown, deliveryAddress: string | null, errors: Errors): ShipTo {
  const gstinText =
    gstinInput === null || gstinInput === undefined ? null : typeof gstinInput === 'string' ? (text(gstinInput)?.toUpperCase() ?? null) : undefined;
  const name = nameInput === null || nameInput === undefined ? null : text(nameInput);
  let gstin: string | null = null;
  if (gstinText === undefined) errors.add('shipToGstin', 'must be a GSTIN (a string) or null');
  else if (gstinText !== null) {
    const check = validateGstin(gstinText);
    if (check.ok) gstin = gstinText;
    else errors.add('shipToGstin', check.reason);
  }
  if (nameInput !== null && nameInput !== undefined && (name === null || name.length < 3 || name.length > 100)) {
    errors.add('shipToName', 'must be the legal name of the ship-to party, 3 to 100 characters');
  }
  if (gstinText && (nameInput === undefined || nameInput === null))
    errors.add('shipToName', 'is required with ship_to_gstin (the legal name of the ship-to party)');
  if (!gstinText && name !== null) errors.add('shipToName', 'goes with ship_to_gstin: give the GSTIN of the ship-to party too');
  if (gstinText && !splitAddress(deliveryAddress).pin) {
    errors.add('deliveryAddress', "with ship_to_gstin, the ship-to party's address of delivery with its 6-digit PIN code is required");
  }
  return { gstin, name: gstin ? name : null };
}
