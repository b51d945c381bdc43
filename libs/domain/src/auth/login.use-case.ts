import { Account } from '../accounts/account';
import { ActivityLog } from '../activity/activity-log.port';
import { AccountRepository } from '../accounts/account.repository.port';
import { effectivePlan, PlanPolicy } from '../accounts/plan';
import { Clock } from '../shared/clock.port';
import { AccountSuspended, SessionLimit, Unauthorized } from '../shared/domain-error';
import { SecretHasher } from '../shared/secret.port';
import { TransactionRunner } from '../shared/transaction.port';
import { PasswordHasher, User, UserRepository } from '../users/user.repository.port';
import { deviceInfo } from './device-info';
import { LoginThrottle } from './login-throttle.port';
import { meetsPasswordPolicy } from './password-policy';
import { SessionRepository } from './session.repository.port';
import { IssuedTokens, issueTokens, SessionPolicy } from './session-tokens';

export interface LoginInput {
  username: string;
  password: string;
  ip: string | null;
  userAgent?: string | null;
  deviceName?: string | null;
  platform?: string | null;
}

export interface LoginResult {
  sessionId: number;
  tokens: IssuedTokens;
  user: User;
  account: Account;
  passwordUpgradeRequired: boolean;
}

export const BAD_CREDENTIALS = 'The username or password is not correct.';
export const ACCOUNT_DELETED = 'This account has been deleted.';

/**
 * Mobile sign-in. An unknown username costs one bcrypt verification too (against a dummy hash made at
 * the configured cost), so both failures take about the same time and say the same thing.
 */
export class LoginUseCase {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionRepository,
    private readonly passwords: PasswordHasher,
    private readonly secrets: SecretHasher,
    private readonly throttle: LoginThrottle,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly plans: PlanPolicy,
    private readonly policy: SessionPolicy,
    private readonly activity: ActivityLog,
  ) {}

  /** Makes the dummy hash ahead of the first request. */
  async warmUp(): Promise<void> {
    await this.dummy();
  }

  async execute(input: LoginInput): Promise<LoginResult> {
    const attempt = { username: input.username, ip: input.ip };
    await this.throttle.assertAllowed(attempt);
    const user = await this.users.findByUsername(input.username);
    const matches = user
      ? await this.passwords.verify(input.password, user.passwordHash)
      : (await this.passwords.verify(input.password, await this.dummy())) && false;
    if (!user || !matches) {
      await this.throttle.recordFailure(attempt);
      throw new Unauthorized(BAD_CREDENTIALS);
    }
    await this.throttle.recordSuccess(attempt);

    const account = await this.accounts.findById(user.accountId);
    if (!account || account.deleted) throw new Unauthorized(ACCOUNT_DELETED);
    if (account.suspended) throw new AccountSuspended();

    const now = this.clock.now();
    const tokens = issueTokens(this.secrets, this.policy, now);
    const device = deviceInfo(input);
    const sessionId = await this.tx.run(async () => {
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
      const id = await this.sessions.create({
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
      // The sign-in is recorded with the session, so the login alert of the team feed cannot be lost.
      await this.activity.append({
        accountId: account.id,
        actorKind: 'user',
        actorUserId: user.id,
        action: 'signed_in',
        entityType: 'session',
        entityId: id,
        label: device.deviceName,
        before: null,
        after: { device_name: device.deviceName, platform: device.platform },
        occurredAt: now,
      });
      return id;
    });
    return { sessionId, tokens, user, account, passwordUpgradeRequired: !meetsPasswordPolicy(input.password) };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.passwords.hash(`not-a-password:${this.secrets.randomToken(16)}`);
    return this.dummyHash;
  }
}
