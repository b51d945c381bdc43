import { DocumentStatus, PaymentStatus } from '../documents/document-enums';
import { DocumentRef } from './payment';

/** What settling a document needs to know of it (amounts as 2-decimal strings). */
export interface ReceivableDocument extends DocumentRef {
  clientId: number;
  number: string;
  status: DocumentStatus;
  currency: string;
  totalAmount: string;
  /** The document's tds_amount (invoices; always null on debit notes, which carry no TDS). */
  tdsAmount: string | null;
  paymentStatus: PaymentStatus;
  paidAmount: string;
  paymentDate: string | null;
  paidAt: string | null;
}

/** The payment fields of a document's header that its allocations decide. */
export interface Settlement {
  paymentStatus: PaymentStatus;
  paidAmount: string;
  paymentDate: string | null;
  paidAt: string | null;
  /** Invoices: the TDS on the document (its own plus the TDS receipts recorded on it). */
  tdsAmount: string | null;
}

/**
 * The documents payments settle (invoices and debit notes), seen from the ledger. Every method is scoped by the
 * account; a document of another account does not exist for it.
 */
export abstract class ReceivableDocuments {
  /**
   * Reads the document and locks its row until the transaction ends (SELECT ... FOR UPDATE), so that allocations to
   * one document are decided one at a time; null when the account has no such document. Lock several documents in
   * the order `compareRefs` gives, before any payment row.
   */
  abstract lock(accountId: number, ref: DocumentRef): Promise<ReceivableDocument | null>;
  /**
   * `lock` for several documents at once (one read per kind), their rows locked in the order `compareRefs` gives;
   * those the account has none of are left out.
   */
  abstract lockAll(accountId: number, refs: DocumentRef[]): Promise<ReceivableDocument[]>;
  /** Writes the payment fields of the (locked) document's header. */
  abstract settle(accountId: number, ref: DocumentRef, settlement: Settlement): Promise<void>;
  /** `settle` for several (locked) documents at once. */
  abstract settleAll(accountId: number, changes: Array<{ ref: DocumentRef; settlement: Settlement }>): Promise<void>;
}

/** The order documents are locked in (type, then id), so that two transactions never wait on each other in a circle. */
export function compareRefs(a: DocumentRef, b: DocumentRef): number {
  return a.type === b.type ? a.id - b.id : a.type < b.type ? -1 : 1;
}
