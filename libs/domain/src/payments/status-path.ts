import { ValidationFailed } from '../shared/domain-error';
import { paiseText } from '../shared/money';
import { Allocation, AllocationDocumentType } from './payment';
import { DocumentStatus, PaymentStatus } from '../documents/document-enums';
import { ReceivableDocument } from './receivable-documents.port';
import { paiseOfAmount as paise } from './settlement';

/** Nouns of the documents payments settle, for messages. */
export const SETTLED_NOUN: Record<AllocationDocumentType, string> = { invoice: 'invoice', 'debit-note': 'debit note' };

/**
 * The spec's path meets receipts: what a create or PATCH of a document's payment status may not do while receipts
 * recorded through /v1/payments are allocated to it (docs/receivables.md, "The spec's path").
 */

/** The payment fields of a document header as the spec's payment rules computed them (create or PATCH). */
export interface HeaderPayment {
  clientId: number;
  currency: string;
  status: DocumentStatus;
  totalAmount: string;
  tdsAmount: string | null;
  paymentStatus: PaymentStatus;
  paidAmount: string;
  paymentDate: string | null;
}

/** Receipts allocated to a document hold its client, currency, status and TDS as they were made against. */
export function assertReceiptsKept(doc: ReceivableDocument, header: HeaderPayment, receipts: Allocation[]): void {
  const noun = SETTLED_NOUN[doc.type];
  const why = `receipts are allocated to this ${noun}; delete those allocations first`;
  const problems: Record<string, string> = {};
  if (header.clientId !== doc.clientId) problems.client_id = `cannot change: ${why}`;
  if (header.currency !== doc.currency) problems.currency = `cannot change: ${why}`;
  if (header.status === 'cancelled' || header.status === 'draft') problems.status = `cannot be ${header.status}: ${why}`;
  const recorded = receipts.filter((a) => a.tdsRecorded).reduce((s, a) => s + paise(a.tdsAmount), 0);
  const matched = receipts.filter((a) => !a.tdsRecorded).reduce((s, a) => s + paise(a.tdsAmount), 0);
  const before = paise(doc.tdsAmount);
  const after = paise(header.tdsAmount);
  if (recorded > 0 && after !== before) problems.tds_amount = `cannot change: it holds ${paiseText(recorded)} of TDS that receipts recorded (${why})`;
  else if (matched > 0 && after < matched) problems.tds_amount = `must be at least ${paiseText(matched)}, the TDS receipts matched against it`;
  if (Object.keys(problems).length) throw new ValidationFailed(problems);
}

/** Why a header may not say `paid_amount` is below what receipts paid, keyed by the field that says it. */
export function paidBelowReceipts(header: HeaderPayment, byReceipts: string, noun: string): ValidationFailed {
  const why = `receipts allocated ${byReceipts} to this ${noun}`;
  if (header.paymentStatus === 'partial') return ValidationFailed.field('paid_amount', `must be at least ${byReceipts}: ${why}`);
  if (header.paymentStatus === 'paid') {
    return ValidationFailed.field('total_amount', `would make the amount receivable less than the ${byReceipts} that receipts allocated to this ${noun}`);
  }
  return ValidationFailed.field('payment_status', `cannot be ${header.paymentStatus}: ${why}; delete those allocations first`);
}
