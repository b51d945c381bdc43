import { Clock } from '../shared/clock.port';
import { constantTimeEqual } from '../shared/constant-time';
import { SecretHasher } from '../shared/secret.port';
import { AccessTokenClaims, AccessTokenVerifier } from './access-token-verifier.port';
import { SessionRepository } from './session.repository.port';
import { ACCESS_TOKEN_PREFIX, addSeconds, looksLikeToken, SessionPolicy } from './session-tokens';

/**
 * Resolves an access token by its hash on every request (no cache, so a revocation takes effect at
 * once) and returns the user's current permission keys. Refreshes last_used_at at most once per interval.
 */
export class SessionAccessTokenVerifier extends AccessTokenVerifier {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {
    super();
  }

  async verify(token: string): Promise<AccessTokenClaims | null> {
    if (!looksLikeToken(token, ACCESS_TOKEN_PREFIX)) return null;
    const hash = this.secrets.hash(token);
    const found = await this.sessions.findByAccessTokenHash(hash);
    if (!found || !constantTimeEqual(found.session.accessTokenHash, hash)) return null;
    const { session } = found;
    const now = this.clock.now();
    if (session.revokedAt !== null || !found.userActive) return null;
    if (session.accessExpiresAt.getTime() <= now.getTime()) return null;
    const staleBefore = addSeconds(now, -this.policy.touchIntervalSeconds);
    if (session.lastUsedAt.getTime() <= staleBefore.getTime()) {
      await this.sessions.touch(session.id, now, staleBefore);
    }
    return {
      accountId: session.accountId,
      userId: session.userId,
      sessionId: session.id,
      permissions: found.permissions,
      user: found.user,
      account: found.account,
    };
  }
}
