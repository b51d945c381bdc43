import { createHash, randomBytes } from 'node:crypto';
export { FakeClock as FixedClock } from './fake-clock';
export { ImmediateTransactionRunner as DirectTransactionRunner } from './immediate-transaction-runner';
export { InMemoryActivityLog } from './in-memory-activity-log';
export { InMemoryAccountRepository } from './in-memory-account.repository';
import { InMemoryAccountRepository, makeAccount } from './in-memory-account.repository';
import { Account } from '../src/shared/account';
import { DeletedAccounts } from '../src/accounts/deleted-accounts.port';
import { LoginAttempt, LoginThrottle } from '../src/auth/login-throttle.port';
import { RateLimited } from '../src/shared/domain-error';
import { SecretHasher } from '../src/shared/secret.port';

/** Real randomness and SHA-256, as the Node adapter. */
export class TestSecretHasher extends SecretHasher {
  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}

/** The account most unit tests use; the defaults of every other field come from `makeAccount`. */
export function testAccount(overrides: Partial<Account> = {}): Account {
  return makeAccount({ id: 1, businessName: 'Acme Traders', businessEmail: 'acme@example.com', ...overrides });
}

export class InMemoryDeletedAccounts extends DeletedAccounts {
  constructor(private readonly accounts: InMemoryAccountRepository) {
    super();
  }
  async markDeleted(accountId: number): Promise<void> {
    const a = this.accounts.rows.get(accountId);
    if (a) a.deleted = true;
  }
}

/** Fixed-window failure counts per lowercased username and per address, as the Redis adapter keeps them. */
export class InMemoryLoginThrottle extends LoginThrottle {
  readonly failures = new Map<string, number>();
  constructor(
    private readonly maxPerUser = 10,
    private readonly maxPerIp = 50,
    private readonly windowSeconds = 900,
  ) {
    super();
  }
  async assertAllowed(attempt: LoginAttempt): Promise<void> {
    if ((this.failures.get(userKey(attempt)) ?? 0) >= this.maxPerUser) throw new RateLimited(this.windowSeconds);
    if (attempt.ip && (this.failures.get(ipKey(attempt)) ?? 0) >= this.maxPerIp) throw new RateLimited(this.windowSeconds);
  }
  async recordFailure(attempt: LoginAttempt): Promise<void> {
    this.failures.set(userKey(attempt), (this.failures.get(userKey(attempt)) ?? 0) + 1);
    if (attempt.ip) this.failures.set(ipKey(attempt), (this.failures.get(ipKey(attempt)) ?? 0) + 1);
  }
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    this.failures.delete(userKey(attempt));
  }
}

const userKey = (a: LoginAttempt) => `u:${a.username.trim().toLowerCase()}`;
const ipKey = (a: LoginAttempt) => `ip:${a.ip}`;
