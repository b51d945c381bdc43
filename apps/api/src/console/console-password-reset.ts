import type Redis from 'ioredis';
import { newPasswordProblem } from '@app/domain/auth/password-policy';
import type { Clock } from '@app/domain/shared/clock.port';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import type { SecretHasher } from '@app/domain/shared/secret.port';
import type { TransactionRunner } from '@app/domain/shared/transaction.port';
import type { UserCredentials } from '@app/domain/users/user-credentials';
import type { UserRepository } from '@app/domain/users/user.repository.port';
import type { ConsoleMail } from './console-mail';

export interface PasswordResetDeps {
  redis: Redis;
  prefix: string;
  users: UserRepository;
  credentials: UserCredentials;
  secrets: SecretHasher;
  tx: TransactionRunner;
  clock: Clock;
  mail: ConsoleMail;
  /** Read at each mail, so the links name the address the service answers on. */
  site: { readonly publicBaseUrl: string };
}

/** A reset link is good for one hour. */
export const RESET_TTL_SECONDS = 3600;

/**
 * Forgotten password: a one-time code mailed to the user whose username is the email given (owners sign up with
 * their email as username), kept in Redis as its SHA-256 for an hour. The form answers the same whether or not
 * such a user exists. The new password follows the policy and ends every session of the user.
 */
export class ConsolePasswordReset {
  constructor(private readonly deps: PasswordResetDeps) {}

  async request(email: string): Promise<void> {
    const username = email.trim().toLowerCase();
    const user = username ? await this.deps.users.findByUsername(username) : null;
    if (!user || !username.includes('@')) return;
    const code = this.deps.secrets.randomToken(32);
    await this.deps.redis.set(this.key(code), JSON.stringify({ accountId: user.accountId, userId: user.id }), 'EX', RESET_TTL_SECONDS);
    await this.deps.mail.send(
      username,
      'Reset your password',
      [
        'Someone (perhaps you) asked to reset the password of your invoicing console account.',
        'The link is valid for one hour; if it was not you, ignore this message.',
      ],
      { label: 'Choose a new password', url: `${this.deps.site.publicBaseUrl}/console/reset#${code}` },
    );
  }

  async reset(code: string, password: string, confirm: string): Promise<void> {
    const problem = newPasswordProblem(password);
    if (problem) throw ValidationFailed.field('password', problem);
    if (password !== confirm) throw ValidationFailed.field('confirm_password', 'must match the password');
    const raw = /^[A-Za-z0-9_-]{20,100}$/.test(code) ? await this.deps.redis.getdel(this.key(code)) : null;
    if (!raw) throw ValidationFailed.field('code', 'is not valid or has expired (ask for a new link)');
    const { accountId, userId } = JSON.parse(raw) as { accountId: number; userId: number };
    const hash = await this.deps.credentials.hash(password);
    await this.deps.tx.run(() => this.deps.credentials.replacePassword(accountId, userId, hash, this.deps.clock.now()));
  }

  private key(code: string): string {
    return `${this.deps.prefix}reset:${this.deps.secrets.hash(code)}`;
  }
}
