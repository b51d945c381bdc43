import { PartB } from './part-b';
import { BulkEwayBill, NicEwayBill, NicExtension } from './eway-bill-payload';

/** What the portal answers for a generated bill; times 'Y-m-d H:i:s' in Indian time. */
export interface GeneratedEwayBill {
  /** The 12-digit e-way bill number (EBN). */
  ewbNo: string;
  ewbDate: string;
  /** The validity the portal computed; null when it gave none (no Part B). */
  validUpto: string | null;
}

/**
 * The portal refused the request: its error codes and messages. `conflict`: the bill's state does not allow it (already
 * generated for the document, cancelled, verified in transit, outside the time the portal allows); `invalid`: the data
 * sent (a field the portal checks against its masters, such as a PIN code or a vehicle number format).
 */
export class EwayBillRejected extends Error {
  constructor(
    readonly errors: Array<{ code: string; message: string }>,
    readonly kind: 'invalid' | 'conflict' = 'invalid',
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; ') || 'The e-way bill portal refused the request.');
    this.name = 'EwayBillRejected';
  }
}

export const CANCEL_REASONS = ['duplicate', 'order_cancelled', 'data_entry_mistake', 'other'] as const;
export type EwayBillCancelReason = (typeof CANCEL_REASONS)[number];

export const EXTENSION_REASONS = ['natural_calamity', 'law_and_order', 'transshipment', 'accident', 'other'] as const;
export type ExtensionReason = (typeof EXTENSION_REASONS)[number];

/**
 * The NIC e-way bill system. Without credentials (or for a GSTIN they are not for) it raises NotConfigured; a portal that
 * cannot be reached or does not answer in time TemporarilyUnavailable; a refusal EwayBillRejected.
 */
export abstract class EwayBillRegistry {
  abstract generate(gstin: string, bill: NicEwayBill): Promise<GeneratedEwayBill>;
  abstract cancel(gstin: string, ewbNo: string, reason: EwayBillCancelReason, remark: string): Promise<{ cancelledAt: string | null }>;
  abstract extend(gstin: string, extension: NicExtension): Promise<{ validUpto: string | null }>;
}

/** Checks an offline-tool bulk file against the committed schema: null when valid, else the problems by JSON pointer. */
export abstract class EwayBillSchemaValidator {
  abstract validate(file: BulkEwayBill): Record<string, string> | null;
}

/** A stored e-way bill of an invoice. `ewbDate` and `validUntil` in Indian time, `cancelledAt` and `createdAt` UTC. */
export interface EwayBill extends PartB {
  invoiceId: number;
  ewbNo: string;
  ewbDate: string;
  /** Null while the bill has no Part B (a road movement with a transporter id and no vehicle yet). */
  validUntil: string | null;
  validityDays: number | null;
  status: 'active' | 'cancelled';
  cancelledAt: string | null;
  cancelReason: string | null;
  extendedTimes: number;
  createdAt: string;
}

/** What an extension changes of a stored bill. */
export interface ExtensionChange {
  validUntil: string;
  validityDays: number;
  transportMode: PartB['transportMode'];
  vehicleNumber: string | null;
  transportDocNo: string | null;
  transportDocDate: string | null;
}

/** The e-way bills of the account's invoices (at most one active per invoice); every method is scoped to the account. */
export abstract class EwayBills {
  /** The active bill of the invoice, else its latest cancelled one; null when it has none. */
  abstract find(accountId: number, invoiceId: number): Promise<EwayBill | null>;
  /** Stores a new active bill; an invoice that already has one raises Conflict. */
  abstract save(accountId: number, bill: Omit<EwayBill, 'status' | 'cancelledAt' | 'cancelReason' | 'extendedTimes'>): Promise<void>;
  abstract markCancelled(accountId: number, invoiceId: number, at: string, reason: string): Promise<void>;
  /** Records an extension: the new validity and how the goods move on (the distance stays the one of generation). */
  abstract markExtended(accountId: number, invoiceId: number, change: ExtensionChange): Promise<void>;
  /** The active bills among `invoiceIds`. */
  abstract activeAmong(accountId: number, invoiceIds: number[]): Promise<Map<number, EwayBill>>;
}
