import { InventoryFields } from '../src/inventory/inventory-item';
import { InventoryRepository } from '../src/inventory/inventory.repository.port';
import { NotFound } from '../src/shared/domain-error';
import { TransactionRunner } from '../src/shared/transaction.port';
import { RepositoryHarness, stampOf } from './repository-harness';

const ALL = { limit: 200, offset: 0 };

export interface InventoryRepositoryHarness extends RepositoryHarness<InventoryRepository> {
  /** Stock moves run inside the caller's transaction. */
  transactions: TransactionRunner;
}

/** Valid item fields, decimals at the scale the columns store. */
export function inventoryFields(overrides: Partial<InventoryFields> = {}): InventoryFields {
  return {
    name: 'Steel bolt M8',
    sku: 'BOLT-M8',
    barcodeType: 'CODE128',
    type: 'product',
    description: 'Zinc plated',
    quantity: 10,
    rate: '12.50',
    discountType: 'percentage',
    discountValue: '5.00',
    taxRate: '18.000',
    hsnCode: '7318',
    lowStockThreshold: null,
    ...overrides,
  };
}

/**
 * What every InventoryRepository must do, run against the in-memory fake (unit) and the TypeORM
 * adapter (test/repository-contracts.e2e-spec.ts, on MariaDB) so the two cannot drift.
 */
export function inventoryRepositoryContract(harness: () => InventoryRepositoryHarness): void {
  const move = (h: InventoryRepositoryHarness, accountId: number, inventoryId: number, quantityDelta: number, sourceType = 'adjustment') =>
    h.transactions.run(() =>
      h.repo().moveStock(accountId, { inventoryId, quantityDelta, sourceType, sourceId: null, sourceLabel: `${sourceType} ${quantityDelta}`, note: '' }),
    );

  it('stores and reads back an item with its timestamps, only for its own account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const fields = inventoryFields();
    const id = await h.repo().insert(account, fields);
    const now = stampOf(h.clock);
    expect(await h.repo().findById(account, id)).toEqual({ ...fields, id, accountId: account, createdAt: now, updatedAt: now });
    expect(await h.repo().findById(other, id)).toBeNull();
  });

  it('lists newest first (ties by id descending) with total and paging; counts per account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const first = await h.repo().insert(account, inventoryFields());
    h.clock.advance(60);
    const second = await h.repo().insert(account, inventoryFields({ type: 'service', quantity: 0 }));
    const third = await h.repo().insert(account, inventoryFields());
    await h.repo().insert(other, inventoryFields());
    const all = await h.repo().list(account, { limit: 50, offset: 0 });
    expect([all.total, all.rows.map((r) => r.id)]).toEqual([3, [third, second, first]]);
    expect((await h.repo().list(account, { limit: 1, offset: 2 })).rows.map((r) => r.id)).toEqual([first]);
    expect([await h.repo().count(account), await h.repo().count(other)]).toEqual([3, 1]);
  });

  it('update rewrites everything but the quantity, never across accounts', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const created = stampOf(h.clock);
    const id = await h.repo().insert(account, inventoryFields({ quantity: 7 }));
    h.clock.advance(120);
    const { quantity: _ignored, ...changed } = inventoryFields({
      name: 'Consulting hour',
      type: 'service',
      discountType: null,
      discountValue: '0.00',
      rate: '1500.00',
    });
    await h.repo().update(other, id, changed);
    expect((await h.repo().findById(account, id))!.name).toBe('Steel bolt M8');
    await h.repo().update(account, id, changed);
    expect(await h.repo().findById(account, id)).toEqual({ ...changed, quantity: 7, id, accountId: account, createdAt: created, updatedAt: stampOf(h.clock) });
  });

  it('existingIds and typesOf see only the account’s items', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const product = await h.repo().insert(account, inventoryFields());
    const service = await h.repo().insert(account, inventoryFields({ type: 'service', quantity: 0 }));
    const theirs = await h.repo().insert(other, inventoryFields());
    expect((await h.repo().existingIds(account, [theirs, service, product, 999999])).sort((a, b) => a - b)).toEqual([product, service]);
    expect(await h.repo().existingIds(account, [])).toEqual([]);
    const types = await h.repo().typesOf(account, [product, service, theirs]);
    expect([...types.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [product, 'product'],
      [service, 'service'],
    ]);
    expect((await h.repo().typesOf(account, [])).size).toBe(0);
  });

  it('moves stock by a delta (below zero too), records the resulting quantity, and lists movements newest first', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const id = await h.repo().insert(account, inventoryFields({ quantity: 10, lowStockThreshold: 7 }));
    h.clock.advance(30);
    const out = await move(h, account, id, -4, 'invoice');
    expect(out).toEqual({
      itemName: 'Steel bolt M8',
      lowStockThreshold: 7,
      id: expect.any(Number),
      inventoryId: id,
      quantityDelta: -4,
      quantityAfter: 6,
      sourceType: 'invoice',
      sourceId: null,
      sourceLabel: 'invoice -4',
      note: '',
      createdAt: stampOf(h.clock),
    });
    const second = await move(h, account, id, -9);
    expect(second.quantityAfter).toBe(-3);
    // updated_at is the adapter's to keep (on MariaDB a trigger also stamps writes that leave it as it was), so only
    // the quantities are pinned here.
    expect(await h.repo().findById(account, id)).toMatchObject({ quantity: -3, lowStockThreshold: 7 });
    expect((await h.repo().movements(account, id, ALL)).rows.map((m) => [m.id, m.quantityAfter])).toEqual([
      [second.id, -3],
      [out.id, 6],
    ]);
    expect(await h.repo().movements(account, id, { limit: 1, offset: 0, startingAfter: second.id })).toMatchObject({ rows: [{ id: out.id }], hasMore: false });
    expect(await h.repo().movements(account, id, { limit: 1, offset: 0, endingBefore: out.id })).toMatchObject({ rows: [{ id: second.id }], total: 2 });
    expect((await h.repo().movements(other, id, ALL)).rows).toEqual([]);
    await expect(h.repo().movements(other, id, { limit: 1, offset: 0, startingAfter: out.id })).rejects.toThrow();
  });

  it("refuses to move another account's item (not found) and leaves it unchanged", async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const theirs = await h.repo().insert(other, inventoryFields({ quantity: 5 }));
    await expect(move(h, account, theirs, 1)).rejects.toBeInstanceOf(NotFound);
    await expect(move(h, account, 999999, 1)).rejects.toBeInstanceOf(NotFound);
    expect((await h.repo().findById(other, theirs))!.quantity).toBe(5);
    expect((await h.repo().movements(other, theirs, ALL)).rows).toEqual([]);
  });

  it('deletes an item with its movements, only within the account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const id = await h.repo().insert(account, inventoryFields());
    await move(h, account, id, 3);
    await h.repo().delete(other, id);
    expect(await h.repo().findById(account, id)).not.toBeNull();
    expect((await h.repo().movements(account, id, ALL)).rows).toHaveLength(1);
    await h.repo().delete(account, id);
    expect(await h.repo().findById(account, id)).toBeNull();
    expect((await h.repo().movements(account, id, ALL)).rows).toEqual([]);
  });
}
