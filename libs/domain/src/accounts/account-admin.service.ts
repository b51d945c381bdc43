import { AccountRepository } from './account.repository.port';
import { PlanCode } from '../shared/account';
import { UserRepository, PasswordHasher } from '../users/user.repository.port';
import { SecretHasher } from '../shared/secret.port';
import { TransactionRunner } from '../shared/transaction.port';
import { Conflict, NotFound, ValidationFailed } from '../shared/domain-error';
import { isSupportedCurrency, DEFAULT_CURRENCY } from '../shared/currency';
import { isValidEmail } from '../shared/email';
import { PERMISSION_KEYS } from '../shared/principal';
import { validateGstin } from '../tax/gstin';

export interface CreateAccountInput {
  name: string;
  email: string;
  gstin?: string | null;
  currency?: string;
  plan?: string;
  expires?: string | null;
  username?: string | null;
  password?: string | null;
  /** The owner's password already hashed (a console sign-up keeps only the hash until the email is verified). */
  passwordHash?: string | null;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 'Y-m-d H:i:s' naming a real moment (no 2030-02-30 or 25:00:00, which the database would refuse). */
function isTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/** Operator actions on accounts (the admin CLI): create, suspend, plans, key rotation. */
export class AccountAdminService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly passwords: PasswordHasher,
    private readonly secrets: SecretHasher,
    private readonly tx: TransactionRunner,
  ) {}

  async create(input: CreateAccountInput): Promise<{ account_id: number; api_key: string; user_id: number | null }> {
    const errors: Record<string, string> = {};
    const name = (input.name ?? '').trim();
    const email = (input.email ?? '').trim();
    if (!name) errors.name = 'is required';
    if (!isValidEmail(email)) errors.email = 'must be a valid email address';
    const gstin = input.gstin ? input.gstin.trim().toUpperCase() : null;
    if (gstin) {
      const check = validateGstin(gstin);
      if (!check.ok) errors.gstin = check.reason;
    }
    const currency = (input.currency ?? DEFAULT_CURRENCY).toUpperCase();
    if (!isSupportedCurrency(currency)) errors.currency = 'is not a supported currency';
    const plan = (input.plan ?? 'free') as PlanCode;
    if (plan !== 'free' && plan !== 'pro') errors.plan = 'must be free or pro';
    if (input.expires && !isTimestamp(input.expires)) errors.expires = 'must be Y-m-d H:i:s';
    if (input.username || input.password || input.passwordHash) {
      if (!input.username?.trim()) errors.username = 'is required with --password';
      if (!input.password && !input.passwordHash) errors.password = 'is required with --username';
    }
    if (Object.keys(errors).length) throw new ValidationFailed(errors);

    const apiKey = this.newApiKey();
    return this.tx.run(async () => {
      const accountId = await this.accounts.create(
        {
          businessName: name,
          businessEmail: email,
          currency,
          gstin,
          pan: gstin ? gstin.slice(2, 12) : null,
          plan,
          subscriptionExpiresAt: input.expires ?? null,
        },
        { hash: this.secrets.hash(apiKey), masked: maskApiKey(apiKey) },
      );
      let userId: number | null = null;
      if (input.username && (input.password || input.passwordHash)) {
        const username = input.username.trim();
        if (await this.users.findByUsername(username)) throw new Conflict('This username is taken.', { username });
        userId = await this.users.create(accountId, {
          username,
          passwordHash: input.passwordHash ?? (await this.passwords.hash(input.password ?? '')),
          permissions: [...PERMISSION_KEYS],
          isOwner: true,
        });
      }
      return { account_id: accountId, api_key: apiKey, user_id: userId };
    });
  }

  async setSuspended(accountId: number, suspended: boolean): Promise<void> {
    await this.require(accountId);
    await this.accounts.setSuspended(accountId, suspended);
  }

  async setPlan(accountId: number, plan: string, expires: string | null): Promise<void> {
    if (plan !== 'free' && plan !== 'pro') throw ValidationFailed.field('plan', 'must be free or pro');
    if (expires && !isTimestamp(expires)) throw ValidationFailed.field('expires', 'must be Y-m-d H:i:s');
    await this.require(accountId);
    await this.accounts.setPlan(accountId, plan, expires);
  }

  /** Issues a new key; the previous one stops working at once. */
  async rotateKey(accountId: number): Promise<{ api_key: string }> {
    await this.require(accountId);
    const apiKey = this.newApiKey();
    await this.accounts.setApiKey(accountId, { hash: this.secrets.hash(apiKey), masked: maskApiKey(apiKey) });
    return { api_key: apiKey };
  }

  private newApiKey(): string {
    return `ik_${this.secrets.randomToken(32)}`;
  }

  private async require(accountId: number): Promise<void> {
    if (!(await this.accounts.findById(accountId))) throw NotFound.of('Account', accountId);
  }
}

/** The key's prefix and last four characters, the rest hidden. */
export function maskApiKey(apiKey: string): string {
  return `${apiKey.slice(0, 3)}${'*'.repeat(8)}${apiKey.slice(-4)}`;
}
