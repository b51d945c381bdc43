import { PaymentStatus } from '../documents/document-enums';
import { money2, paiseOf, paiseText } from '../shared/money';
import { AllocationFields } from './payment';
import { ReceivableDocument, Settlement } from './receivable-documents.port';

/**
 * The settlement rules of docs/receivables.md, in whole paise (exact: every amount is a DECIMAL(15,2) below 10^13).
 *
 * A document's `paid_amount` is the sum of its live allocations. TDS counts once: a document may carry TDS of its own
 * (an invoice's `tds_amount`, which the spec takes off the receivable); a receipt's TDS applied to such a document only
 * matches that TDS (up to it) and changes nothing; applied to a document without TDS of its own it is recorded on the
 * document (its `tds_amount` grows by it), which takes that part off the receivable, as the spec's receivable rule
 * does for any `tds_amount`.
 */
export type LiveAllocation = Pick<AllocationFields, 'amount' | 'tdsAmount' | 'tdsRecorded' | 'allocationDate'>;

const paise = (amount: string | null): number => (amount === null ? 0 : paiseOf(money2(amount))!);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a');

/** The figures of a document's balance, in paise. */
export interface DocumentBalance {
  total: number;
  /** TDS the document carries of its own (not recorded there by receipts). */
  ownTds: number;
  /** TDS receipts recorded on the document. */
  recordedTds: number;
  /** Receipt TDS matched against the document's own TDS. */
  matchedTds: number;
  /** Sum of the allocations' amounts: the paid amount. */
  paid: number;
  /** Total less all the TDS on the document. */
  receivable: number;
}

/** The balance of `doc` with `live` its allocations (the header's tds_amount is its own TDS plus the recorded). */
export function balanceOf(doc: Pick<ReceivableDocument, 'totalAmount' | 'tdsAmount'>, live: LiveAllocation[]): DocumentBalance {
  const recordedTds = sum(live.filter((a) => a.tdsRecorded).map((a) => paise(a.tdsAmount)));
  const matchedTds = sum(live.filter((a) => !a.tdsRecorded).map((a) => paise(a.tdsAmount)));
  const ownTds = Math.max(paise(doc.tdsAmount) - recordedTds, 0);
  const total = paise(doc.totalAmount);
  return { total, ownTds, recordedTds, matchedTds, paid: sum(live.map((a) => paise(a.amount))), receivable: total - ownTds - recordedTds };
}

/** The amount still due on the document (receivable less paid), as text. */
export function amountDue(b: DocumentBalance): string {
  return paiseText(Math.max(b.receivable - b.paid, 0));
}

/** What a payment brings to a document: its client and currency. */
export interface PayingSide {
  clientId: number;
  currency: string;
}

/**
 * What is wrong with allocating `amount` (and `tdsAmount` of the receipt's TDS) to `doc`, whose allocations are
 * `live`: keyed by the allocation's own field names (the caller prefixes them). Empty when it may go; `tdsRecorded`
 * says how its TDS counts.
 */
export function allocationProblems(
  doc: ReceivableDocument,
  live: LiveAllocation[],
  request: { amount: string; tdsAmount: string },
  payer: PayingSide,
): { problems: Record<string, string>; tdsRecorded: boolean } {
  const problems: Record<string, string> = {};
  const noun = doc.type === 'invoice' ? 'invoice' : 'debit note';
  if (doc.clientId !== payer.clientId)
    problems.document_id = `is ${article(noun)} ${noun} of another client (${doc.number}); a payment settles documents of its own client`;
  if (doc.status === 'draft') problems.document_id = `is a draft ${noun}; issue it before allocating a payment to it`;
  if (doc.status === 'cancelled') problems.document_id = `is a cancelled ${noun}; a payment cannot settle it`;
  if (doc.currency !== payer.currency)
    problems.document_id = `is in ${doc.currency}, the payment in ${payer.currency}; allocate payments in the document's currency`;
  const b = balanceOf(doc, live);
  const amount = paise(request.amount);
  const tds = paise(request.tdsAmount);
  const tdsRecorded = b.ownTds === 0;
  if (tds > 0 && doc.type === 'debit-note') problems.tds_amount = 'must be 0: debit notes carry no TDS';
  else if (tds > 0 && !tdsRecorded && tds > b.ownTds - b.matchedTds) {
    problems.tds_amount = `must be at most ${paiseText(b.ownTds - b.matchedTds)}: the TDS the ${noun} carries that receipts have not matched yet (TDS counts once)`;
  }
  // Recorded TDS takes its part off the receivable: it needs room beside the amount.
  const due = b.receivable - b.paid;
  const needs = amount + (tds > 0 && tdsRecorded && doc.type === 'invoice' ? tds : 0);
  if (needs > due) {
    problems.amount =
      due <= 0
        ? `is more than the balance of ${doc.number}: nothing is due on it`
        : `is more than the balance of ${doc.number}: ${paiseText(due)} is due${needs > amount ? ' (with the TDS recorded on it)' : ''}`;
  }
  return { problems, tdsRecorded };
}

/**
 * The header's payment fields from the live allocations: `paid_amount` their sum; `pending` with nothing paid
 * (`overdue` stays, the daily job's), `partial` below the receivable, `paid` at it; `payment_date` the latest
 * allocation's date; `paid_at` kept while it stays paid. `ownTds` is the document's own TDS (balanceOf before the change).
 */
export function settlementOf(doc: ReceivableDocument, ownTds: number, live: LiveAllocation[], nowTimestamp: string): Settlement {
  const paid = sum(live.map((a) => paise(a.amount)));
  const tds = ownTds + sum(live.filter((a) => a.tdsRecorded).map((a) => paise(a.tdsAmount)));
  const receivable = paise(doc.totalAmount) - tds;
  let paymentStatus: PaymentStatus;
  if (paid === 0) paymentStatus = doc.paymentStatus === 'overdue' ? 'overdue' : 'pending';
  else paymentStatus = paid >= receivable ? 'paid' : 'partial';
  const latest = live.reduce<string | null>((max, a) => (max === null || a.allocationDate > max ? a.allocationDate : max), null);
  return {
    paymentStatus,
    paidAmount: paiseText(paid),
    paymentDate: paid === 0 ? null : latest,
    paidAt: paymentStatus === 'paid' ? (doc.paymentStatus === 'paid' && doc.paidAt ? doc.paidAt : nowTimestamp) : null,
    tdsAmount: doc.type !== 'invoice' ? null : tds === paise(doc.tdsAmount) ? doc.tdsAmount : tds === 0 ? null : paiseText(tds),
  };
}

/** Whether the settlement changes what the header says. */
export function settlementChanges(doc: ReceivableDocument, s: Settlement): boolean {
  return (
    doc.paymentStatus !== s.paymentStatus ||
    paise(doc.paidAmount) !== paise(s.paidAmount) ||
    doc.paymentDate !== s.paymentDate ||
    doc.paidAt !== s.paidAt ||
    (doc.tdsAmount === null ? null : paise(doc.tdsAmount)) !== (s.tdsAmount === null ? null : paise(s.tdsAmount))
  );
}

export { paise as paiseOfAmount };
