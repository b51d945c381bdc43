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

/** Part B as the API takes it (POST /v1/invoices/{id}/eway-bill). */
export interface PartBInput {
  transport_mode?: unknown;
  distance_km?: unknown;
  vehicle_type?: unknown;
  vehicle_number?: unknown;
  transporter_id?: unknown;
  transporter_name?: unknown;
  transport_document_number?: unknown;
  transport_document_date?: unknown;
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
 * document number falls back on the invoice's `lr_number` and the transporter's name on its `transport_details`.
 * Over-dimensional cargo only by road or ship (portal code 634), by ship with the vessel's number.
 */
export function partBOf(input: PartBInput, invoice: InvoiceTransport): PartB {
  const p = new Problems();
  const mode = input.transport_mode;
  if (typeof mode !== 'string' || !(TRANSPORT_MODES as readonly string[]).includes(mode))
    p.add('transport_mode', `must be one of ${TRANSPORT_MODES.join(', ')}`);
  const distanceKm = distance(input.distance_km, 'distance_km', p);
  const cargo = input.vehicle_type ?? 'regular';
  if (typeof cargo !== 'string' || !(CARGO_KINDS as readonly string[]).includes(cargo)) p.add('vehicle_type', `must be one of ${CARGO_KINDS.join(', ')}`);

  const vehicleRaw = text(input.vehicle_number);
  const vehicleNumber = vehicleRaw === null ? null : normalizeVehicleNumber(vehicleRaw);
  if (input.vehicle_number !== undefined && input.vehicle_number !== null && (vehicleNumber === null || !VEHICLE_NUMBER.test(vehicleNumber))) {
    p.add('vehicle_number', 'must be a registration number of 4 to 20 letters and digits (spaces and hyphens are left out)');
  }
  const transporterId = text(input.transporter_id)?.toUpperCase() ?? null;
  if (input.transporter_id !== undefined && input.transporter_id !== null && (transporterId === null || !TRANSPORTER_ID.test(transporterId))) {
    p.add('transporter_id', "must be the transporter's GSTIN or TRANSIN: 15 characters, two digits then letters and digits");
  }
  const nameSent = input.transporter_name !== undefined && input.transporter_name !== null;
  if (nameSent && (text(input.transporter_name) === null || (text(input.transporter_name) as string).length > 100)) {
    p.add('transporter_name', 'must be a name of at most 100 characters');
  }
  const transporterName = nameSent ? text(input.transporter_name) : (text(invoice.transportDetails)?.replace(/\s+/g, ' ').slice(0, 100).trim() ?? null);

  const docSent = input.transport_document_number !== undefined && input.transport_document_number !== null;
  const transportDocNo = docSent ? text(input.transport_document_number) : text(invoice.lrNumber);
  if (transportDocNo !== null && !TRANSPORT_DOC_NO.test(transportDocNo)) {
    p.add(docSent ? 'transport_document_number' : 'lr_number', 'the portal takes a transport document number of 1 to 15 letters, digits, / and -');
  } else if (docSent && transportDocNo === null) {
    p.add('transport_document_number', 'must be 1 to 15 letters, digits, / and -');
  }
  let transportDocDate: string | null = null;
  if (input.transport_document_date !== undefined && input.transport_document_date !== null) {
    const problem = dateProblem(input.transport_document_date);
    if (problem) p.add('transport_document_date', problem);
    else if ((input.transport_document_date as string) < invoice.date) {
      p.add('transport_document_date', `cannot be before the invoice date ${invoice.date} (portal code 362)`);
    } else transportDocDate = input.transport_document_date as string;
  }

  if (mode === 'road' && vehicleNumber === null && transporterId === null && !p.fields.vehicle_number && !p.fields.transporter_id) {
    p.add('vehicle_number', 'by road, give the vehicle number, or the transporter_id of the transporter who will enter it');
  }
  if (mode === 'rail' || mode === 'air' || mode === 'ship') {
    if (transportDocNo === null) p.add('transport_document_number', `by ${mode}, the transport document's number is required (or the invoice's lr_number)`);
    if (transportDocDate === null) p.add('transport_document_date', `by ${mode}, the transport document's date is required`);
  }
  if (cargo === 'over_dimensional') {
    if (mode === 'rail' || mode === 'air') p.add('vehicle_type', 'over-dimensional cargo moves by road or ship (portal code 634)');
    if (mode === 'ship' && vehicleNumber === null) p.add('vehicle_number', "over-dimensional cargo by ship needs the vessel's number");
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

/** An extension as the API takes it (POST /v1/invoices/{id}/eway-bill/extend). */
export interface ExtensionInput {
  reason?: unknown;
  remark?: unknown;
  remaining_distance_km?: unknown;
  current_place?: unknown;
  current_state_code?: unknown;
  current_pincode?: unknown;
  consignment_status?: unknown;
  transit_type?: unknown;
  transit_address?: unknown;
  transport_mode?: unknown;
  vehicle_number?: unknown;
  transport_document_number?: unknown;
  transport_document_date?: unknown;
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
  const remainingDistanceKm = distance(input.remaining_distance_km, 'remaining_distance_km', p, bill.distanceKm);
  const place = text(input.current_place);
  if (place === null || place.length > 50) p.add('current_place', 'must be the place the goods are at, at most 50 characters');
  const code = typeof input.current_state_code === 'string' ? normalizeStateCode(input.current_state_code) : null;
  // A place in India: a state or union territory of the GST list (not 96, a foreign country, nor 99, Centre jurisdiction).
  const stateCode = code !== null && stateName(code) !== null && code !== '96' && code !== '99' ? code : null;
  if (stateCode === null) p.add('current_state_code', 'must be the GST code of a state or union territory, such as 27');
  const pin = input.current_pincode;
  const pincode =
    typeof pin === 'string' && /^[1-9]\d{5}$/.test(pin)
      ? Number(pin)
      : typeof pin === 'number' && Number.isInteger(pin) && pin >= 100000 && pin <= 999999
        ? pin
        : 0;
  if (!pincode) p.add('current_pincode', 'must be the 6-digit PIN code where the goods are');
  const status = input.consignment_status ?? 'in_movement';
  if (typeof status !== 'string' || !(CONSIGNMENT_STATUSES as readonly string[]).includes(status)) {
    p.add('consignment_status', `must be one of ${CONSIGNMENT_STATUSES.join(', ')}`);
  }
  const remarkSent = input.remark !== undefined && input.remark !== null;
  const remark = text(input.remark);
  if (remarkSent && (remark === null || remark.length > 50)) p.add('remark', 'must be a string of 1 to 50 characters');

  let transitType: Extension['transitType'] = null;
  let transitAddress: string | null = null;
  const modeInput = input.transport_mode ?? bill.transportMode;
  if (typeof modeInput !== 'string' || !(TRANSPORT_MODES as readonly string[]).includes(modeInput))
    p.add('transport_mode', `must be one of ${TRANSPORT_MODES.join(', ')}`);
  const vehicleSent = input.vehicle_number !== undefined && input.vehicle_number !== null;
  const vehicleNumber = vehicleSent
    ? text(input.vehicle_number) === null
      ? null
      : normalizeVehicleNumber(text(input.vehicle_number) as string)
    : bill.vehicleNumber;
  if (vehicleSent && (vehicleNumber === null || !VEHICLE_NUMBER.test(vehicleNumber))) {
    p.add('vehicle_number', 'must be a registration number of 4 to 20 letters and digits (spaces and hyphens are left out)');
  }
  const docSent = input.transport_document_number !== undefined && input.transport_document_number !== null;
  const transportDocNo = docSent ? text(input.transport_document_number) : bill.transportDocNo;
  if (docSent && (transportDocNo === null || !TRANSPORT_DOC_NO.test(transportDocNo))) {
    p.add('transport_document_number', 'must be 1 to 15 letters, digits, / and -');
  }
  let transportDocDate = bill.transportDocDate;
  if (input.transport_document_date !== undefined && input.transport_document_date !== null) {
    const problem = dateProblem(input.transport_document_date);
    if (problem) p.add('transport_document_date', problem);
    else if ((input.transport_document_date as string) < invoiceDate) p.add('transport_document_date', `cannot be before the invoice date ${invoiceDate}`);
    else transportDocDate = input.transport_document_date as string;
  }
  if (status === 'in_transit') {
    const type = input.transit_type;
    if (typeof type !== 'string' || !(TRANSIT_TYPES as readonly string[]).includes(type))
      p.add('transit_type', `in transit, must be one of ${TRANSIT_TYPES.join(', ')}`);
    else transitType = type as Extension['transitType'];
    transitAddress = text(input.transit_address);
    if (transitAddress === null || transitAddress.length > 150)
      p.add('transit_address', 'in transit, must be the address the goods wait at, at most 150 characters');
  } else if (status === 'in_movement') {
    if (modeInput === 'road' && vehicleNumber === null) p.add('vehicle_number', 'in movement by road, the vehicle number is required');
    if (modeInput !== 'road' && (transportDocNo === null || transportDocDate === null)) {
      p.add(
        'transport_document_number',
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
