import { MobileSession, NewSession, RevokeReason, RotatedTokens, SessionAccess } from '../src/auth/session';
import { SessionRepository } from '../src/auth/session.repository.port';
import { PermissionKey } from '../src/shared/principal';

export interface StoredSession extends MobileSession {
  revokeReason: RevokeReason | null;
}

/** Sessions in a Map; `permissionsOf` plays the users table the adapter joins. */
export class InMemorySessionRepository extends SessionRepository {
  readonly rows = new Map<number, StoredSession>();
  /** Retired refresh hash -> session id. */
  readonly retired = new Map<string, number>();
  touches = 0;
  private nextId = 1;

  constructor(private readonly permissionsOf: (accountId: number, userId: number) => PermissionKey[] | null = () => []) {
    super();
  }

  async lockAccount(): Promise<void> {}

  async countActive(accountId: number, now: Date): Promise<number> {
    return [...this.rows.values()].filter((s) => s.accountId === accountId && active(s, now)).length;
  }

  async create(session: NewSession): Promise<number> {
    const id = this.nextId++;
    this.rows.set(id, { ...session, id, lastUsedAt: session.createdAt, revokedAt: null, revokeReason: null });
    return id;
  }

  async findByAccessTokenHash(hash: string): Promise<SessionAccess | null> {
    const session = [...this.rows.values()].find((s) => s.accessTokenHash === hash);
    if (!session) return null;
    const permissions = this.permissionsOf(session.accountId, session.userId);
    return { session: view(session), permissions: permissions ?? [], userActive: permissions !== null };
  }

  async findByRefreshTokenHash(hash: string): Promise<MobileSession | null> {
    const session = [...this.rows.values()].find((s) => s.refreshTokenHash === hash);
    return session ? view(session) : null;
  }

  async findByRetiredRefreshHash(hash: string): Promise<MobileSession | null> {
    const id = this.retired.get(hash);
    return id === undefined ? null : view(this.rows.get(id)!);
  }

  async rotate(sessionId: number, expectedRefreshHash: string, next: RotatedTokens, now: Date): Promise<boolean> {
    const session = this.rows.get(sessionId);
    if (!session || session.revokedAt || session.refreshTokenHash !== expectedRefreshHash) return false;
    this.retired.set(expectedRefreshHash, sessionId);
    Object.assign(session, next, { lastUsedAt: now });
    return true;
  }

  async touch(sessionId: number, now: Date, olderThan: Date): Promise<void> {
    const session = this.rows.get(sessionId);
    if (session && session.lastUsedAt.getTime() <= olderThan.getTime()) {
      session.lastUsedAt = now;
      this.touches++;
    }
  }

  async listActiveForUser(accountId: number, userId: number, now: Date): Promise<MobileSession[]> {
    return [...this.rows.values()]
      .filter((s) => s.accountId === accountId && s.userId === userId && active(s, now))
      .sort((a, b) => b.id - a.id)
      .map(view);
  }

  async revoke(scope: { accountId: number; userId?: number; sessionId: number }, reason: RevokeReason, now: Date): Promise<boolean> {
    const s = this.rows.get(scope.sessionId);
    if (!s || s.accountId !== scope.accountId || (scope.userId !== undefined && s.userId !== scope.userId) || !active(s, now)) return false;
    s.revokedAt = now;
    s.revokeReason = reason;
    return true;
  }

  async revokeForUser(accountId: number, userId: number, reason: RevokeReason, now: Date, exceptSessionId?: number | null): Promise<number> {
    return this.revokeWhere((s) => s.accountId === accountId && s.userId === userId && s.id !== exceptSessionId, reason, now);
  }

  async revokeForAccount(accountId: number, reason: RevokeReason, now: Date): Promise<number> {
    return this.revokeWhere((s) => s.accountId === accountId, reason, now);
  }

  private revokeWhere(match: (s: StoredSession) => boolean, reason: RevokeReason, now: Date): number {
    let n = 0;
    for (const s of this.rows.values()) {
      if (match(s) && active(s, now)) {
        s.revokedAt = now;
        s.revokeReason = reason;
        n++;
      }
    }
    return n;
  }
}

/** A copy without the fake's bookkeeping, as the adapter returns it. */
function view({ revokeReason: _reason, ...session }: StoredSession): MobileSession {
  return session;
}

function active(s: MobileSession, now: Date): boolean {
  return s.revokedAt === null && s.refreshExpiresAt.getTime() > now.getTime();
}
