import { AccountRepository } from '../accounts/account.repository.port';
import { Clock } from '../shared/clock.port';
import { constantTimeEqual } from '../shared/constant-time';
import { AccountSuspended, Unauthorized } from '../shared/domain-error';
import { SecretHasher } from '../shared/secret.port';
import { UserRepository } from '../users/user.repository.port';
import { isSessionActive } from './session';
import { SessionRepository } from './session.repository.port';
import { IssuedTokens, issueTokens, looksLikeToken, REFRESH_TOKEN_PREFIX, SessionPolicy } from './session-tokens';

export const INVALID_REFRESH = 'The refresh token is not valid or has expired.';

export interface RefreshResult {
  sessionId: number;
  tokens: IssuedTokens;
}

/**
 * Refresh rotates both tokens. A refresh token that was already rotated away (a copy used again, by the
 * app or by whoever stole it) revokes the whole session, so both holders must sign in again.
 */
export class RefreshSession {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  async execute(refreshToken: string): Promise<RefreshResult> {
    if (!looksLikeToken(refreshToken, REFRESH_TOKEN_PREFIX)) throw new Unauthorized(INVALID_REFRESH);
    const hash = this.secrets.hash(refreshToken);
    const now = this.clock.now();
    const session = await this.sessions.findByRefreshTokenHash(hash);
    if (!session || !constantTimeEqual(session.refreshTokenHash, hash)) {
      const reused = await this.sessions.findByRetiredRefreshHash(hash);
      if (reused) await this.sessions.revoke({ accountId: reused.accountId, sessionId: reused.id }, 'refresh_reuse', now);
      throw new Unauthorized(INVALID_REFRESH);
    }
    if (!isSessionActive(session, now)) throw new Unauthorized(INVALID_REFRESH);

    const account = await this.accounts.findById(session.accountId);
    if (!account || account.deleted) throw new Unauthorized('This account has been deleted.');
    if (account.suspended) throw new AccountSuspended();
    if (!(await this.users.findById(session.accountId, session.userId))) {
      await this.sessions.revoke({ accountId: session.accountId, sessionId: session.id }, 'user_deleted', now);
      throw new Unauthorized(INVALID_REFRESH);
    }

    const tokens = issueTokens(this.secrets, this.policy, now);
    if (!(await this.sessions.rotate(session.id, hash, tokens, now))) {
      // Another request rotated this token first: this use is a reuse.
      await this.sessions.revoke({ accountId: session.accountId, sessionId: session.id }, 'refresh_reuse', now);
      throw new Unauthorized(INVALID_REFRESH);
    }
    return { sessionId: session.id, tokens };
  }
}
