import { salesDocumentKit } from '../../testing/sales-document-test-kit';
import { NotFound, PlanLimitReached, ValidationFailed } from '../shared/domain-error';
import { DocumentListFilter } from '../documents/document-list-filter';
import { apiKeyCaller, proAccount } from '../../testing/in-memory-account.repository';

const page = { limit: 50, offset: 0 };
const line = (d: string, total: string) => ({ itemDescription: d, totalAmount: total });

async function setup() {
  const kit = salesDocumentKit('2025-06-01T20:00:00Z'); // 2025-06-02 in Asia/Kolkata
  const a = apiKeyCaller(proAccount(1, { gstin: '27AAPFU0939F1ZV' }));
  const b = apiKeyCaller(proAccount(2));
  const clientA = await kit.addClient(1, 'Sharma Traders');
  const clientB = await kit.addClient(2, 'Other');
  return { kit, a, b, clientA, clientB, service: kit.invoiceService };
}

describe('InvoicesService', () => {
  it('creates inside one transaction: number of the FY of the date, header, lines and a created event', async () => {
    const { kit, a, clientA, service } = await setup();
    const first = await service.create(a, {
      clientId: clientA,
      invoiceDate: '2025-04-01',
      paymentDueDate: '2025-04-30',
      items: [line('x', '10'), line(' ', '5')],
    });
    const second = await service.create(a, { clientId: clientA, invoiceDate: '2025-03-31', paymentDueDate: '2025-04-30' });
    expect([first.number, second.number]).toEqual(['INV/25-26/0001', 'INV/24-25/0001']);
    expect(kit.tx.runs).toBe(2);
    const invoice = await service.get(a, first.id);
    expect(invoice).toMatchObject({ invoiceNumber: 'INV/25-26/0001', fyStartYear: 2025, sequenceNo: 1, totalAmount: '10.00', invoiceType: 'local_sale' });
    expect(invoice.lines.map((l) => l.description)).toEqual(['x']);
    expect(kit.log.of('invoice', first.id)).toEqual([
      expect.objectContaining({ accountId: 1, actorKind: 'api_key', actorUserId: null, action: 'created', label: 'INV/25-26/0001' }),
    ]);
  });

  it('a client of another account is not found (keyed client_id) and takes no number', async () => {
    const { kit, a, clientA, clientB, service } = await setup();
    await expect(service.create(a, { clientId: clientB, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01' })).rejects.toMatchObject({
      code: 'not_found',
      details: { client_id: clientB },
    });
    expect(kit.sequence.values.size).toBe(0);
    expect(kit.invoices.store.all(1)).toEqual([]);
    await service.create(a, { clientId: clientA, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01' });
    const id = kit.invoices.store.all(1)[0].id;
    await expect(service.update(a, id, { clientId: clientB })).rejects.toBeInstanceOf(NotFound);
  });

  it('on the Free plan, the monthly quota stops creates with 402', async () => {
    const { kit, clientA, service } = await setup();
    const free = apiKeyCaller(proAccount(1, { plan: 'free' }));
    kit.counter.used = 50;
    await expect(service.create(free, { clientId: clientA, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01' })).rejects.toBeInstanceOf(PlanLimitReached);
    kit.counter.used = 49;
    await service.create(free, { clientId: clientA, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01' });
  });

  it('update merges, re-applies payment rules, keeps the number and records before/after', async () => {
    const { kit, a, clientA, service } = await setup();
    const { id } = await service.create(a, { clientId: clientA, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01', items: [line('x', '100')] });
    await service.update(a, id, { paymentStatus: 'paid', invoiceDate: '2026-04-01', paymentDueDate: '2026-04-01' });
    const invoice = await service.get(a, id);
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV/25-26/0001',
      invoiceDate: '2026-04-01',
      paymentStatus: 'paid',
      paidAmount: '100.00',
      paymentDate: '2025-06-02',
      paidAt: '2025-06-01 20:00:00',
    });
    expect(invoice.lines).toHaveLength(1);
    const [, updated] = kit.log.of('invoice', id);
    expect(updated).toMatchObject({
      action: 'updated',
      before: { payment_status: 'pending', paid_amount: '0.00' },
      after: { payment_status: 'paid', paid_amount: '100.00' },
    });
    await expect(service.update(a, id, { paymentStatus: 'partial', paidAmount: 100 })).rejects.toBeInstanceOf(ValidationFailed);
  });

  it('other accounts get not found on get, update and delete, and bulk delete skips their ids', async () => {
    const { kit, a, b, clientA, clientB, service } = await setup();
    const { id } = await service.create(a, { clientId: clientA, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01' });
    const theirs = await service.create(b, { clientId: clientB, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01' });
    await expect(service.get(b, id)).rejects.toBeInstanceOf(NotFound);
    await expect(service.update(b, id, { status: 'draft' })).rejects.toBeInstanceOf(NotFound);
    await expect(service.delete(b, id)).rejects.toBeInstanceOf(NotFound);
    expect(await service.bulkDelete(a, [id, theirs.id, 999, id])).toEqual({ deleted: 1, skipped: [theirs.id, 999] });
    expect(kit.invoices.store.all(1)).toEqual([]);
    expect(kit.invoices.store.all(2)).toHaveLength(1);
    expect(kit.log.of('invoice', id).map((e) => e.action)).toEqual(['created', 'deleted']);
  });

  it('recent payments default to the last hour of the clock', async () => {
    const { kit, a, clientA, service } = await setup();
    const { id } = await service.create(a, { clientId: clientA, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-01', paymentStatus: 'paid' });
    expect((await service.recentPayments(a, undefined, page)).rows.map((r) => r.id)).toEqual([id]);
    kit.clock.advance(3601);
    expect((await service.recentPayments(a, undefined, page)).rows).toEqual([]);
    expect((await service.recentPayments(a, '2025-06-01 19:59:59', page)).rows.map((r) => r.id)).toEqual([id]);
    expect((await service.recentPayments(a, '2025-06-01 20:00:00', page)).rows).toEqual([]);
  });

  it('lists with the FY range, newest first and ties by id descending', async () => {
    const { a, clientA, service } = await setup();
    const make = async (date: string) => (await service.create(a, { clientId: clientA, invoiceDate: date, paymentDueDate: '2026-12-31' })).id;
    const ids = {
      mar31: await make('2025-03-31'),
      apr01: await make('2025-04-01'),
      tie: await make('2025-04-01'),
      last: await make('2026-03-31'),
      next: await make('2026-04-01'),
    };
    const list = async (f: Partial<DocumentListFilter>) => (await service.list(a, { ...page, ...f })).rows.map((r) => r.id);
    expect(await list({ fyStartYear: 2025 })).toEqual([ids.last, ids.tie, ids.apr01]);
    expect(await list({ fyStartYear: 2024, dateFrom: '2026-01-01' })).toEqual([ids.mar31]);
    expect(await list({ search: 'sharma', limit: 2, offset: 1 })).toEqual([ids.last, ids.tie]);
  });
});
