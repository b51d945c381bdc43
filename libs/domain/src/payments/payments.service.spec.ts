import fc from 'fast-check';
import { paymentsKit } from '../../testing/payments-test-kit';

import { DomainError } from '../shared/domain-error';
import { paiseOf, paiseText } from '../shared/money';
import { AllocationDocumentType } from './payment';
import { apiKeyCaller, proAccount } from '../../testing/in-memory-account.repository';

const p = (amount: string | null) => (amount === null ? 0 : paiseOf(amount)!);
const line = (total: string) => ({ itemDescription: 'Goods', totalAmount: total });

/** One client's documents: invoices (one with TDS of its own, one draft) and a debit note; the other client's alike. */
async function world(totals: number[]) {
  const kit = paymentsKit();
  const a = apiKeyCaller(proAccount(1));
  const clients = [await kit.addClient(1, 'Sharma Traders'), await kit.addClient(1, 'Kapoor Exports')];
  const docs: Array<{ type: AllocationDocumentType; id: number; client: number }> = [];
  const invoice = async (client: number, total: number, extra: object = {}) => {
    const { id } = await kit.invoiceService.create(a, {
      clientId: clients[client],
      invoiceDate: '2025-05-01',
      paymentDueDate: '2025-05-31',
      items: [line(paiseText(total))],
      ...extra,
    });
    docs.push({ type: 'invoice', id, client });
  };
  await invoice(0, totals[0]);
  await invoice(0, totals[1], { tdsAmount: paiseText(Math.floor(totals[1] / 10)) });
  await invoice(0, totals[2]);
  await invoice(0, totals[3], { status: 'draft' });
  await invoice(1, totals[4]);
  for (const client of [0, 1]) {
    const { id } = await kit.debitNoteService.create(a, {
      clientId: clients[client],
      debitNoteDate: '2025-05-02',
      items: [{ description: 'Freight', amount: paiseText(totals[5 + client]) }],
    });
    docs.push({ type: 'debit-note', id, client });
  }
  return { kit, a, clients, docs };
}

type World = Awaited<ReturnType<typeof world>>;

/** The header of a document as stored (null once deleted), in paise. */
function header(w: World, doc: World['docs'][number]) {
  if (doc.type === 'invoice') {
    const i = w.kit.invoices.store.find(1, doc.id);
    return i && { ...i, total: p(i.totalAmount), tds: p(i.tdsAmount), paid: p(i.paidAmount), status: i.status };
  }
  const n = w.kit.debitNotes.notes.get(doc.id);
  return n && { ...n, total: p(n.totalAmount), tds: 0, paid: p(n.paidAmount), status: n.status };
}

