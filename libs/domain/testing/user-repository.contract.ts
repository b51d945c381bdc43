import { ValidationFailed } from '../src/shared/domain-error';
import { UserAdminRepository } from '../src/users/user-admin.repository.port';
import { NewUser, UserRepository } from '../src/users/user.repository.port';

export interface UserRepositoryHarness {
  users(): UserRepository;
  admin(): UserAdminRepository;
  /** A new account of its own, so lists and counts start empty. */
  newAccount(): Promise<number>;
}

/** Usernames are unique service-wide and the e2e run shares one database: each run uses its own. */
const run = Date.now().toString(36).slice(-6);
let seq = 0;
const username = (label = 'user') => `${label}.${run}.${++seq}`;
const newUser = (overrides: Partial<NewUser> = {}): NewUser => ({
  username: username(),
  passwordHash: 'hash-1',
  permissions: ['clients'],
  isOwner: false,
  ...overrides,
});
const T1 = new Date('2025-06-01T10:00:00Z');
const T2 = new Date('2025-06-02T11:30:00Z');

/**
 * What every UserRepository and UserAdminRepository must do, run against the in-memory fakes (unit) and
 * the TypeORM adapters (test/repository-contracts.e2e-spec.ts, on MariaDB) so they cannot drift.
 */
export function userRepositoryContract(harness: () => UserRepositoryHarness): void {
  it('creates a user and finds it by id within its account and by username ignoring case', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const input = newUser({ username: username('Priya'), permissions: ['clients', 'invoices', 'expenses'], isOwner: true });
    const id = await h.users().create(account, input);
    const user = await h.users().findById(account, id);
    expect(user).toEqual({
      ...input,
      id,
      accountId: account,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      updatedAt: user!.createdAt,
    });
    expect(await h.users().findByUsername(input.username.toUpperCase())).toEqual(user);
    expect(await h.users().findById(other, id)).toBeNull();
    expect(await h.users().findByUsername(username('nobody'))).toBeNull();
  });

  it('inserts with the given time; a username taken anywhere (any case, deleted users included) answers null', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const name = username('Ravi');
    const id = await h.admin().insert(account, newUser({ username: name }), T1);
    expect(await h.users().findById(account, id!)).toMatchObject({ username: name, createdAt: '2025-06-01 10:00:00', updatedAt: '2025-06-01 10:00:00' });
    expect(await h.admin().insert(other, newUser({ username: name.toUpperCase() }), T1)).toBeNull();
    await h.admin().softDelete(account, id!, T2);
    expect(await h.admin().insert(other, newUser({ username: name }), T2)).toBeNull();
  });

  it('lists users that are not deleted, owner first then by id, with total and paging; counts sub-users', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const sub1 = (await h.admin().insert(account, newUser(), T1))!;
    const owner = (await h.admin().insert(account, newUser({ isOwner: true, permissions: [] }), T1))!;
    const sub2 = (await h.admin().insert(account, newUser(), T1))!;
    const gone = (await h.admin().insert(account, newUser(), T1))!;
    await h.admin().insert(other, newUser(), T1);
    await h.admin().softDelete(account, gone, T2);
    const all = await h.admin().list(account, { limit: 50, offset: 0 });
    expect([all.total, all.rows.map((u) => u.id)]).toEqual([3, [owner, sub1, sub2]]);
    expect(all.rows[0]).toMatchObject({ isOwner: true, permissions: [] });
    expect(await h.admin().list(account, { limit: 1, offset: 1 })).toMatchObject({ total: 3, rows: [{ id: sub1 }], hasMore: true });
    expect(await h.admin().list(account, { limit: 1, offset: 0, startingAfter: sub1 })).toMatchObject({ total: 3, rows: [{ id: sub2 }], hasMore: false });
    expect(await h.admin().list(account, { limit: 5, offset: 0, endingBefore: sub2 })).toMatchObject({ rows: [{ id: owner }, { id: sub1 }], hasMore: false });
    expect(await h.admin().list(account, { limit: 5, offset: 0, startingAfter: gone })).toMatchObject({ rows: [] });
    await expect(h.admin().list(other, { limit: 5, offset: 0, startingAfter: sub1 })).rejects.toBeInstanceOf(ValidationFailed);
    expect(await h.admin().countSubUsers(account)).toBe(2);
    expect(await h.admin().countSubUsers(other)).toBe(1);
    expect(await h.users().findById(account, gone)).toBeNull();
  });

  it('renames unless the name is taken, sets permissions and password, all stamped with the given time', async () => {
    const h = harness();
    const account = await h.newAccount();
    const id = (await h.admin().insert(account, newUser(), T1))!;
    const taken = username('taken');
    await h.admin().insert(account, newUser({ username: taken }), T1);
    expect(await h.admin().rename(account, id, taken.toUpperCase(), T2)).toBe(false);
    const renamed = username('Renamed');
    expect(await h.admin().rename(account, id, renamed, T2)).toBe(true);
    await h.admin().setPermissions(account, id, ['invoices', 'inventory'], T2);
    await h.admin().setPassword(account, id, 'hash-2', T2);
    expect(await h.users().findById(account, id)).toMatchObject({
      username: renamed,
      permissions: ['invoices', 'inventory'],
      passwordHash: 'hash-2',
      createdAt: '2025-06-01 10:00:00',
      updatedAt: '2025-06-02 11:30:00',
    });
    expect(await h.users().findByUsername(renamed.toLowerCase())).toMatchObject({ id });
  });

  it("never changes or deletes another account's user", async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const id = (await h.admin().insert(account, newUser({ passwordHash: 'keep' }), T1))!;
    const before = await h.users().findById(account, id);
    await h.admin().setPermissions(other, id, ['settings'], T2);
    await h.admin().setPassword(other, id, 'changed', T2);
    await h.admin().softDelete(other, id, T2);
    await h.admin().rename(other, id, username('stolen'), T2);
    expect(await h.users().findById(account, id)).toEqual(before);
  });
}
