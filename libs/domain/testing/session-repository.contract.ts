import { NewSession } from '../src/auth/session';
import { SessionRepository } from '../src/auth/session.repository.port';
import { PermissionKey } from '../src/shared/principal';

/** What a contract run needs from each implementation. */
export interface SessionRepositoryHarness {
  repo: SessionRepository;
  /** A user (in a new account unless `accountId` is given) holding `permissions`. */
  addUser(permissions: PermissionKey[], accountId?: number): Promise<{ accountId: number; userId: number }>;
  deleteUser(accountId: number, userId: number): Promise<void>;
}

const T0 = new Date('2025-06-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let seq = 0;
const hash = (label: string) => `${label}${String(++seq).padStart(63, '0')}`;

function newSession(owner: { accountId: number; userId: number }, overrides: Partial<NewSession> = {}): NewSession {
  return {
    accountId: owner.accountId,
    userId: owner.userId,
    accessTokenHash: hash('a'),
    refreshTokenHash: hash('b'),
    deviceName: 'Pixel 8',
    platform: 'android',
    userAgent: 'okhttp/4.12.0',
    createdAt: T0,
    accessExpiresAt: at(3600),
    refreshExpiresAt: at(30 * 86400),
    ...overrides,
  };
}

/**
 * The behaviour every SessionRepository must share; run against the in-memory fake (unit) and the
 * TypeORM adapter (e2e, on MariaDB) so that they cannot drift.
 */
export function sessionRepositoryContract(makeHarness: () => Promise<SessionRepositoryHarness>): void {
  let h: SessionRepositoryHarness;
  beforeAll(async () => {
    h = await makeHarness();
  });

  it("finds a session by its access hash with the user's permissions, and by its refresh hash", async () => {
    const owner = await h.addUser(['clients', 'invoices']);
    const s = newSession(owner);
    const id = await h.repo.create(s);
    const found = await h.repo.findByAccessTokenHash(s.accessTokenHash);
    // A store may read the user and the account with the session (optional); when it does, they are these.
    const { user, account, ...access } = found ?? {};
    if (user !== undefined) {
      expect(user).toMatchObject({ id: owner.userId, accountId: owner.accountId, permissions: ['clients', 'invoices'] });
      expect(user).not.toHaveProperty('passwordHash');
    }
    if (account !== undefined) expect(account?.id).toBe(owner.accountId);
    expect(access).toEqual({
      session: {
        id,
        accountId: owner.accountId,
        userId: owner.userId,
        accessTokenHash: s.accessTokenHash,
        refreshTokenHash: s.refreshTokenHash,
        deviceName: 'Pixel 8',
        platform: 'android',
        userAgent: 'okhttp/4.12.0',
        createdAt: T0,
        lastUsedAt: T0,
        accessExpiresAt: at(3600),
        refreshExpiresAt: at(30 * 86400),
        revokedAt: null,
      },
      permissions: ['clients', 'invoices'],
      userActive: true,
    });
    expect((await h.repo.findByRefreshTokenHash(s.refreshTokenHash))?.id).toBe(id);
    expect(await h.repo.findByAccessTokenHash(hash('x'))).toBeNull();
    await h.deleteUser(owner.accountId, owner.userId);
    expect((await h.repo.findByAccessTokenHash(s.accessTokenHash))?.userActive).toBe(false);
  });

  it('counts active sessions of an account: not revoked, refresh not expired', async () => {
    const owner = await h.addUser([]);
    const other = await h.addUser([], owner.accountId);
    await h.repo.create(newSession(owner));
    await h.repo.create(newSession(other));
    const revoked = await h.repo.create(newSession(owner));
    await h.repo.create(newSession(owner, { refreshExpiresAt: at(60) }));
    await h.repo.revoke({ accountId: owner.accountId, sessionId: revoked }, 'logout', at(1));
    expect(await h.repo.countActive(owner.accountId, at(10))).toBe(3);
    expect(await h.repo.countActive(owner.accountId, at(60))).toBe(2);
  });

  it('rotate is a compare-and-set on the refresh hash and retires the old one', async () => {
    const owner = await h.addUser([]);
    const s = newSession(owner);
    const id = await h.repo.create(s);
    const next = { accessTokenHash: hash('c'), refreshTokenHash: hash('d'), accessExpiresAt: at(3700), refreshExpiresAt: at(30 * 86400 + 100) };
    expect(await h.repo.rotate(id, s.refreshTokenHash, next, at(100))).toBe(true);
    const again = { ...next, accessTokenHash: hash('e'), refreshTokenHash: hash('f') };
    expect(await h.repo.rotate(id, s.refreshTokenHash, again, at(101))).toBe(false);

    expect(await h.repo.findByRefreshTokenHash(s.refreshTokenHash)).toBeNull();
    expect(await h.repo.findByAccessTokenHash(s.accessTokenHash)).toBeNull();
    expect((await h.repo.findByRetiredRefreshHash(s.refreshTokenHash))?.id).toBe(id);
    expect(await h.repo.findByRetiredRefreshHash(next.refreshTokenHash)).toBeNull();
    const current = await h.repo.findByRefreshTokenHash(next.refreshTokenHash);
    expect(current).toMatchObject({ id, accessExpiresAt: at(3700), refreshExpiresAt: at(30 * 86400 + 100), lastUsedAt: at(100) });

    await h.repo.revoke({ accountId: owner.accountId, sessionId: id }, 'logout', at(200));
    expect(await h.repo.rotate(id, next.refreshTokenHash, again, at(201))).toBe(false);
  });

  it('touch moves last_used_at only when it is older than the given time', async () => {
    const owner = await h.addUser([]);
    const s = newSession(owner);
    const id = await h.repo.create(s);
    await h.repo.touch(id, at(30), at(-30));
    expect((await h.repo.findByRefreshTokenHash(s.refreshTokenHash))?.lastUsedAt).toEqual(T0);
    await h.repo.touch(id, at(90), at(30));
    expect((await h.repo.findByRefreshTokenHash(s.refreshTokenHash))?.lastUsedAt).toEqual(at(90));
  });

  it("lists a user's active sessions newest first and revokes by scope", async () => {
    const owner = await h.addUser([]);
    const colleague = await h.addUser([], owner.accountId);
    const stranger = await h.addUser([]);
    const first = await h.repo.create(newSession(owner));
    const second = await h.repo.create(newSession(owner));
    const third = await h.repo.create(newSession(owner));
    const theirs = await h.repo.create(newSession(colleague));
    const foreign = await h.repo.create(newSession(stranger));
    expect((await h.repo.listActiveForUser(owner.accountId, owner.userId, at(1))).map((s) => s.id)).toEqual([third, second, first]);

    expect(await h.repo.revoke({ accountId: owner.accountId, userId: owner.userId, sessionId: theirs }, 'revoked', at(2))).toBe(false);
    expect(await h.repo.revoke({ accountId: owner.accountId, sessionId: foreign }, 'revoked', at(2))).toBe(false);
    expect(await h.repo.revoke({ accountId: owner.accountId, userId: owner.userId, sessionId: first }, 'revoked', at(2))).toBe(true);
    expect(await h.repo.revoke({ accountId: owner.accountId, userId: owner.userId, sessionId: first }, 'revoked', at(3))).toBe(false);
    expect(await h.repo.revokeForUser(owner.accountId, owner.userId, 'password_changed', at(4), third)).toBe(1);
    expect((await h.repo.listActiveForUser(owner.accountId, owner.userId, at(5))).map((s) => s.id)).toEqual([third]);
    expect(
      (await h.repo.findByRefreshTokenHash((await h.repo.listActiveForUser(owner.accountId, owner.userId, at(5)))[0].refreshTokenHash))?.revokedAt,
    ).toBeNull();

    expect(await h.repo.revokeForAccount(owner.accountId, 'account_deleted', at(6))).toBe(2);
    expect(await h.repo.countActive(owner.accountId, at(7))).toBe(0);
    expect(await h.repo.countActive(stranger.accountId, at(7))).toBe(1);
  });
}
