import type Redis from 'ioredis';
import type { Account } from '@app/domain/shared/account';
import type { AccountAdminService } from '@app/domain/accounts/account-admin.service';
import type { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { newPasswordProblem } from '@app/domain/auth/password-policy';
import { found, RateLimited, ValidationFailed } from '@app/domain/shared/domain-error';
import { isValidEmail } from '@app/domain/shared/email';
import type { SecretHasher } from '@app/domain/shared/secret.port';
import { validateGstin } from '@app/domain/tax/gstin';
import type { PasswordHasher, User, UserRepository } from '@app/domain/users/user.repository.port';
import type { ConsoleConfig } from '@app/infra/config/console-config';
import type { ConsoleMail } from './console-mail';

export interface SignupInput {
  business_name: string;
  email: string;
  password: string;
  gstin: string;
}

export interface SignupDeps {
  redis: Redis;
  prefix: string;
  config: ConsoleConfig;
  /** RATE_LIMIT: sign-ups counted per address and per email. */
  rateLimit: boolean;
  admin: AccountAdminService;
  accounts: AccountRepository;
  users: UserRepository;
  passwords: PasswordHasher;
  secrets: SecretHasher;
  mail: ConsoleMail;
  /** Read at each mail, so the links name the address the service answers on. */
  site: { readonly publicBaseUrl: string };
}

/** A verification link is good for 24 hours (SPEC, issue of the console). */
export const SIGNUP_TTL_SECONDS = 24 * 60 * 60;
const HOUR = 3600;

interface PendingSignup {
  name: string;
  email: string;
  gstin: string | null;
  passwordHash: string;
}

/**
 * Self sign-up: the form is checked (the password policy of the spec, the GSTIN with its check character), the
 * password hashed, and the pending sign-up kept in Redis for 24 hours under the SHA-256 of a one-time code that is
 * mailed as a link. Only the code's verification makes the account (Free plan, the owner with every permission,
 * through AccountAdminService as the admin CLI does). An email already registered is told so by mail, and the form
 * answers the same either way, so the page never tells who has an account.
 */
export class ConsoleSignups {
  constructor(private readonly deps: SignupDeps) {}

  async request(input: SignupInput, ip: string | null): Promise<void> {
    const errors: Record<string, string> = {};
    const name = input.business_name.trim();
    const email = input.email.trim().toLowerCase();
    const gstin = input.gstin.trim().toUpperCase() || null;
    if (!name) errors.business_name = 'is required';
    else if ([...name].length > 100) errors.business_name = 'must be at most 100 characters';
    if (!isValidEmail(email) || email.length > 100) errors.email = 'must be a valid email address';
    const passwordProblem = newPasswordProblem(input.password);
    if (passwordProblem) errors.password = passwordProblem;
    if (gstin) {
      const check = validateGstin(gstin);
      if (!check.ok) errors.gstin = check.reason;
    }
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    await this.countAttempt(ip, email);

    const base = `${this.deps.site.publicBaseUrl}/console`;
    if (await this.deps.users.findByUsername(email)) {
      await this.deps.mail.send(email, 'You already have an account', [
        'Someone (perhaps you) tried to sign up for the invoicing console with this email address, which already has an account.',
        'If you forgot your password, reset it from the sign-in page. If it was not you, ignore this message.',
      ]);
      return;
    }
    const code = this.deps.secrets.randomToken(32);
    const pending: PendingSignup = { name, email, gstin, passwordHash: await this.deps.passwords.hash(input.password) };
    await this.deps.redis.set(this.key(code), JSON.stringify(pending), 'EX', SIGNUP_TTL_SECONDS);
    await this.deps.mail.send(
      email,
      'Verify your email address',
      [`Welcome! Confirm ${email} to finish setting up ${name} on the invoicing console.`, 'The link is valid for 24 hours.'],
      { label: 'Verify my email address', url: `${base}/verify#${code}` },
    );
  }

  /** Makes the account of a pending sign-up (once: the code is used up); ValidationFailed when it is unknown or expired. */
  async verify(code: string): Promise<{ account: Account; user: User }> {
    const raw = /^[A-Za-z0-9_-]{20,100}$/.test(code) ? await this.deps.redis.getdel(this.key(code)) : null;
    if (!raw) throw ValidationFailed.field('code', 'is not valid or has expired (sign up again)');
    const pending = JSON.parse(raw) as PendingSignup;
    const created = await this.deps.admin.create({
      name: pending.name,
      email: pending.email,
      gstin: pending.gstin,
      plan: 'free',
      username: pending.email,
      passwordHash: pending.passwordHash,
    });
    const account = found(await this.deps.accounts.findById(created.account_id), 'Account', created.account_id);
    const user = found(await this.deps.users.findById(created.account_id, created.user_id ?? 0), 'User', created.user_id ?? 0);
    return { account, user };
  }

  /** One more sign-up from this address and for this email; RateLimited past the hourly limits (RATE_LIMIT=on). */
  private async countAttempt(ip: string | null, email: string): Promise<void> {
    if (!this.deps.rateLimit) return;
    const keys: Array<[string, number]> = [
      [`${this.deps.prefix}signup-ip:${ip ?? 'unknown'}`, this.deps.config.signupsPerIpPerHour],
      [`${this.deps.prefix}signup-email:${this.deps.secrets.hash(email)}`, this.deps.config.signupsPerEmailPerHour],
    ];
    for (const [key, limit] of keys) {
      const [[, count], [, ttl]] = (await this.deps.redis.multi().incr(key).ttl(key).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await this.deps.redis.expire(key, HOUR);
      if (count > limit) throw new RateLimited(ttl > 0 ? ttl : HOUR);
    }
  }

  private key(code: string): string {
    return `${this.deps.prefix}signup:${this.deps.secrets.hash(code)}`;
  }
}