/** A document (the first two, the plain and the TDS-carrying invoice of the first client, more often), a share of its due, a share of TDS. */
const target = fc.record({
  doc: fc.oneof(fc.nat(6), fc.constant(0), fc.constant(1)),
  percent: fc.integer({ min: 1, max: 130 }),
  tds: fc.integer({ min: 0, max: 120 }),
});
const op = fc.oneof(
  fc.record({
    kind: fc.constant('receipt' as const),
    client: fc.nat(1),
    targets: fc.oneof(fc.array(target, { maxLength: 1 }), fc.array(target, { maxLength: 3 })),
    advance: fc.oneof(fc.constant(0), fc.nat(500_000)),
    advanceTds: fc.oneof(fc.constant(0), fc.nat(5_000)),
  }),
  fc.record({ kind: fc.constant('allocate' as const), payment: fc.nat(20), targets: fc.array(target, { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant('unallocate' as const), payment: fc.nat(20), allocation: fc.nat(3) }),
  fc.record({ kind: fc.constant('deletePayment' as const), payment: fc.nat(20) }),
  fc.record({
    kind: fc.constant('patch' as const),
    doc: fc.nat(6),
    status: fc.constantFrom('paid' as const, 'partial' as const, 'pending' as const),
    percent: fc.integer({ min: 0, max: 110 }),
  }),
  fc.record({ kind: fc.constant('deleteDocument' as const), doc: fc.nat(6) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** What an allocation to `doc` of `percent` of its due asks for, with `tdsPercent` of the TDS it may take. */
function ask(w: World, t: { doc: number; percent: number; tds: number }) {
  const doc = w.docs[t.doc];
  const h = header(w, doc);
  const due = h ? h.total - h.tds - h.paid : 1000;
  const amount = Math.max(1, Math.floor((due * t.percent) / 100));
  // Some TDS on invoices: a tenth of the amount scaled, which sometimes exceeds what the document allows.
  const tds = doc.type === 'invoice' || t.tds > 100 ? Math.floor((amount * t.tds) / 1000) : 0;
  return { documentType: doc.type, documentId: doc.id, amount: paiseText(amount), tdsAmount: paiseText(tds) };
}

async function run(w: World, o: Op): Promise<void> {
  const { kit, a } = w;
  const paymentIds = [...kit.payments.payments.keys()];
  const pick = (n: number) => paymentIds[n % Math.max(paymentIds.length, 1)] ?? 999;
  switch (o.kind) {
    case 'receipt': {
      const allocations = o.targets.map((t) => ask(w, t));
      const amount = allocations.reduce((s, x) => s + p(x.amount), 0) + o.advance + (allocations.length ? 0 : 1);
      const tds = allocations.reduce((s, x) => s + p(x.tdsAmount), 0) + o.advanceTds;
      // Mostly the client of the first document (sometimes the other one, which is refused).
      const client = o.targets.length && o.client === 0 ? w.docs[o.targets[0].doc].client : o.client;
      await kit.paymentService.create(a, {
        clientId: w.clients[client],
        amount: paiseText(amount),
        tdsAmount: paiseText(tds),
        paymentDate: '2025-06-01',
        mode: 'neft',
        allocations,
      });
      return;
    }
    case 'allocate': {
      // Mostly within what the payment holds unallocated (amount and TDS), sometimes more.
      const payment = kit.payments.payments.get(pick(o.payment));
      let free = payment ? p(payment.amount) - p(payment.allocatedAmount) : 0;
      let freeTds = payment ? p(payment.tdsAmount) - p(payment.allocatedTds) : 0;
      const allocations = o.targets.map((t) => {
        const wanted = ask(w, t);
        const amount = t.percent > 120 ? p(wanted.amount) : Math.max(1, Math.min(p(wanted.amount), free));
        const tds = t.percent > 120 ? p(wanted.tdsAmount) : Math.min(p(wanted.tdsAmount), freeTds);
        free -= amount;
        freeTds -= tds;
        return { ...wanted, amount: paiseText(amount), tdsAmount: paiseText(tds) };
      });
      await kit.paymentService.allocate(a, pick(o.payment), { allocations, allocationDate: '2025-06-05' });
      return;
    }
    case 'unallocate': {
      const id = pick(o.payment);
      const list = (await kit.payments.allocationsOf(1, [id])).map((x) => x.id);
      await kit.paymentService.deleteAllocation(a, id, list[o.allocation % Math.max(list.length, 1)] ?? 999);
      return;
    }
    case 'deletePayment':
      await kit.paymentService.delete(a, pick(o.payment));
      return;
    case 'patch': {
      const doc = w.docs[o.doc];
      const h = header(w, doc);
      const paid = h ? paiseText(Math.floor(((h.total - h.tds) * o.percent) / 100)) : '1.00';
      const input = { paymentStatus: o.status, ...(o.status === 'partial' ? { paidAmount: paid } : {}), paymentDate: '2025-06-03' };
      if (doc.type === 'invoice') await kit.invoiceService.update(a, doc.id, input);
      else await kit.debitNoteService.update(a, doc.id, input);
      return;
    }
    case 'deleteDocument': {
      const doc = w.docs[o.doc];
      if (doc.type === 'invoice') await kit.invoiceService.delete(a, doc.id);
      else await kit.debitNoteService.delete(a, doc.id);
    }
  }
}

/** The invariants of docs/receivables.md over the whole ledger. */
async function checkLedger(w: World): Promise<void> {
  const { kit } = w;
  const allocations = [...kit.payments.allocations.values()];
  for (const doc of w.docs) {
    const h = header(w, doc);
    const mine = allocations.filter((x) => x.document.type === doc.type && x.document.id === doc.id);
    if (!h) {
      expect(mine).toEqual([]); // a deleted document keeps no allocation
      continue;
    }
    const paid = mine.reduce((s, x) => s + p(x.amount), 0);
    const receivable = h.total - h.tds;
    expect({ doc, paid: h.paid }).toEqual({ doc, paid });
    expect(paid).toBeLessThanOrEqual(receivable);
    const status = paid === 0 ? 'pending' : paid < receivable ? 'partial' : 'paid';
    expect({ doc, status: h.paymentStatus }).toEqual({ doc, status });
    const latest = mine.reduce<string | null>((m, x) => (m === null || x.allocationDate > m ? x.allocationDate : m), null);
    expect({ doc, date: h.paymentDate }).toEqual({ doc, date: paid === 0 ? null : latest });
    if (mine.some((x) => x.source === 'receipt')) expect(['issued', 'archived']).toContain(h.status);
    expect(mine.every((x) => x.clientId === w.clients[doc.client])).toBe(true);
    // TDS counts once: matched TDS never exceeds what the document carries of its own.
    const recorded = mine.filter((x) => x.tdsRecorded).reduce((s, x) => s + p(x.tdsAmount), 0);
    const matched = mine.filter((x) => !x.tdsRecorded).reduce((s, x) => s + p(x.tdsAmount), 0);
    expect(matched).toBeLessThanOrEqual(h.tds - recorded);
    expect(mine.filter((x) => x.source === 'payment_status').length).toBeLessThanOrEqual(1);
  }
  for (const payment of kit.payments.payments.values()) {
    const mine = allocations.filter((x) => x.paymentId === payment.id);
    expect(p(payment.allocatedAmount)).toBe(mine.reduce((s, x) => s + p(x.amount), 0));
    expect(p(payment.allocatedTds)).toBe(mine.reduce((s, x) => s + p(x.tdsAmount), 0));
    expect(p(payment.allocatedAmount)).toBeLessThanOrEqual(p(payment.amount));
    expect(p(payment.allocatedTds)).toBeLessThanOrEqual(p(payment.tdsAmount));
  }
  // Per client: invoices and debit notes (less the TDS they carry of their own) less receipts (amount and the TDS not
  // matched against a document's own) is what the documents say is due less the client's credit.
  for (const [n, clientId] of w.clients.entries()) {
    let gross = 0;
    let due = 0;
    for (const doc of w.docs.filter((d) => d.client === n)) {
      const h = header(w, doc);
      if (!h) continue;
      const recorded = allocations
        .filter((x) => x.document.type === doc.type && x.document.id === doc.id && x.tdsRecorded)
        .reduce((s, x) => s + p(x.tdsAmount), 0);
      gross += h.total - (h.tds - recorded);
      due += h.total - h.tds - h.paid;
    }
    for (const payment of [...kit.payments.payments.values()].filter((x) => x.clientId === clientId)) {
      const matched = allocations.filter((x) => x.paymentId === payment.id && !x.tdsRecorded).reduce((s, x) => s + p(x.tdsAmount), 0);
      gross -= p(payment.amount) + p(payment.tdsAmount) - matched;
    }
    const credit = p(await kit.payments.creditBalance(1, clientId, 'INR'));
    expect({ client: n, balance: gross }).toEqual({ client: n, balance: due - credit });
  }
}

/** Changes that went through, by kind (the property must not pass by refusing everything). */
const done = new Map<string, number>();

describe('payments: the ledger keeps every document settled by its allocations', () => {
  it('for any sequence of receipts, allocations, deletions and PATCHes of payment_status', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 5_000_000 }), { minLength: 7, maxLength: 7 }),
        fc.array(op, { maxLength: 25 }),
        async (totals, ops) => {
          const w = await world(totals);
          await checkLedger(w);
          for (const o of ops) {
            try {
              await run(w, o);
              done.set(o.kind, (done.get(o.kind) ?? 0) + 1);
            } catch (e) {
              // Refusals are validation errors or "not found" (a deleted document or payment), never anything else.
              expect(e).toBeInstanceOf(DomainError);
              expect(['validation_error', 'not_found']).toContain((e as DomainError).code);
            }
            await checkLedger(w);
            for (const x of w.kit.payments.allocations.values()) {
              if (p(x.tdsAmount) > 0) done.set(x.tdsRecorded ? 'tds recorded' : 'tds matched', 1);
              if (x.source === 'payment_status') done.set('status payment', 1);
            }
            if ([...w.kit.payments.payments.values()].some((x) => x.receiptNumber)) done.set('advance', 1);
          }
        },
      ),
      // A fixed seed: the coverage check below must not depend on the luck of a run (FC_SEED tries others).
      { numRuns: 120, seed: Number(process.env.FC_SEED ?? 20261127) },
    );
    // The sequences reached every kind of change, and both ways TDS counts.
    expect([...done.keys()].sort()).toEqual(
      ['advance', 'allocate', 'deleteDocument', 'deletePayment', 'patch', 'receipt', 'status payment', 'tds matched', 'tds recorded', 'unallocate'].sort(),
    );
  });
});
