import type { Caller } from '../shared/caller';
import { ActivityRecorder } from '../activity/activity-recorder';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentNumbering, numberedFiscalYear } from '../documents/document-numbering';
import { OwnSeries } from '../documents/document-sequence.port';
import { requireClient } from '../documents/sales-document-fields';
import { bulkDelete, BulkDeleteResult } from '../shared/bulk-delete';
import { Clock } from '../shared/clock.port';
import { found, NotFound } from '../shared/domain-error';
import { formatTimestamp, kolkataDate } from '../shared/fiscal-year';
import { paiseOf } from '../shared/money';
import { Page } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { Payment, paymentLabel, PaymentListFilter, paymentSummary, PaymentWithAllocations, unallocatedAmount } from './payment';
import { PaymentLedger } from './payment-ledger';
import { PaymentRepository } from './payment.repository.port';
import { AllocateInput, assertWithinPayment, buildAllocate, buildPayment, buildTexts, PaymentInput, PaymentTextsInput } from './payment-rules';

/** The answer of a create or an allocation: the payment, what it holds unallocated, its voucher number. */
export interface PaymentWritten {
  paymentId: number;
  unallocatedAmount: string;
  receiptNumber: string | null;
  allocationIds: number[];
}

/** The series of receipt vouchers of advances: one per account and financial year, like a document kind's. */
export const RECEIPT_VOUCHER_SERIES: OwnSeries = 'receipt-voucher';
/** Prefix of receipt voucher numbers (`RV/25-26/0001`). */
export const RECEIPT_VOUCHER_PREFIX = 'RV';

/**
 * Payments received from clients: recorded with their allocations to invoices and debit notes, listed, read, their
 * texts edited, allocations added from what is unallocated or removed, deleted (every allocation reversed). Each
 * write is one transaction; the documents it touches are settled by the ledger under their row locks.
 */
export class PaymentsService {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly ledger: PaymentLedger,
    private readonly clients: ClientRepository,
    private readonly numbering: DocumentNumbering,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  list(caller: Caller, filter: PaymentListFilter): Promise<Page<Payment>> {
    return this.payments.list(caller.account.id, filter);
  }

  async get(caller: Caller, id: number): Promise<PaymentWithAllocations> {
    const payment = await this.require(caller.account.id, id);
    return { payment, allocations: await this.payments.allocationsOf(caller.account.id, [id]) };
  }

  /**
   * Records a receipt and its allocations. What it leaves unallocated is the client's credit (an advance), and such
   * a receipt takes the next receipt voucher number of the financial year of its date.
   */
  async create(caller: Caller, input: PaymentInput): Promise<PaymentWritten> {
    const accountId = caller.account.id;
    const { fields, allocations } = buildPayment(input, caller.account.currency);
    return this.tx.run(async () => {
      await requireClient(this.clients, accountId, fields.clientId);
      const docs = await this.ledger.lockAll(accountId, allocations);
      const prepared = await this.ledger.prepare(accountId, fields, allocations, fields.paymentDate, docs);
      const allocated = allocations.reduce((s, a) => s + paiseOf(a.amount)!, 0);
      const advance = allocated < paiseOf(fields.amount)!;
      const receipt = advance ? await this.receiptNumber(accountId, fields.paymentDate) : null;
      const id = await this.payments.insert(accountId, fields, receipt);
      // What was just inserted (nothing allocated yet) is known: it is not read back.
      const now = formatTimestamp(this.clock.now());
      const payment: Payment = {
        ...fields,
        id,
        accountId,
        allocatedAmount: '0.00',
        allocatedTds: '0.00',
        receiptNumber: receipt?.number ?? null,
        createdAt: now,
        updatedAt: now,
      };
      const allocationIds = await this.ledger.apply(caller, payment, prepared);
      const stored = await this.ledger.recordCreated(caller, payment, prepared.fields);
      return { paymentId: id, unallocatedAmount: unallocatedAmount(stored), receiptNumber: stored.receiptNumber, allocationIds };
    });
  }

