import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../shared/caller';
import { Clock } from '../shared/clock.port';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { formatTimestamp, kolkataDate } from '../shared/fiscal-year';
import { paiseText } from '../shared/money';
import { ALLOCATION_ENTITY_TYPES, Allocation, AllocationFields, DocumentRef, Payment, paymentLabel, paymentSummary } from './payment';
import { PaymentRepository } from './payment.repository.port';
import { compareRefs, ReceivableDocument, ReceivableDocuments, Settlement } from './receivable-documents.port';
import { assertReceiptsKept, HeaderPayment, paidBelowReceipts, SETTLED_NOUN } from './status-path';

export type { HeaderPayment };
import { allocationProblems, balanceOf, paiseOfAmount as paise, PayingSide, settlementChanges, settlementOf } from './settlement';

/** One allocation a caller asks for; `index` is its place in the request (validation details name it). */
export interface AllocationRequest extends DocumentRef {
  amount: string;
  tdsAmount: string;
  index: number;
}

/** Allocations checked by `prepare`, to be stored by `apply`. */
export interface PreparedAllocations {
  fields: AllocationFields[];
  /** Each document's allocations before these. */
  before: Map<string, Allocation[]>;
  docs: Map<string, ReceivableDocument>;
}

const key = (ref: DocumentRef) => `${ref.type}:${ref.id}`;
const NOUN = SETTLED_NOUN;

/**
 * The ledger of payments against documents: allocations are the truth of what was paid, and every change of them
 * settles the documents it touches again (ReceivableDocuments.settle), in the caller's transaction, under the row
 * lock of each document. Documents are locked before payments, always in `compareRefs` order.
 *
 * It also keeps the spec's path (a document's `payment_status` set to `paid` or `partial` on create or PATCH) in
 * step with the ledger: such an update records a payment of mode `other` (source `payment_status`) with the
 * matching allocation, and `pending` removes it.
 */
