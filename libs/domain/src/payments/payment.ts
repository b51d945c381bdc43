import { paiseOf, paiseText } from '../shared/money';

/** How the client paid. */
export const PAYMENT_MODES = ['upi', 'neft', 'rtgs', 'imps', 'cash', 'cheque', 'card', 'other'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The documents a payment can settle: those the client pays (document-kinds.ts, `payable`). */
export const ALLOCATION_DOCUMENT_TYPES = ['invoice', 'debit-note'] as const;
export type AllocationDocumentType = (typeof ALLOCATION_DOCUMENT_TYPES)[number];

/**
 * Where a payment came from: `receipt`, recorded through `/v1/payments`; `payment_status`, recorded by the service
 * when a document's `payment_status` was set to `paid` or `partial` on create or PATCH (the spec's path), so that the
 * ledger and the document header never disagree. The second kind follows the header: it is replaced or removed when
 * a later update of the document's payment status changes what it says.
 */
export const PAYMENT_SOURCES = ['receipt', 'payment_status'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** Activity entity types of the documents a payment settles. */
export const ALLOCATION_ENTITY_TYPES: Record<AllocationDocumentType, string> = { invoice: 'invoice', 'debit-note': 'debit_note' };

/** The document a payment was recorded for (a `payment_status` payment), or that an allocation settles. */
export interface DocumentRef {
  type: AllocationDocumentType;
  id: number;
}

/** What a payment holds. Amounts are 2-decimal strings; dates 'Y-m-d'. */
export interface PaymentFields {
  clientId: number;
  /** Money received (cash, bank, card ...), more than 0. */
  amount: string;
  /** Income-tax the client deducted at source on this receipt ('0.00' when none). */
  tdsAmount: string;
  currency: string;
  paymentDate: string;
  mode: PaymentMode;
  reference: string | null;
  notes: string | null;
  source: PaymentSource;
  /** The document whose payment status made the payment (source `payment_status`); null for receipts. */
  sourceDocument: DocumentRef | null;
}

/** The receipt voucher number an advance takes (its own series per financial year). */
export interface ReceiptNumber {
  number: string;
  fyStartYear: number;
  sequence: number;
}

export interface Payment extends PaymentFields {
  id: number;
  accountId: number;
  /** Sum of the live allocations' amounts (kept in step with them). */
  allocatedAmount: string;
  /** Sum of the live allocations' TDS. */
  allocatedTds: string;
  /** Receipt voucher number of an advance (a receipt not fully allocated when it was recorded); null otherwise. */
  receiptNumber: string | null;
  /** 'Y-m-d H:i:s' UTC. */
  createdAt: string;
  updatedAt: string;
}

/** An allocation as it is written. */
export interface AllocationFields {
  /** The document it settles. */
  document: DocumentRef;
  amount: string;
  /** Part of the receipt's TDS applied to the document ('0.00' when none). */
  tdsAmount: string;
  /**
   * True: the TDS was recorded on the document (it carried none of its own; its `tds_amount` grew by it and its
   * receivable shrank). False: it matches TDS the document already carries, which is not counted a second time.
   */
  tdsRecorded: boolean;
  allocationDate: string;
}

export interface Allocation extends AllocationFields {
  id: number;
  paymentId: number;
  clientId: number;
  /** The document's number when read with it (null where the read does not join the document). */
  documentNumber: string | null;
  /** Source of the payment the allocation belongs to. */
  source: PaymentSource;
  createdAt: string;
}

export interface PaymentWithAllocations {
  payment: Payment;
  allocations: Allocation[];
}

/** Payment list filters (all combinable; validated at the edge). */
export interface PaymentListFilter {
  limit: number;
  offset: number;
  clientId?: number;
  /** Payment dates; `fyStartYear` wins over dateFrom/dateTo. */
  fyStartYear?: number;
  dateFrom?: string;
  dateTo?: string;
  mode?: PaymentMode;
}

/** A short before/after summary of a payment for the audit trail and notifications. */
export function paymentSummary(p: Payment, allocations: Array<Pick<Allocation, 'document' | 'amount' | 'tdsAmount'>>): Record<string, unknown> {
  return {
    client_id: p.clientId,
    amount: p.amount,
    tds_amount: p.tdsAmount,
    currency: p.currency,
    payment_date: p.paymentDate,
    mode: p.mode,
    source: p.source,
    receipt_number: p.receiptNumber,
    unallocated_amount: unallocatedAmount(p),
    allocations: allocations.map((a) => ({ document_type: a.document.type, document_id: a.document.id, amount: a.amount, tds_amount: a.tdsAmount })),
  };
}

/** Label of a payment in the audit trail and notifications: its voucher number, or `Payment <id>`. */
export function paymentLabel(p: Pick<Payment, 'id' | 'receiptNumber'>): string {
  return p.receiptNumber ?? `Payment ${p.id}`;
}

/** The payment's amount not yet allocated: the client's credit (an advance) until it is applied. */
export function unallocatedAmount(p: Pick<Payment, 'amount' | 'allocatedAmount'>): string {
  return paiseText(paiseOf(p.amount)! - paiseOf(p.allocatedAmount)!);
}

/** The payment's TDS not yet applied to a document. */
export function unallocatedTds(p: Pick<Payment, 'tdsAmount' | 'allocatedTds'>): string {
  return paiseText(paiseOf(p.tdsAmount)! - paiseOf(p.allocatedTds)!);
}
