import { Consignment, EwbItem, nicDate } from './consignment';
import { CargoKind } from './eway-bill-validity';
import { PartB, TransportMode } from './part-b';

/**
 * The requests of the NIC e-way bill system built from Part A (consignment.ts) and Part B: the API's generate and
 * extension requests (e-way bill API v1.03, docs.ewaybillgst.gov.in) and the offline tool's bulk JSON
 * (docs/gst-exports.md, "E-way bill").
 */

/** The generate request of the API: Part A and Part B; codes and the distance as strings, as the API takes them. */
export type NicEwayBill = Omit<Consignment, 'subSupplyType'> & {
  subSupplyType: string;
  transMode: string;
  transDistance: string;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: string;
};

/** One bill of the offline tool's bulk file: the bulk tool's names for five fields, numbers for codes and distance. */
export type BulkBill = Omit<Consignment, 'transactionType' | 'actFromStateCode' | 'actToStateCode' | 'otherValue' | 'cessNonAdvolValue' | 'itemList'> & {
  transType: number;
  actualFromStateCode: number;
  actualToStateCode: number;
  OthValue: number;
  TotNonAdvolVal: number;
  itemList: Array<EwbItem & { itemNo: number }>;
  transDistance: number;
  transMode?: number;
  transporterId?: string;
  transporterName?: string;
  transDocNo?: string;
  transDocDate?: string;
  vehicleNo?: string;
  vehicleType?: string;
};

/** The bulk generation file of the e-way bill portal (`schemas/eway-bill.schema.json`). */
export interface BulkEwayBill {
  version: string;
  billLists: BulkBill[];
}

/** The version of the bulk file written (the offline tool's JSON version 1.0.0621). */
export const BULK_VERSION = '1.0.0621';

/** Transport mode codes of the portal's masters. */
export const TRANSPORT_MODE_CODES: Readonly<Record<TransportMode, number>> = { road: 1, rail: 2, air: 3, ship: 4 };
/** Vehicle types: R regular, O over-dimensional cargo. */
export const VEHICLE_TYPES: Readonly<Record<CargoKind, 'R' | 'O'>> = { regular: 'R', over_dimensional: 'O' };

/** The API's generate request: Part A with Part B. */
export function nicGenerateRequest(c: Consignment, b: PartB): NicEwayBill {
  return {
    ...c,
    subSupplyType: String(c.subSupplyType),
    transMode: String(TRANSPORT_MODE_CODES[b.transportMode]),
    transDistance: String(b.distanceKm),
    transporterId: b.transporterId ?? '',
    transporterName: b.transporterName ?? '',
    transDocNo: b.transportDocNo ?? '',
    transDocDate: b.transportDocDate ? nicDate(b.transportDocDate) : '',
    vehicleNo: b.vehicleNumber ?? '',
    vehicleType: b.vehicleNumber ? VEHICLE_TYPES[b.cargo] : '',
  };
}

/**
 * One bill of the bulk file. Without Part B the distance is 0, which the portal reads as "compute it from the PIN
 * codes", and the transport fields are left out (the bill is then Part A only, completed on the portal).
 */
export function bulkBill(c: Consignment, b: PartB | null): BulkBill {
  const { transactionType, actFromStateCode, actToStateCode, otherValue, cessNonAdvolValue, itemList, ...rest } = c;
  const partB = b
    ? {
        transMode: TRANSPORT_MODE_CODES[b.transportMode],
        ...(b.transporterId ? { transporterId: b.transporterId } : {}),
        ...(b.transporterName ? { transporterName: b.transporterName } : {}),
        ...(b.transportDocNo ? { transDocNo: b.transportDocNo } : {}),
        ...(b.transportDocDate ? { transDocDate: nicDate(b.transportDocDate) } : {}),
        ...(b.vehicleNumber ? { vehicleNo: b.vehicleNumber, vehicleType: VEHICLE_TYPES[b.cargo] } : {}),
      }
    : {};
  return {
    ...rest,
    transType: transactionType,
    actualFromStateCode: actFromStateCode,
    actualToStateCode: actToStateCode,
    OthValue: otherValue,
    TotNonAdvolVal: cessNonAdvolValue,
    itemList: itemList.map((item, i) => ({ itemNo: i + 1, ...item })),
    transDistance: b ? b.distanceKm : 0,
    ...partB,
  };
}

/** The extension request of the API (EXTENDVALIDITY). */
export interface NicExtension {
  ewbNo: number;
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  fromPincode: number;
  remainingDistance: number;
  transDocNo: string;
  transDocDate: string;
  /** '1' to '4' in movement, '5' in transit. */
  transMode: string;
  extnRsnCode: number;
  extnRemarks: string;
  consignmentStatus: 'M' | 'T';
  transitType: '' | 'R' | 'W' | 'O';
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
}

/** A transit address in the portal's three lines of at most 50 characters. */
export function addressLines(address: string | null): Pick<NicExtension, 'addressLine1' | 'addressLine2' | 'addressLine3'> {
  const a = (address ?? '').replace(/\s+/g, ' ').trim();
  return { addressLine1: a.slice(0, 50).trim(), addressLine2: a.slice(50, 100).trim(), addressLine3: a.slice(100, 150).trim() };
}
