import { Account } from '../shared/account';
import { effectivePlan, PlanPolicy } from '../accounts/plan';
import { SessionLimit } from '../shared/domain-error';
import { SecretHasher } from '../shared/secret.port';
import { User } from '../users/user.repository.port';
import { DeviceInfo } from './device-info';
import { SessionRepository } from './session.repository.port';
import { IssuedTokens, issueTokens, SessionPolicy } from './session-tokens';

/**
 * A new mobile session within the plan's device limit: the account row is locked so two sign-ins cannot
 * both take the last free device, then the session is stored with fresh tokens of the session policy.
 * Runs inside the caller's transaction.
 */
export class SessionOpening {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly plans: PlanPolicy,
    private readonly secrets: SecretHasher,
    private readonly policy: SessionPolicy,
  ) {}

  /** Fresh tokens of the policy, issued at `now`. */
  tokens(now: Date): IssuedTokens {
    return issueTokens(this.secrets, this.policy, now);
  }

  /** Stores the session of `tokens`; SessionLimit when the account already has its plan's devices signed in. */
  async open(account: Account, user: User, device: DeviceInfo, tokens: IssuedTokens, now: Date): Promise<number> {
    await this.sessions.lockAccount(account.id);
    const plan = effectivePlan(account, now);
    const limit = this.plans[plan].sessions;
    const active = await this.sessions.countActive(account.id, now);
    if (active >= limit) {
      throw new SessionLimit(`The ${plan} plan allows ${limit} signed-in devices; sign out on another device or revoke one of its sessions first.`, {
        limit,
        plan,
      });
    }
    return this.sessions.create({
      accountId: account.id,
      userId: user.id,
      accessTokenHash: tokens.accessTokenHash,
      refreshTokenHash: tokens.refreshTokenHash,
      deviceName: device.deviceName,
      platform: device.platform,
      userAgent: device.userAgent,
      createdAt: now,
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
    });
  }
}
