import { Clock } from '../src/shared/clock.port';
import { fiscalYearRange } from '../src/shared/fiscal-year';
import { money2, paiseOf, paiseText } from '../src/shared/money';
import { Page } from '../src/shared/pagination';
import { Allocation, AllocationFields, DocumentRef, Payment, PaymentFields, PaymentListFilter, ReceiptNumber } from '../src/payments/payment';
import { PaymentRepository } from '../src/payments/payment.repository.port';
import { compareRefs, ReceivableDocument, ReceivableDocuments, Settlement } from '../src/payments/receivable-documents.port';
import { InMemoryInvoiceRepository } from './in-memory-invoice.repository';
import { InMemoryDebitNoteRepository } from './in-memory-note.repository';
import { sqlTimestamp } from './fake-clock';

const add = (a: string, b: string, sign = 1) => paiseText(paiseOf(money2(a))! + sign * paiseOf(money2(b))!);

/** Payments and allocations in memory, with the semantics of TypeormPaymentRepository (locks are no-ops here). */
export class InMemoryPaymentRepository extends PaymentRepository {
  readonly payments = new Map<number, Payment>();
  readonly allocations = new Map<number, Allocation>();
  private nextId = 1;
  private nextAllocationId = 1;

  constructor(
    private readonly clock: Clock,
    /** The number of a document, as the SQL read joins it. */
    private readonly numberOf: (accountId: number, ref: DocumentRef) => string | null = () => null,
  ) {
    super();
  }

  async findById(accountId: number, id: number): Promise<Payment | null> {
    const p = this.payments.get(id);
    return p && p.accountId === accountId ? structuredClone(p) : null;
  }

  async list(accountId: number, f: PaymentListFilter): Promise<Page<Payment>> {
    const range = f.fyStartYear !== undefined ? fiscalYearRange(f.fyStartYear) : { from: f.dateFrom, to: f.dateTo };
    const rows = [...this.payments.values()]
      .filter((p) => p.accountId === accountId)
      .filter((p) => (!range.from || p.paymentDate >= range.from) && (!range.to || p.paymentDate <= range.to))
      .filter((p) => f.clientId === undefined || p.clientId === f.clientId)
      .filter((p) => !f.mode || p.mode === f.mode)
      .sort((a, b) => (a.paymentDate === b.paymentDate ? b.id - a.id : a.paymentDate < b.paymentDate ? 1 : -1));
    return { rows: rows.slice(f.offset, f.offset + f.limit).map((p) => structuredClone(p)), total: rows.length };
  }

