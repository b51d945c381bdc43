import { Clock } from '../shared/clock.port';
import { constantTimeEqual } from '../shared/constant-time';
import { NotFound, Unauthorized } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { SecretHasher } from '../shared/secret.port';
import { mobileCaller } from './mobile-caller';
import { INVALID_REFRESH } from './refresh-session.use-case';
import { isSessionActive, MobileSession } from './session';
import { SessionRepository } from './session.repository.port';
import { looksLikeToken, REFRESH_TOKEN_PREFIX } from './session-tokens';

export interface SessionView {
  session: MobileSession;
  current: boolean;
}

/** Sign-out and the signed-in devices of the calling user. */
export class SessionsService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
  ) {}

  /** Ends the session of the calling access token. */
  async logout(principal: Principal): Promise<void> {
    const me = mobileCaller(principal);
    await this.sessions.revoke({ accountId: me.accountId, userId: me.userId, sessionId: me.sessionId }, 'logout', this.clock.now());
  }

  /** Ends the session a refresh token belongs to (the app may hold only an expired access token). */
  async logoutWithRefreshToken(refreshToken: string): Promise<void> {
    if (!looksLikeToken(refreshToken, REFRESH_TOKEN_PREFIX)) throw new Unauthorized(INVALID_REFRESH);
    const hash = this.secrets.hash(refreshToken);
    const now = this.clock.now();
    const session = await this.sessions.findByRefreshTokenHash(hash);
    if (session && constantTimeEqual(session.refreshTokenHash, hash) && isSessionActive(session, now)) {
      await this.sessions.revoke({ accountId: session.accountId, sessionId: session.id }, 'logout', now);
      return;
    }
    const reused = await this.sessions.findByRetiredRefreshHash(hash);
    if (reused) await this.sessions.revoke({ accountId: reused.accountId, sessionId: reused.id }, 'refresh_reuse', now);
    throw new Unauthorized(INVALID_REFRESH);
  }

  async list(principal: Principal): Promise<SessionView[]> {
    const me = mobileCaller(principal);
    const rows = await this.sessions.listActiveForUser(me.accountId, me.userId, this.clock.now());
    return rows.map((session) => ({ session, current: session.id === me.sessionId }));
  }

  /** Revokes one of the caller's own sessions (the current one too, which signs out). */
  async revoke(principal: Principal, sessionId: number): Promise<void> {
    const me = mobileCaller(principal);
    const done = await this.sessions.revoke({ accountId: me.accountId, userId: me.userId, sessionId }, 'revoked', this.clock.now());
    if (!done) throw NotFound.of('Session', sessionId);
  }

  /** Revokes every session of the caller except the current one; returns how many. */
  async revokeOthers(principal: Principal): Promise<number> {
    const me = mobileCaller(principal);
    return this.sessions.revokeForUser(me.accountId, me.userId, 'revoked_by_other_session', this.clock.now(), me.sessionId);
  }
}
