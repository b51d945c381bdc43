import { ExpenseFields } from '../src/expenses/expense';
import { ExpenseRepository } from '../src/expenses/expense.repository.port';
import { RepositoryHarness, stampOf } from './repository-harness';

export interface ExpenseRepositoryHarness extends RepositoryHarness<ExpenseRepository> {
  addClient(accountId: number): Promise<number>;
}

/** Valid expense fields, the amount at the column's scale. */
export function expenseFields(overrides: Partial<ExpenseFields> = {}): ExpenseFields {
  return {
    clientId: null,
    description: 'Office rent, May',
    amount: '25000.00',
    category: 'Rent',
    vendorName: 'Deshpande Estates',
    vendorContact: '9822012345',
    date: '2025-05-05',
    status: 'paid',
    paymentMethod: 'bank_transfer',
    receiptUrl: '',
    notes: '',
    tdsSectionId: null,
    tdsRate: null,
    tdsAmount: null,
    vendorPan: null,
    payeeType: null,
    ...overrides,
  };
}

/**
 * What every ExpenseRepository must do, run against the in-memory fake (unit) and the TypeORM adapter
 * (test/repository-contracts.e2e-spec.ts, on MariaDB) so the two cannot drift.
 */
export function expenseRepositoryContract(harness: () => ExpenseRepositoryHarness): void {
  it('stores and reads back an expense (with or without a client), only for its own account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const clientId = await h.addClient(account);
    const fields = expenseFields({ clientId, amount: '0.01', notes: 'Paise exact', receiptUrl: 'https://example.com/r.png' });
    const withTds = expenseFields({ amount: '60000.00', tdsSectionId: 3, tdsRate: '10.000', tdsAmount: '6000.01', vendorPan: 'AAPFU0939F', payeeType: 'firm' });
    const tdsId = await h.repo().insert(account, withTds);
    expect(await h.repo().findById(account, tdsId)).toMatchObject(withTds);
    const id = await h.repo().insert(account, fields);
    const bare = await h.repo().insert(account, expenseFields());
    const now = stampOf(h.clock);
    expect(await h.repo().findById(account, id)).toEqual({ ...fields, id, accountId: account, createdAt: now, updatedAt: now });
    expect((await h.repo().findById(account, bare))!.clientId).toBeNull();
    expect(await h.repo().findById(other, id)).toBeNull();
  });

  it('lists newest first (ties by id descending) with total and paging, per account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const first = await h.repo().insert(account, expenseFields());
    h.clock.advance(60);
    const second = await h.repo().insert(account, expenseFields());
    const third = await h.repo().insert(account, expenseFields());
    await h.repo().insert(other, expenseFields());
    const all = await h.repo().list(account, { limit: 50, offset: 0 });
    expect([all.total, all.rows.map((r) => r.id)]).toEqual([3, [third, second, first]]);
    expect(await h.repo().list(account, { limit: 2, offset: 1 })).toMatchObject({ total: 3, rows: [{ id: second }, { id: first }] });
    expect((await h.repo().list(other, { limit: 50, offset: 0 })).total).toBe(1);
  });

  it('updates the fields and updated_at, never across accounts', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const created = stampOf(h.clock);
    const id = await h.repo().insert(account, expenseFields({ clientId: await h.addClient(account) }));
    h.clock.advance(600);
    const changed = expenseFields({ status: 'reimbursed', amount: '99.99', category: 'Travel & Accommodation', date: '2025-06-30' });
    await h.repo().update(other, id, changed);
    expect((await h.repo().findById(account, id))!.status).toBe('paid');
    await h.repo().update(account, id, changed);
    expect(await h.repo().findById(account, id)).toEqual({ ...changed, id, accountId: account, createdAt: created, updatedAt: stampOf(h.clock) });
  });

  it('deletes only within the account; existingIds keeps the ids of the account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const mine = await h.repo().insert(account, expenseFields());
    const theirs = await h.repo().insert(other, expenseFields());
    expect(await h.repo().existingIds(account, [theirs, mine, 999999])).toEqual([mine]);
    expect(await h.repo().existingIds(account, [])).toEqual([]);
    await h.repo().delete(account, theirs);
    expect(await h.repo().findById(other, theirs)).not.toBeNull();
    await h.repo().delete(account, mine);
    expect(await h.repo().findById(account, mine)).toBeNull();
  });
}
