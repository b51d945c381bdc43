import { Account } from '../shared/account';
import { ActivityLog } from '../activity/activity-log.port';
import { AccountRepository } from '../accounts/account.repository.port';
import { Clock } from '../shared/clock.port';
import { AccountSuspended, Unauthorized } from '../shared/domain-error';
import { TransactionRunner } from '../shared/transaction.port';
import { User } from '../users/user.repository.port';
import { deviceInfo } from './device-info';
import { meetsPasswordPolicy } from './password-policy';
import { IssuedTokens } from './session-tokens';
import { SessionOpening } from './session-opening';
import { SignInCheck } from './sign-in-check';

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

export const ACCOUNT_DELETED = 'This account has been deleted.';

/** Mobile sign-in: the credentials (SignInCheck), the account's state, then a session within the plan's devices. */
export class LoginUseCase {
  constructor(
    private readonly check: SignInCheck,
    private readonly accounts: AccountRepository,
    private readonly opening: SessionOpening,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityLog,
  ) {}

  /** Makes the dummy hash ahead of the first request. */
  warmUp(): Promise<void> {
    return this.check.warmUp();
  }

  async execute(input: LoginInput): Promise<LoginResult> {
    const user = await this.check.verify({ username: input.username, ip: input.ip }, input.password);

    const account = await this.accounts.findById(user.accountId);
    if (!account || account.deleted) throw new Unauthorized(ACCOUNT_DELETED);
    if (account.suspended) throw new AccountSuspended();

    const now = this.clock.now();
    const tokens = this.opening.tokens(now);
    const device = deviceInfo(input);
    const sessionId = await this.tx.run(async () => {
      const id = await this.opening.open(account, user, device, tokens, now);
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
}