  async insert(accountId: number, fields: PaymentFields, receipt: ReceiptNumber | null): Promise<number> {
    const id = this.nextId++;
    const now = sqlTimestamp(this.clock.now());
    this.payments.set(id, {
      ...structuredClone(fields),
      id,
      accountId,
      allocatedAmount: '0.00',
      allocatedTds: '0.00',
      receiptNumber: receipt?.number ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  async updateTexts(accountId: number, id: number, texts: { reference: string | null; notes: string | null }): Promise<void> {
    const p = this.payments.get(id);
    if (p && p.accountId === accountId) Object.assign(p, texts);
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (this.payments.get(id)?.accountId !== accountId) return;
    for (const [aid, a] of this.allocations) if (a.paymentId === id) this.allocations.delete(aid);
    this.payments.delete(id);
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.payments.get(id)?.accountId === accountId);
  }

  private live(accountId: number, keep: (a: Allocation) => boolean): Allocation[] {
    return [...this.allocations.values()]
      .filter((a) => this.payments.get(a.paymentId)?.accountId === accountId && keep(a))
      .sort((a, b) => a.id - b.id)
      .map((a) => structuredClone(a));
  }

  async allocationsOf(accountId: number, paymentIds: number[]): Promise<Allocation[]> {
    return this.live(accountId, (a) => paymentIds.includes(a.paymentId)).map((a) => ({ ...a, documentNumber: this.numberOf(accountId, a.document) }));
  }

  async findAllocation(accountId: number, paymentId: number, allocationId: number): Promise<Allocation | null> {
    return this.live(accountId, (a) => a.id === allocationId && a.paymentId === paymentId)[0] ?? null;
  }

  async documentAllocations(accountId: number, document: DocumentRef): Promise<Allocation[]> {
    return this.live(accountId, (a) => a.document.type === document.type && a.document.id === document.id);
  }

  async allocationsOfDocuments(accountId: number, documents: DocumentRef[]): Promise<Allocation[]> {
    return this.live(accountId, (a) => documents.some((d) => d.type === a.document.type && d.id === a.document.id));
  }

  async insertAllocations(accountId: number, payment: Pick<Payment, 'id' | 'clientId' | 'source'>, allocations: AllocationFields[]): Promise<number[]> {
    const p = this.payments.get(payment.id)!;
    return allocations.map((fields) => {
      const id = this.nextAllocationId++;
      this.allocations.set(id, {
        ...structuredClone(fields),
        id,
        paymentId: payment.id,
        clientId: payment.clientId,
        documentNumber: null,
        source: p.source,
        createdAt: sqlTimestamp(this.clock.now()),
      });
      p.allocatedAmount = add(p.allocatedAmount, fields.amount);
      p.allocatedTds = add(p.allocatedTds, fields.tdsAmount);
      return id;
    });
  }

  async deleteAllocations(accountId: number, allocations: Array<Pick<Allocation, 'id' | 'paymentId' | 'amount' | 'tdsAmount'>>): Promise<void> {
    for (const a of allocations) {
      const p = this.payments.get(a.paymentId);
      if (!p || p.accountId !== accountId || !this.allocations.has(a.id)) continue;
      this.allocations.delete(a.id);
      p.allocatedAmount = add(p.allocatedAmount, a.amount, -1);
      p.allocatedTds = add(p.allocatedTds, a.tdsAmount, -1);
    }
  }

  async creditBalance(accountId: number, clientId: number, currency: string): Promise<string> {
    let credit = 0;
    for (const p of this.payments.values()) {
      if (p.accountId !== accountId || p.clientId !== clientId || p.currency !== currency) continue;
      credit += paiseOf(p.amount)! - paiseOf(p.allocatedAmount)! + paiseOf(p.tdsAmount)! - paiseOf(p.allocatedTds)!;
    }
    return paiseText(credit);
  }

  async clientHasPayments(accountId: number, clientId: number): Promise<boolean> {
    return [...this.payments.values()].some((p) => p.accountId === accountId && p.clientId === clientId);
  }
}

/** Invoices and debit notes of the in-memory repositories, as the ledger reads and settles them. */
export class InMemoryReceivableDocuments extends ReceivableDocuments {
  constructor(
    private readonly invoices: InMemoryInvoiceRepository,
    private readonly debitNotes: InMemoryDebitNoteRepository,
  ) {
    super();
  }

  async lock(accountId: number, ref: DocumentRef): Promise<ReceivableDocument | null> {
    if (ref.type === 'invoice') {
      const i = await this.invoices.findById(accountId, ref.id);
      if (!i) return null;
      const { clientId, invoiceNumber: number, status, currency, totalAmount, tdsAmount, paymentStatus, paidAmount, paymentDate, paidAt } = i;
      return { ...ref, clientId, number, status, currency, totalAmount, tdsAmount, paymentStatus, paidAmount, paymentDate, paidAt };
    }
    const n = await this.debitNotes.findById(accountId, ref.id);
    if (!n) return null;
    const { clientId, number, status, currency, totalAmount, paymentStatus, paidAmount, paymentDate, paidAt } = n;
    return { ...ref, clientId, number, status, currency, totalAmount, tdsAmount: null, paymentStatus, paidAmount, paymentDate, paidAt };
  }

  async lockAll(accountId: number, refs: DocumentRef[]): Promise<ReceivableDocument[]> {
    const docs: ReceivableDocument[] = [];
    for (const ref of [...refs].sort(compareRefs)) {
      const doc = await this.lock(accountId, ref);
      if (doc && !docs.some((d) => d.type === doc.type && d.id === doc.id)) docs.push(doc);
    }
    return docs;
  }

  async settleAll(accountId: number, changes: Array<{ ref: DocumentRef; settlement: Settlement }>): Promise<void> {
    for (const { ref, settlement } of changes) await this.settle(accountId, ref, settlement);
  }

  async settle(accountId: number, ref: DocumentRef, s: Settlement): Promise<void> {
    const { paymentStatus, paidAmount, paymentDate, paidAt, tdsAmount } = s;
    if (ref.type === 'invoice') this.invoices.store.update(accountId, ref.id, { paymentStatus, paidAmount, paymentDate, paidAt, tdsAmount }, null);
    else {
      const note = this.debitNotes.notes.get(ref.id);
      if (note && note.accountId === accountId) Object.assign(note, { paymentStatus, paidAmount, paymentDate, paidAt });
    }
  }
}
