import { Account } from '../shared/account';
import { PermissionKey } from '../shared/principal';
import { UserProfile } from '../shared/user-profile';

/** Why a session ended; kept on the row for support and audits. */
export type RevokeReason =
  | 'logout'
  | 'revoked'
  | 'revoked_by_other_session'
  | 'password_changed'
  | 'refresh_reuse'
  | 'user_updated'
  | 'user_deleted'
  | 'account_deleted'
  /** A console sign-in left alone past its idle limit (docs/console.md). */
  | 'idle_timeout';

/** A signed-in device of a mobile user. Token hashes stay inside the domain and the database. */
export interface MobileSession {
  id: number;
  accountId: number;
  userId: number;
  accessTokenHash: string;
  refreshTokenHash: string;
  deviceName: string | null;
  platform: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  revokedAt: Date | null;
}

/** A session as stored at sign-in: not yet used since, not revoked. */
export type NewSession = Omit<MobileSession, 'id' | 'lastUsedAt' | 'revokedAt'>;

/** The hashes and expiries that replace a session's tokens on refresh. */
export interface RotatedTokens {
  accessTokenHash: string;
  refreshTokenHash: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** A session found by its access token, with the user's permissions as they are now. */
export interface SessionAccess {
  session: MobileSession;
  permissions: PermissionKey[];
  /** False when the user was deleted since the session began. */
  userActive: boolean;
  /** The user and its account as read with the session (one statement), when the store reads them there. */
  user?: UserProfile;
  account?: Account | null;
}

/** A session can still be refreshed (and counts against the device cap). */
export function isSessionActive(session: Pick<MobileSession, 'revokedAt' | 'refreshExpiresAt'>, now: Date): boolean {
  return session.revokedAt === null && session.refreshExpiresAt.getTime() > now.getTime();
}
