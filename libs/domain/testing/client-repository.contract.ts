import { ClientFields } from '../src/clients/client';
import { ClientRepository } from '../src/clients/client.repository.port';
import { RepositoryHarness, stampOf } from './repository-harness';

let seq = 0;

/** Valid client fields with a phone and email of their own unless overridden. */
export function clientFields(overrides: Partial<ClientFields> = {}): ClientFields {
  const n = ++seq;
  return {
    name: `Client ${n}`,
    phone: `9${String(n).padStart(9, '0')}`,
    countryCode: '+91',
    email: `client${n}@example.com`,
    address: null,
    gstin: null,
    stateCode: null,
    remindersOptOut: false,
    registrationType: null,
    ...overrides,
  };
}

/**
 * What every ClientRepository must do, run against the in-memory fake (unit) and the TypeORM adapter
 * (test/repository-contracts.e2e-spec.ts, on MariaDB) so the two cannot drift.
 */
export function clientRepositoryContract(harness: () => RepositoryHarness<ClientRepository>): void {
  const page = { limit: 50, offset: 0 };

  it('stores and reads back a client with its timestamps, only for its own account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const fields = clientFields({ address: '12 MG Road, Pune', gstin: '27AAPFU0939F1ZV', stateCode: '27' });
    const id = await h.repo().insert(account, fields);
    const now = stampOf(h.clock);
    expect(await h.repo().findById(account, id)).toEqual({ ...fields, id, accountId: account, createdAt: now, updatedAt: now });
    expect(await h.repo().findById(other, id)).toBeNull();
    expect(await h.repo().findById(account, id + 100000)).toBeNull();
  });

  it('lists newest first (ties by id descending) with the total, limit and offset; counts per account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const first = await h.repo().insert(account, clientFields());
    h.clock.advance(60);
    const second = await h.repo().insert(account, clientFields());
    const third = await h.repo().insert(account, clientFields());
    await h.repo().insert(other, clientFields());
    const all = await h.repo().list(account, page);
    expect([all.total, all.rows.map((c) => c.id)]).toEqual([3, [third, second, first]]);
    const middle = await h.repo().list(account, { limit: 1, offset: 1 });
    expect([middle.total, middle.rows.map((c) => c.id)]).toEqual([3, [second]]);
    expect(await h.repo().list(account, { limit: 10, offset: 3 })).toMatchObject({ rows: [], total: 3 });
    expect(await h.repo().count(account)).toBe(3);
    expect(await h.repo().count(other)).toBe(1);
  });

  it('finds a duplicate by exact phone, or email or GSTIN ignoring case, oldest first, within the account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const older = await h.repo().insert(account, clientFields({ phone: '9000000001', email: 'Sharma@Example.com' }));
    const newer = await h.repo().insert(account, clientFields({ phone: '9000000002', email: 'other@example.com', gstin: '29ABCDE1234F1Z5' }));
    await h.repo().insert(other, clientFields({ phone: '9000000003', email: 'elsewhere@example.com', gstin: '07ABCDE1234F1Z5' }));
    const dup = async (match: Partial<{ phone: string; email: string; gstin: string }>) =>
      (await h.repo().findDuplicate(account, { phone: null, email: null, gstin: null, ...match }))?.id ?? null;
    expect(await dup({ phone: '9000000002' })).toBe(newer);
    expect(await dup({ email: 'sharma@EXAMPLE.com' })).toBe(older);
    expect(await dup({ gstin: '29ABCDE1234F1Z5' })).toBe(newer);
    expect(await dup({ gstin: '29abcde1234f1z5' })).toBe(newer);
    expect(await dup({ phone: '9000000002', email: 'sharma@example.com' })).toBe(older);
    expect(await dup({ phone: '900000000' })).toBeNull();
    expect(await dup({ phone: '9000000003', email: 'elsewhere@example.com', gstin: '07ABCDE1234F1Z5' })).toBeNull();
    expect(await dup({})).toBeNull();
  });

  it('updates the fields and updated_at, never across accounts', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const created = stampOf(h.clock);
    const id = await h.repo().insert(account, clientFields());
    h.clock.advance(3600);
    const changed = clientFields({ name: 'Renamed', gstin: '27AAPFU0939F1ZV', stateCode: '27', address: 'Nashik' });
    await h.repo().update(other, id, changed);
    expect((await h.repo().findById(account, id))!.name).not.toBe('Renamed');
    await h.repo().update(account, id, changed);
    expect(await h.repo().findById(account, id)).toEqual({ ...changed, id, accountId: account, createdAt: created, updatedAt: stampOf(h.clock) });
  });

  it('deletes only within the account; existingIds keeps the ids of the account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const mine = await h.repo().insert(account, clientFields());
    const theirs = await h.repo().insert(other, clientFields());
    expect((await h.repo().existingIds(account, [theirs, mine, 999999])).sort()).toEqual([mine]);
    expect(await h.repo().existingIds(account, [])).toEqual([]);
    await h.repo().delete(account, theirs);
    expect(await h.repo().findById(other, theirs)).not.toBeNull();
    await h.repo().delete(account, mine);
    expect(await h.repo().findById(account, mine)).toBeNull();
    expect(await h.repo().count(account)).toBe(0);
  });
}