  async update(caller: Caller, id: number, input: PaymentTextsInput): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id, true);
      const texts = buildTexts(input, current);
      await this.payments.updateTexts(accountId, id, texts);
      await this.activity.updated(caller.principal, 'payment', id, paymentLabel(current), {
        before: { reference: current.reference, notes: current.notes },
        after: texts,
      });
    });
  }

  /** Applies what the payment holds unallocated to further documents (an advance applied to a later invoice). */
  async allocate(caller: Caller, id: number, input: AllocateInput): Promise<PaymentWritten> {
    const accountId = caller.account.id;
    const seen = await this.require(accountId, id);
    const { allocations, date } = buildAllocate(input, seen.paymentDate, kolkataDate(this.clock.now()));
    return this.tx.run(async () => {
      // Documents first, then the payment (the ledger's lock order); the payment is read again under its lock.
      const docs = await this.ledger.lockAll(accountId, allocations);
      const payment = await this.require(accountId, id, true);
      assertWithinPayment(payment, allocations);
      const prepared = await this.ledger.prepare(accountId, payment, allocations, date, docs);
      const before = await this.payments.allocationsOf(accountId, [id]);
      const allocationIds = await this.ledger.apply(caller, payment, prepared);
      const after = (await this.payments.findById(accountId, id))!;
      await this.activity.updated(caller.principal, 'payment', id, paymentLabel(after), {
        before: paymentSummary(payment, before),
        after: paymentSummary(after, await this.payments.allocationsOf(accountId, [id])),
      });
      return { paymentId: id, unallocatedAmount: unallocatedAmount(after), receiptNumber: after.receiptNumber, allocationIds };
    });
  }

  /** Removes one allocation: the document's balance and the payment's unallocated amount come back. */
  async deleteAllocation(caller: Caller, id: number, allocationId: number): Promise<string> {
    const accountId = caller.account.id;
    const seen = await this.require(accountId, id);
    const allocation = (await this.payments.allocationsOf(accountId, [seen.id])).find((a) => a.id === allocationId);
    if (!allocation) throw new NotFound('Allocation not found.', { allocation_id: allocationId });
    return this.tx.run(async () => {
      const docs = await this.ledger.lockAll(accountId, [allocation.document]);
      const payment = await this.require(accountId, id, true);
      const locked = await this.payments.findAllocation(accountId, id, allocationId);
      if (!locked) throw new NotFound('Allocation not found.', { allocation_id: allocationId });
      const before = await this.payments.allocationsOf(accountId, [id]);
      await this.ledger.unallocate(caller, [locked], docs, id);
      const after = (await this.payments.findById(accountId, id))!;
      await this.activity.updated(caller.principal, 'payment', id, paymentLabel(after), {
        before: paymentSummary(payment, before),
        after: paymentSummary(after, await this.payments.allocationsOf(accountId, [id])),
      });
      return unallocatedAmount(after);
    });
  }

  /** Deletes the payment: every allocation is reversed and the documents settled again. */
  async delete(caller: Caller, id: number): Promise<void> {
    await this.require(caller.account.id, id);
    await this.tx.run(async () => {
      if (!(await this.deleteOne(caller, id))) throw NotFound.of('Payment', id);
    });
  }

  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    const accountId = caller.account.id;
    return bulkDelete(
      this.tx,
      ids,
      (unique) => this.payments.existingIds(accountId, unique),
      async (owned) => {
        const deleted: number[] = [];
        for (const id of owned) if (await this.deleteOne(caller, id)) deleted.push(id);
        return deleted;
      },
    );
  }

  /** The client's credit in the account's currency: what its payments in it hold unallocated. */
  creditBalance(caller: Caller, clientId: number): Promise<string> {
    return this.payments.creditBalance(caller.account.id, clientId, caller.account.currency);
  }

  /** Inside the transaction: locks the payment's documents, then the payment, and deletes it; false when it is gone. */
  private async deleteOne(caller: Caller, id: number): Promise<boolean> {
    const accountId = caller.account.id;
    const seen = await this.payments.allocationsOf(accountId, [id]);
    const docs = await this.ledger.lockAll(
      accountId,
      seen.map((a) => a.document),
    );
    const payment = await this.payments.findById(accountId, id, { forUpdate: true });
    if (!payment) return false;
    const allocations = await this.payments.allocationsOf(accountId, [id]);
    // Allocations made since the first read (to documents not locked yet) are locked now.
    const more = allocations.map((a) => a.document).filter((d) => !docs.has(`${d.type}:${d.id}`));
    if (more.length) for (const [k, doc] of await this.ledger.lockAll(accountId, more)) docs.set(k, doc);
    if (allocations.length) await this.ledger.unallocate(caller, allocations, docs, id);
    await this.ledger.removePayment(caller, id);
    return true;
  }

  /** The next receipt voucher number for an advance dated `paymentDate` (inside the payment's transaction). */
  private receiptNumber(accountId: number, paymentDate: string) {
    return this.numbering.allocateSeries(accountId, RECEIPT_VOUCHER_SERIES, RECEIPT_VOUCHER_PREFIX, numberedFiscalYear(paymentDate, 'payment_date'));
  }

  private async require(accountId: number, id: number, forUpdate = false): Promise<Payment> {
    return found(await this.payments.findById(accountId, id, { forUpdate }), 'Payment', id);
  }
}
