import { PaymentFields } from '../src/payments/payment';
import { PaymentRepository } from '../src/payments/payment.repository.port';
import { RepositoryHarness } from './repository-harness';

/** A receipt of `amount` on `date` (client 1 unless told). */
export function paymentFields(overrides: Partial<PaymentFields> = {}): PaymentFields {
  return {
    clientId: 1,
    amount: '1000.00',
    tdsAmount: '0.00',
    currency: 'INR',
    paymentDate: '2025-06-10',
    mode: 'neft',
    reference: 'UTR 1',
    notes: null,
    source: 'receipt',
    sourceDocument: null,
    ...overrides,
  };
}

const allocation = (id: number, amount: string, tdsAmount = '0.00', tdsRecorded = false) => ({
  document: { type: 'invoice' as const, id },
  amount,
  tdsAmount,
  tdsRecorded,
  allocationDate: '2025-06-11',
});

/**
 * What every PaymentRepository must do, run against the in-memory fake (unit) and the TypeORM adapter
 * (test/repository-contracts.e2e-spec.ts, on MariaDB) so the two cannot drift.
 */
export function paymentRepositoryContract(harness: () => RepositoryHarness<PaymentRepository>): void {
  it('stores a payment with its receipt number and reads it back, only for its own account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const id = await h.repo().insert(account, paymentFields({ tdsAmount: '20.00' }), { number: 'RV/25-26/0001', fyStartYear: 2025, sequence: 1 });
    expect(await h.repo().findById(account, id)).toMatchObject({
      id,
      accountId: account,
      clientId: 1,
      amount: '1000.00',
      tdsAmount: '20.00',
      allocatedAmount: '0.00',
      allocatedTds: '0.00',
      currency: 'INR',
      paymentDate: '2025-06-10',
      mode: 'neft',
      reference: 'UTR 1',
      notes: null,
      source: 'receipt',
      sourceDocument: null,
      receiptNumber: 'RV/25-26/0001',
    });
    expect(await h.repo().findById(other, id)).toBeNull();
    expect(await h.repo().existingIds(other, [id])).toEqual([]);
    expect(await h.repo().existingIds(account, [id, id + 1000])).toEqual([id]);
    const made = await h
      .repo()
      .insert(account, paymentFields({ source: 'payment_status', sourceDocument: { type: 'debit-note', id: 7 }, mode: 'other' }), null);
    expect(await h.repo().findById(account, made)).toMatchObject({
      source: 'payment_status',
      sourceDocument: { type: 'debit-note', id: 7 },
      receiptNumber: null,
    });
    await h.repo().updateTexts(account, id, { reference: null, notes: 'Advance' });
    await h.repo().updateTexts(other, id, { reference: 'x', notes: 'x' });
    expect(await h.repo().findById(account, id)).toMatchObject({ reference: null, notes: 'Advance' });
  });

  it('lists newest payment date first (ties by id) with the filters and the total', async () => {
    const h = harness();
    const account = await h.newAccount();
    const a = await h.repo().insert(account, paymentFields({ paymentDate: '2025-04-01', mode: 'cash' }), null);
    const b = await h.repo().insert(account, paymentFields({ paymentDate: '2026-03-31', clientId: 2 }), null);
    const c = await h.repo().insert(account, paymentFields({ paymentDate: '2025-04-01' }), null);
    const d = await h.repo().insert(account, paymentFields({ paymentDate: '2026-04-01' }), null);
    const ids = async (f: object) => {
      const page = await h.repo().list(account, { limit: 50, offset: 0, ...f });
      return { ids: page.rows.map((p) => p.id), total: page.total };
    };
    expect(await ids({})).toEqual({ ids: [d, b, c, a], total: 4 });
    expect(await ids({ fyStartYear: 2025 })).toEqual({ ids: [b, c, a], total: 3 });
    expect(await ids({ fyStartYear: 2025, dateFrom: '2026-01-01' })).toEqual({ ids: [b, c, a], total: 3 });
    expect(await ids({ dateFrom: '2025-04-02', dateTo: '2026-03-31' })).toEqual({ ids: [b], total: 1 });
    expect(await ids({ clientId: 2 })).toEqual({ ids: [b], total: 1 });
    expect(await ids({ mode: 'cash' })).toEqual({ ids: [a], total: 1 });
    expect(await ids({ limit: 2, offset: 1 })).toEqual({ ids: [b, c], total: 4 });
  });

  it('keeps the allocated sums in step with the allocations; credit is what stays unallocated, per client and currency', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const id = await h.repo().insert(account, paymentFields({ amount: '1000.00', tdsAmount: '50.00' }), null);
    const usd = await h.repo().insert(account, paymentFields({ amount: '70.00', currency: 'USD' }), null);
    const [x, y] = await h
      .repo()
      .insertAllocations(account, { id, clientId: 1, source: 'receipt' }, [allocation(11, '300.00', '20.00', true), allocation(12, '200.50')]);
    expect(await h.repo().findById(account, id)).toMatchObject({ allocatedAmount: '500.50', allocatedTds: '20.00' });
    expect(await h.repo().creditBalance(account, 1, 'INR')).toBe('529.50');
    expect(await h.repo().creditBalance(account, 1, 'USD')).toBe('70.00');
    expect(await h.repo().creditBalance(account, 2, 'INR')).toBe('0.00');
    expect(await h.repo().creditBalance(other, 1, 'INR')).toBe('0.00');
    expect(await h.repo().clientHasPayments(account, 1)).toBe(true);
    expect(await h.repo().clientHasPayments(other, 1)).toBe(false);

    const byDocument = await h.repo().documentAllocations(account, { type: 'invoice', id: 11 });
    expect(byDocument).toEqual([
      expect.objectContaining({
        id: x,
        paymentId: id,
        clientId: 1,
        document: { type: 'invoice', id: 11 },
        amount: '300.00',
        tdsAmount: '20.00',
        tdsRecorded: true,
        allocationDate: '2025-06-11',
        source: 'receipt',
      }),
    ]);
    expect(await h.repo().documentAllocations(other, { type: 'invoice', id: 11 })).toEqual([]);
    expect(await h.repo().documentAllocations(account, { type: 'debit-note', id: 11 })).toEqual([]);
    const both = await h.repo().allocationsOfDocuments(account, [
      { type: 'invoice', id: 12 },
      { type: 'invoice', id: 11 },
      { type: 'debit-note', id: 11 },
    ]);
    expect(both.map((a) => a.id)).toEqual([x, y]);
    expect(await h.repo().allocationsOfDocuments(other, [{ type: 'invoice', id: 11 }])).toEqual([]);
    expect((await h.repo().allocationsOf(account, [id, usd])).map((a) => a.id)).toEqual([x, y]);
    expect(await h.repo().findAllocation(account, id, y)).toMatchObject({ id: y, amount: '200.50', tdsRecorded: false });
    expect(await h.repo().findAllocation(account, usd, y)).toBeNull();
    expect(await h.repo().findAllocation(other, id, y)).toBeNull();

    await h.repo().deleteAllocations(other, [{ id: x, paymentId: id, amount: '300.00', tdsAmount: '20.00' }]);
    expect((await h.repo().allocationsOf(account, [id])).length).toBe(2);
    await h.repo().deleteAllocations(account, [{ id: x, paymentId: id, amount: '300.00', tdsAmount: '20.00' }]);
    expect(await h.repo().findById(account, id)).toMatchObject({ allocatedAmount: '200.50', allocatedTds: '0.00' });
    expect(await h.repo().creditBalance(account, 1, 'INR')).toBe('849.50');

    await h.repo().delete(other, id);
    expect(await h.repo().findById(account, id)).not.toBeNull();
    await h.repo().delete(account, id);
    expect(await h.repo().findById(account, id)).toBeNull();
    expect(await h.repo().allocationsOf(account, [id])).toEqual([]);
    expect(await h.repo().documentAllocations(account, { type: 'invoice', id: 12 })).toEqual([]);
  });
}