export class PaymentLedger {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly documents: ReceivableDocuments,
    private readonly activity: ActivityRecorder,
    private readonly clock: Clock,
  ) {}

  /** Locks the document for the rest of the transaction; null when the account has none such. */
  lock(accountId: number, ref: DocumentRef): Promise<ReceivableDocument | null> {
    return this.documents.lock(accountId, ref);
  }

  /** Locks the documents of `refs` in order; another account's (or a missing) document is not found. */
  async lockAll(accountId: number, refs: DocumentRef[]): Promise<Map<string, ReceivableDocument>> {
    const wanted = new Map(refs.map((ref) => [key(ref), ref]));
    const locked = new Map((await this.documents.lockAll(accountId, [...wanted.values()])).map((doc) => [key(doc), doc]));
    for (const ref of [...wanted.values()].sort(compareRefs)) {
      if (!locked.has(key(ref)))
        throw new NotFound(`${NOUN[ref.type].replace(/^./, (c) => c.toUpperCase())} not found.`, { document_type: ref.type, document_id: ref.id });
    }
    return locked;
  }

  /**
   * Checks `requests` of a payment from `payer` dated `date` against the documents locked by `lockAll`: each must be
   * an issued (or archived) document of the payment's client in its currency, with the balance for it (400 keyed
   * `allocations.<i>.<field>` otherwise). Nothing is written: `apply` stores what it returns.
   */
  async prepare(
    accountId: number,
    payer: PayingSide,
    requests: AllocationRequest[],
    date: string,
    docs: Map<string, ReceivableDocument>,
  ): Promise<PreparedAllocations> {
    const before = await this.allocationsByDocument(accountId, requests);
    const pending = new Map<string, AllocationFields[]>();
    const problems: Record<string, string> = {};
    const fields: AllocationFields[] = [];
    for (const r of requests) {
      const doc = docs.get(key(r))!;
      const live = [...before.get(key(r))!, ...(pending.get(key(r)) ?? [])];
      const checked = allocationProblems(doc, live, r, payer);
      for (const [field, problem] of Object.entries(checked.problems)) problems[`allocations.${r.index}.${field}`] = problem;
      const allocation: AllocationFields = {
        document: { type: r.type, id: r.id },
        amount: r.amount,
        tdsAmount: r.tdsAmount,
        tdsRecorded: checked.tdsRecorded && paise(r.tdsAmount) > 0,
        allocationDate: date,
      };
      pending.set(key(r), [...(pending.get(key(r)) ?? []), allocation]);
      fields.push(allocation);
    }
    if (Object.keys(problems).length) throw new ValidationFailed(problems, 'The allocations cannot be made.');
    return { fields, before, docs };
  }

  /** Stores prepared allocations of `payment`, settles their documents and records their changes; returns the new ids. */
  async apply(caller: Caller, payment: Pick<Payment, 'id' | 'clientId' | 'source'>, prepared: PreparedAllocations): Promise<number[]> {
    if (!prepared.fields.length) return [];
    const ids = await this.payments.insertAllocations(caller.account.id, payment, prepared.fields);
    await this.resettleAll(caller, prepared.docs, prepared.before, payment.id);
    return ids;
  }

  /** Removes allocations whose documents the caller locked (`docs`), and settles those documents again. */
  async unallocate(caller: Caller, allocations: Allocation[], docs: Map<string, ReceivableDocument>, paymentId: number): Promise<void> {
    const accountId = caller.account.id;
    const touched = await this.allocationsByDocument(
      accountId,
      allocations.map((a) => a.document),
    );
    await this.payments.deleteAllocations(accountId, allocations);
    await this.resettleAll(caller, docs, touched, paymentId);
  }

  /**
   * The spec's path: after the payment rules set the header of `doc` (created, or updated under its lock) to
   * `header`, the payments such updates made for it are replaced by one of mode `other` for what the header says
   * was paid beyond the receipts allocated to it (none when nothing is). Receipts stay as they are, so the header
   * may not say less than they paid (400), nor change the client, currency, status or TDS they were made against.
   * Returns the header's payment date: the latest allocation's when receipts are allocated, else the rules'.
   */
  async followStatus(caller: Caller, doc: ReceivableDocument, header: HeaderPayment): Promise<string | null> {
    const accountId = caller.account.id;
    const live = await this.payments.documentAllocations(accountId, doc);
    const receipts = live.filter((a) => a.source === 'receipt');
    const made = live.filter((a) => a.source === 'payment_status');
    if (receipts.length) assertReceiptsKept(doc, header, receipts);
    const paidByReceipts = receipts.reduce((s, a) => s + paise(a.amount), 0);
    const rest = paise(header.paidAmount) - paidByReceipts;
    if (rest < 0) throw paidBelowReceipts(header, paiseText(paidByReceipts), NOUN[doc.type]);
    const date = header.paymentDate ?? kolkataDate(this.clock.now());
    const keep =
      rest > 0 &&
      made.length === 1 &&
      paise(made[0].amount) === rest &&
      made[0].allocationDate === date &&
      doc.clientId === header.clientId &&
      doc.currency === header.currency;
    if (!keep) {
      for (const paymentId of new Set(made.map((a) => a.paymentId))) await this.removePayment(caller, paymentId, false);
      if (rest > 0) {
        const payment = await this.recordStatusPayment(caller, doc, header, paiseText(rest), date);
        made.splice(0, made.length, { ...payment.allocation });
      }
    }
    if (!receipts.length) return header.paymentDate;
    return [...receipts, ...(rest > 0 ? made : [])].reduce((max, a) => (a.allocationDate > max ? a.allocationDate : max), '0000-00-00');
  }

  /** Before `ref` is deleted (the caller locked it): its status payments go, receipts allocated to it are released. */
  async release(caller: Caller, ref: DocumentRef): Promise<void> {
    const accountId = caller.account.id;
    const live = await this.payments.documentAllocations(accountId, ref);
    for (const paymentId of new Set(live.filter((a) => a.source === 'payment_status').map((a) => a.paymentId))) {
      await this.removePayment(caller, paymentId, false);
    }
    const receipts = live.filter((a) => a.source === 'receipt');
    if (!receipts.length) return;
    await this.payments.deleteAllocations(accountId, receipts);
    for (const paymentId of new Set(receipts.map((a) => a.paymentId))) {
      const payment = await this.payments.findById(accountId, paymentId, { forUpdate: true });
      if (!payment) continue;
      const released = receipts.filter((a) => a.paymentId === paymentId);
      await this.activity.updated(caller.principal, 'payment', paymentId, paymentLabel(payment), {
        before: { released: released.map((a) => ({ document_type: a.document.type, document_id: a.document.id, amount: a.amount })) },
        after: paymentSummary(payment, await this.payments.allocationsOf(accountId, [paymentId])),
      });
    }
  }

  /**
   * Deletes a payment with its allocations (their documents are locked and settled by the caller, or going). `record`
   * false: a payment the ledger made from a document's payment status goes with that status, and the document's own
   * update is the audit entry (and the webhook event and notification) of the change.
   */
  async removePayment(caller: Caller, paymentId: number, record = true): Promise<void> {
    const accountId = caller.account.id;
    const payment = await this.payments.findById(accountId, paymentId, { forUpdate: true });
    if (!payment) return;
    const allocations = await this.payments.allocationsOf(accountId, [paymentId]);
    await this.payments.delete(accountId, paymentId);
    if (record) await this.activity.deleted(caller.principal, 'payment', paymentId, paymentLabel(payment), { before: paymentSummary(payment, allocations) });
  }

  /**
   * Records the `created` event of a payment stored with `allocations` (after they are stored): `payment` is what
   * was inserted, with their sums as its allocated amounts (returned), as the repository keeps them.
   */
  async recordCreated(caller: Caller, payment: Payment, allocations: AllocationFields[]): Promise<Payment> {
    const sum = (pick: (a: AllocationFields) => string) => paiseText(allocations.reduce((s, a) => s + paise(pick(a)), 0));
    const stored = { ...payment, allocatedAmount: sum((a) => a.amount), allocatedTds: sum((a) => a.tdsAmount) };
    await this.activity.created(caller.principal, 'payment', stored.id, paymentLabel(stored), { after: paymentSummary(stored, allocations) });
    return stored;
  }

  private async recordStatusPayment(
    caller: Caller,
    doc: ReceivableDocument,
    header: HeaderPayment,
    amount: string,
    date: string,
  ): Promise<{ allocation: Allocation }> {
    const accountId = caller.account.id;
    const id = await this.payments.insert(
      accountId,
      {
        clientId: header.clientId,
        amount,
        tdsAmount: '0.00',
        currency: header.currency,
        paymentDate: date,
        mode: 'other',
        reference: null,
        notes: `Recorded from the payment status of ${NOUN[doc.type]} ${doc.number}`,
        source: 'payment_status',
        sourceDocument: { type: doc.type, id: doc.id },
      },
      null,
    );
    const fields: AllocationFields = { document: { type: doc.type, id: doc.id }, amount, tdsAmount: '0.00', tdsRecorded: false, allocationDate: date };
    const [allocationId] = await this.payments.insertAllocations(accountId, { id, clientId: header.clientId, source: 'payment_status' }, [fields]);
    // No event of its own: the document's update (payment_status, paid_amount) records the change.
    const now = formatTimestamp(this.clock.now());
    return {
      allocation: {
        ...fields,
        id: allocationId,
        paymentId: id,
        clientId: header.clientId,
        documentNumber: doc.number,
        source: 'payment_status',
        createdAt: now,
      },
    };
  }

  /** The live allocations to each of the documents (locking read, one for all), keyed by document. */
  private async allocationsByDocument(accountId: number, refs: DocumentRef[]): Promise<Map<string, Allocation[]>> {
    const unique = [...new Map(refs.map((ref) => [key(ref), { type: ref.type, id: ref.id }])).values()];
    const byDocument = new Map(unique.map((ref) => [key(ref), [] as Allocation[]]));
    for (const a of await this.payments.allocationsOfDocuments(accountId, unique)) byDocument.get(key(a.document))!.push(a);
    return byDocument;
  }

  /**
   * Settles the documents of `earlier` (`docs`, locked) again from their allocations now (one read for all);
   * `earlier` were their allocations before the change.
   */
  private async resettleAll(caller: Caller, docs: Map<string, ReceivableDocument>, earlier: Map<string, Allocation[]>, paymentId: number): Promise<void> {
    const accountId = caller.account.id;
    const live = await this.allocationsByDocument(
      accountId,
      [...earlier.keys()].map((k) => docs.get(k)!),
    );
    const at = formatTimestamp(this.clock.now());
    const changes: Array<{ doc: ReceivableDocument; settlement: Settlement }> = [];
    for (const [k, before] of earlier) {
      const doc = docs.get(k)!;
      const settlement = settlementOf(doc, balanceOf(doc, before).ownTds, live.get(k)!, at);
      if (settlementChanges(doc, settlement)) changes.push({ doc, settlement });
    }
    // Every header is written before any event is recorded (an event's webhook snapshot reads its record).
    await this.documents.settleAll(
      accountId,
      changes.map(({ doc, settlement }) => ({ ref: doc, settlement })),
    );
    for (const { doc, settlement } of changes) {
      const summary = (s: { paymentStatus: string; paidAmount: string; paymentDate: string | null; tdsAmount: string | null }) => ({
        client_id: doc.clientId,
        currency: doc.currency,
        total_amount: doc.totalAmount,
        payment_status: s.paymentStatus,
        paid_amount: s.paidAmount,
        payment_date: s.paymentDate,
        ...(doc.type === 'invoice' ? { tds_amount: s.tdsAmount } : {}),
      });
      await this.activity.updated(caller.principal, ALLOCATION_ENTITY_TYPES[doc.type], doc.id, doc.number, {
        before: summary(doc),
        after: { ...summary(settlement), payment_id: paymentId },
      });
      // The next change in this transaction starts from what was just written.
      Object.assign(doc, settlement);
    }
  }
}
