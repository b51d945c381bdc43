import { Client } from '../clients/client';
import { SourceDocument } from '../document-output/source-document';
import { splitAddress } from '../einvoice/irp-payload';
import { ValidationFailed } from '../shared/domain-error';
import { normalizeStateCode, stateName } from '../tax/states';

/**
 * Where the goods of an export leave India: the port, airport or land customs station the e-way bill takes them to.
 * The consignee is abroad, so the bill's bill-to is `URP` in state 99 ("Other Country" in the portal's state master)
 * and its dispatch-to (ship-to) is the place of exit, whose PIN code and state are the bill's `toPincode` and
 * `actToStateCode` (docs/gst-exports.md, "E-way bill", exports).
 */
export interface ExitPoint {
  place: string;
  stateCode: string;
  pincode: number;
}

/** The place of exit as sent (POST /v1/invoices/{id}/eway-bill and the bulk file's query). */
export interface ExitPointInput {
  exitPlace?: unknown;
  exitStateCode?: unknown;
  exitPincode?: unknown;
}

/** The portal's state code of a party outside India ("Other Country"). */
export const OTHER_COUNTRY_STATE = 99;
/** The portal's sub-supply types of an outward bill: 1 Supply, 3 Export. */
export const SUB_SUPPLY = { supply: 1, export: 3 } as const;

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The place of exit of an export (required: a state or union territory of India and a 6-digit PIN code; the name
 * optional, at most 50 characters); null for any other invoice, which may not name one (400 by field).
 */
export function exitPointOf(input: ExitPointInput, isExport: boolean): ExitPoint | null {
  const errors: Record<string, string> = {};
  const fields = ['exitPlace', 'exitStateCode', 'exitPincode'] as const;
  if (!isExport) {
    for (const f of fields) if (given(input[f])) errors[f] = "only an export's e-way bill names a place of exit";
    if (Object.keys(errors).length) throw new ValidationFailed(errors, 'The invoice is not an export.');
    return null;
  }
  const code = typeof input.exitStateCode === 'string' ? normalizeStateCode(input.exitStateCode) : null;
  const stateCode = code !== null && stateName(code) !== null && !['96', '97', '99'].includes(code) ? code : null;
  if (stateCode === null) {
    errors.exitStateCode = "an export's e-way bill goes to the place of exit: give the GST code of its state or union territory, such as 27";
  }
  const pin = input.exitPincode;
  const pincode = typeof pin === 'string' && /^[1-9]\d{5}$/.test(pin) ? Number(pin) : 0;
  if (!pincode) errors.exitPincode = "an export's e-way bill goes to the place of exit: give its 6-digit PIN code";
  const place = typeof input.exitPlace === 'string' ? input.exitPlace.replace(/\s+/g, ' ').trim() : '';
  if (given(input.exitPlace) && (typeof input.exitPlace !== 'string' || place.length < 3 || place.length > 50)) {
    errors.exitPlace = 'must be the name of the port or station, 3 to 50 characters';
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors, 'The place of exit of the export is missing or invalid.');
  return { place, stateCode: stateCode as string, pincode };
}

/** Where the goods go: the place of exit of an export, the ship-to party's address of delivery, else the client's address. */
export interface Destination {
  addr1: string;
  addr2: string;
  loc: string;
  pin: number | null;
  /** Its state when it is not the client's: the place of exit's, the ship-to party's. */
  state: string | null;
}

export function destination(doc: SourceDocument, client: Client | null, exit: ExitPoint | null, errors: Record<string, string>): Destination {
  if (exit) return { addr1: exit.place, addr2: '', loc: exit.place, pin: exit.pincode, state: exit.stateCode };
  if (doc.shipToGstin) {
    const a = splitAddress(doc.deliveryAddress ?? null);
    if (!a.pin || !a.addr1) errors.deliveryAddress = "the ship-to party's address of delivery must hold the street and a 6-digit PIN code";
    return { ...a, state: doc.shipToGstin.slice(0, 2) };
  }
  const to = splitAddress(client?.address ?? null);
  if (!to.pin || !to.addr1) errors.clientAddress = "the client's address must hold the street and a 6-digit PIN code for an e-way bill";
  return { ...to, state: null };
}
