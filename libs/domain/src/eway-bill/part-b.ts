import { ValidationFailed } from '../shared/domain-error';
import { dateProblem } from '../shared/fiscal-year';
import { normalizeStateCode, stateName } from '../tax/states';
import { CARGO_KINDS, CargoKind, MAX_DISTANCE_KM } from './eway-bill-validity';

export const TRANSPORT_MODES = ['road', 'rail', 'air', 'ship'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** Part B of a bill: how the goods move. Dates 'Y-m-d'. */
export interface PartB {
  transportMode: TransportMode;
  /** Approximate distance in whole kilometres (Part A of the form, as the portal has it with the transport). */
  distanceKm: number;
  cargo: CargoKind;
  vehicleNumber: string | null;
  transporterId: string | null;
  transporterName: string | null;
  transportDocNo: string | null;
  transportDocDate: string | null;
}

/** The Part B command (POST /v1/invoices/{id}/eway-bill): fields as sent, checked here. */
export interface PartBInput {
  transportMode?: unknown;
  distanceKm?: unknown;
  vehicleType?: unknown;
  vehicleNumber?: unknown;
  transporterId?: unknown;
  transporterName?: unknown;
  transportDocumentNumber?: unknown;
  transportDocumentDate?: unknown;
}

/** What of the invoice Part B falls back on: its LR number (the transport document) and transport details. */
export interface InvoiceTransport {
  date: string;
  lrNumber: string | null;
  transportDetails: string | null;
}

/** GSTIN, or the 15-character id the portal enrols an unregistered transporter with (TRANSIN): same shape. */
export const TRANSPORTER_ID = /^[0-9]{2}[0-9A-Z]{13}$/;
/** Registration numbers: letters and digits once spaces and hyphens are taken out. */
const VEHICLE_NUMBER = /^[A-Z0-9]{4,20}$/;
/** The portal's transport document number (LR, RR, airway bill, bill of lading). */
const TRANSPORT_DOC_NO = /^[A-Za-z0-9/-]{1,15}$/;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Collects problems by field; `throw` raises them as one 400. */
class Problems {
  readonly fields: Record<string, string> = {};
  add(field: string, problem: string): void {
    this.fields[field] ??= problem;
  }
  throwIfAny(message: string): void {
    if (Object.keys(this.fields).length) throw new ValidationFailed(this.fields, message);
  }
}

function distance(value: unknown, field: string, p: Problems, max = MAX_DISTANCE_KM): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    p.add(field, `must be a whole number of kilometres from 1 to ${max}`);
    return 0;
  }
  return value;
}

