import { MobileSession, NewSession, RevokeReason, RotatedTokens, SessionAccess } from './session';

/** Mobile sessions and the refresh tokens they have retired (their token family). */
export abstract class SessionRepository {
  /** Serializes session creation of one account (call inside a transaction before counting). */
  abstract lockAccount(accountId: number): Promise<void>;
  /** Sessions of the account that are neither revoked nor past their refresh expiry. */
  abstract countActive(accountId: number, now: Date): Promise<number>;
  abstract create(session: NewSession): Promise<number>;
  abstract findByAccessTokenHash(hash: string): Promise<SessionAccess | null>;
  abstract findByRefreshTokenHash(hash: string): Promise<MobileSession | null>;
  /** The session whose refresh token with this hash was already rotated away (reuse detection). */
  abstract findByRetiredRefreshHash(hash: string): Promise<MobileSession | null>;
  /**
   * Replaces both tokens when the session's refresh hash is still `expectedRefreshHash` and the session is
   * not revoked; the old refresh hash joins the retired ones. False when another refresh won the race.
   */
  abstract rotate(sessionId: number, expectedRefreshHash: string, next: RotatedTokens, now: Date): Promise<boolean>;
  /** Sets last_used_at to `now` when it is older than `olderThan`. */
  abstract touch(sessionId: number, now: Date, olderThan: Date): Promise<void>;
  /** Active sessions of a user, newest first. */
  abstract listActiveForUser(accountId: number, userId: number, now: Date): Promise<MobileSession[]>;
  /** Revokes one active session; false when there is none with that id for the account (and user, when given). */
  abstract revoke(scope: { accountId: number; userId?: number; sessionId: number }, reason: RevokeReason, now: Date): Promise<boolean>;
  /** Revokes every active session of a user except `exceptSessionId`; returns how many. */
  abstract revokeForUser(accountId: number, userId: number, reason: RevokeReason, now: Date, exceptSessionId?: number | null): Promise<number>;
  abstract revokeForAccount(accountId: number, reason: RevokeReason, now: Date): Promise<number>;
}