export function normalizeVehicleNumber(v: string): string {
  return v.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Part B of a new bill. Road: a vehicle number, or the transporter's id when the transporter enters the vehicle later
 * (the bill then has no validity until it does). Rail, air and ship: the transport document's number and date. The
 * document number falls back on the invoice's LR number and the transporter's name on its transport details.
 * Over-dimensional cargo only by road or ship (portal code 634), by ship with the vessel's number.
 */
export function partBOf(input: PartBInput, invoice: InvoiceTransport): PartB {
  const p = new Problems();
  const mode = input.transportMode;
  if (typeof mode !== 'string' || !(TRANSPORT_MODES as readonly string[]).includes(mode))
    p.add('transportMode', `must be one of ${TRANSPORT_MODES.join(', ')}`);
  const distanceKm = distance(input.distanceKm, 'distanceKm', p);
  const cargo = input.vehicleType ?? 'regular';
  if (typeof cargo !== 'string' || !(CARGO_KINDS as readonly string[]).includes(cargo)) p.add('vehicleType', `must be one of ${CARGO_KINDS.join(', ')}`);

  const vehicleRaw = text(input.vehicleNumber);
  const vehicleNumber = vehicleRaw === null ? null : normalizeVehicleNumber(vehicleRaw);
  if (input.vehicleNumber !== undefined && input.vehicleNumber !== null && (vehicleNumber === null || !VEHICLE_NUMBER.test(vehicleNumber))) {
    p.add('vehicleNumber', 'must be a registration number of 4 to 20 letters and digits (spaces and hyphens are left out)');
  }
  const transporterId = text(input.transporterId)?.toUpperCase() ?? null;
  if (input.transporterId !== undefined && input.transporterId !== null && (transporterId === null || !TRANSPORTER_ID.test(transporterId))) {
    p.add('transporterId', "must be the transporter's GSTIN or TRANSIN: 15 characters, two digits then letters and digits");
  }
  const nameSent = input.transporterName !== undefined && input.transporterName !== null;
  if (nameSent && (text(input.transporterName) === null || (text(input.transporterName) as string).length > 100)) {
    p.add('transporterName', 'must be a name of at most 100 characters');
  }
  const transporterName = nameSent ? text(input.transporterName) : (text(invoice.transportDetails)?.replace(/\s+/g, ' ').slice(0, 100).trim() ?? null);

  const docSent = input.transportDocumentNumber !== undefined && input.transportDocumentNumber !== null;
  const transportDocNo = docSent ? text(input.transportDocumentNumber) : text(invoice.lrNumber);
  if (transportDocNo !== null && !TRANSPORT_DOC_NO.test(transportDocNo)) {
    p.add(docSent ? 'transportDocumentNumber' : 'lrNumber', 'the portal takes a transport document number of 1 to 15 letters, digits, / and -');
  } else if (docSent && transportDocNo === null) {
    p.add('transportDocumentNumber', 'must be 1 to 15 letters, digits, / and -');
  }
  let transportDocDate: string | null = null;
  if (input.transportDocumentDate !== undefined && input.transportDocumentDate !== null) {
    const problem = dateProblem(input.transportDocumentDate);
    if (problem) p.add('transportDocumentDate', problem);
    else if ((input.transportDocumentDate as string) < invoice.date) {
      p.add('transportDocumentDate', `cannot be before the invoice date ${invoice.date} (portal code 362)`);
    } else transportDocDate = input.transportDocumentDate as string;
  }

  if (mode === 'road' && vehicleNumber === null && transporterId === null && !p.fields.vehicleNumber && !p.fields.transporterId) {
    p.add('vehicleNumber', 'by road, give the vehicle number, or the transporter_id of the transporter who will enter it');
  }
  if (mode === 'rail' || mode === 'air' || mode === 'ship') {
    if (transportDocNo === null) p.add('transportDocumentNumber', `by ${mode}, the transport document's number is required (or the invoice's LR number)`);
    if (transportDocDate === null) p.add('transportDocumentDate', `by ${mode}, the transport document's date is required`);
  }
  if (cargo === 'over_dimensional') {
    if (mode === 'rail' || mode === 'air') p.add('vehicleType', 'over-dimensional cargo moves by road or ship (portal code 634)');
    if (mode === 'ship' && vehicleNumber === null) p.add('vehicleNumber', "over-dimensional cargo by ship needs the vessel's number");
  }
  p.throwIfAny('Part B of the e-way bill is invalid.');
  return {
    transportMode: mode as TransportMode,
    distanceKm,
    cargo: cargo as CargoKind,
    vehicleNumber,
    transporterId,
    transporterName,
    transportDocNo,
    transportDocDate,
  };
}

/** Whether Part B lets the goods move (and the validity run): the vehicle by road, the transport document otherwise. */
export function partBComplete(b: Pick<PartB, 'transportMode' | 'vehicleNumber' | 'transportDocNo'>): boolean {
  return b.transportMode === 'road' ? b.vehicleNumber !== null : b.transportDocNo !== null;
}

export const CONSIGNMENT_STATUSES = ['in_movement', 'in_transit'] as const;
export const TRANSIT_TYPES = ['road', 'warehouse', 'other'] as const;

/** The extension command (POST /v1/invoices/{id}/eway-bill/extend): fields as sent, checked here. */
export interface ExtensionInput {
  reason?: unknown;
  remark?: unknown;
  remainingDistanceKm?: unknown;
  currentPlace?: unknown;
  currentStateCode?: unknown;
  currentPincode?: unknown;
  consignmentStatus?: unknown;
  transitType?: unknown;
  transitAddress?: unknown;
  transportMode?: unknown;
  vehicleNumber?: unknown;
  transportDocumentNumber?: unknown;
  transportDocumentDate?: unknown;
}

export interface Extension {
  remainingDistanceKm: number;
  place: string;
  stateCode: string;
  pincode: number;
  status: 'in_movement' | 'in_transit';
  transitType: 'road' | 'warehouse' | 'other' | null;
  transitAddress: string | null;
  transportMode: TransportMode;
  vehicleNumber: string | null;
  transportDocNo: string | null;
  transportDocDate: string | null;
  remark: string | null;
}

/**
 * An extension of a bill: where the goods are (place, state, PIN), the distance left (at most the bill's, portal code
 * 390), and either how they move on (in movement: the mode and vehicle or transport document, by default the bill's) or
 * where they wait (in transit: road, warehouse or other, and the address). The reason is checked by the caller.
 */
export function extensionOf(input: ExtensionInput, bill: PartB, invoiceDate: string): Extension {
  const p = new Problems();
  const remainingDistanceKm = distance(input.remainingDistanceKm, 'remainingDistanceKm', p, bill.distanceKm);
  const place = text(input.currentPlace);
  if (place === null || place.length > 50) p.add('currentPlace', 'must be the place the goods are at, at most 50 characters');
  const code = typeof input.currentStateCode === 'string' ? normalizeStateCode(input.currentStateCode) : null;
  // A place in India: a state or union territory of the GST list (not 96, a foreign country, nor 99, Centre jurisdiction).
  const stateCode = code !== null && stateName(code) !== null && code !== '96' && code !== '99' ? code : null;
  if (stateCode === null) p.add('currentStateCode', 'must be the GST code of a state or union territory, such as 27');
  const pin = input.currentPincode;
  const pincode =
    typeof pin === 'string' && /^[1-9]\d{5}$/.test(pin)
      ? Number(pin)
      : typeof pin === 'number' && Number.isInteger(pin) && pin >= 100000 && pin <= 999999
        ? pin
        : 0;
  if (!pincode) p.add('currentPincode', 'must be the 6-digit PIN code where the goods are');
  const status = input.consignmentStatus ?? 'in_movement';
  if (typeof status !== 'string' || !(CONSIGNMENT_STATUSES as readonly string[]).includes(status)) {
    p.add('consignmentStatus', `must be one of ${CONSIGNMENT_STATUSES.join(', ')}`);
  }
  const remarkSent = input.remark !== undefined && input.remark !== null;
  const remark = text(input.remark);
  if (remarkSent && (remark === null || remark.length > 50)) p.add('remark', 'must be a string of 1 to 50 characters');

  let transitType: Extension['transitType'] = null;
  let transitAddress: string | null = null;
  const modeInput = input.transportMode ?? bill.transportMode;
  if (typeof modeInput !== 'string' || !(TRANSPORT_MODES as readonly string[]).includes(modeInput))
    p.add('transportMode', `must be one of ${TRANSPORT_MODES.join(', ')}`);
  const vehicleSent = input.vehicleNumber !== undefined && input.vehicleNumber !== null;
  const vehicleNumber = vehicleSent
    ? text(input.vehicleNumber) === null
      ? null
      : normalizeVehicleNumber(text(input.vehicleNumber) as string)
    : bill.vehicleNumber;
  if (vehicleSent && (vehicleNumber === null || !VEHICLE_NUMBER.test(vehicleNumber))) {
    p.add('vehicleNumber', 'must be a registration number of 4 to 20 letters and digits (spaces and hyphens are left out)');
  }
  const docSent = input.transportDocumentNumber !== undefined && input.transportDocumentNumber !== null;
  const transportDocNo = docSent ? text(input.transportDocumentNumber) : bill.transportDocNo;
  if (docSent && (transportDocNo === null || !TRANSPORT_DOC_NO.test(transportDocNo))) {
    p.add('transportDocumentNumber', 'must be 1 to 15 letters, digits, / and -');
  }
  let transportDocDate = bill.transportDocDate;
  if (input.transportDocumentDate !== undefined && input.transportDocumentDate !== null) {
    const problem = dateProblem(input.transportDocumentDate);
    if (problem) p.add('transportDocumentDate', problem);
    else if ((input.transportDocumentDate as string) < invoiceDate) p.add('transportDocumentDate', `cannot be before the invoice date ${invoiceDate}`);
    else transportDocDate = input.transportDocumentDate as string;
  }
  if (status === 'in_transit') {
    const type = input.transitType;
    if (typeof type !== 'string' || !(TRANSIT_TYPES as readonly string[]).includes(type))
      p.add('transitType', `in transit, must be one of ${TRANSIT_TYPES.join(', ')}`);
    else transitType = type as Extension['transitType'];
    transitAddress = text(input.transitAddress);
    if (transitAddress === null || transitAddress.length > 150)
      p.add('transitAddress', 'in transit, must be the address the goods wait at, at most 150 characters');
  } else if (status === 'in_movement') {
    if (modeInput === 'road' && vehicleNumber === null) p.add('vehicleNumber', 'in movement by road, the vehicle number is required');
    if (modeInput !== 'road' && (transportDocNo === null || transportDocDate === null)) {
      p.add(
        'transportDocumentNumber',
        `in movement by ${typeof modeInput === 'string' ? modeInput : 'that mode'}, the transport document's number and date are required`,
      );
    }
  }
  p.throwIfAny('The extension of the e-way bill is invalid.');
  return {
    remainingDistanceKm,
    place: place as string,
    stateCode: stateCode as string,
    pincode,
    status: status as Extension['status'],
    transitType,
    transitAddress,
    transportMode: modeInput as TransportMode,
    vehicleNumber,
    transportDocNo,
    transportDocDate,
    remark,
  };
}
