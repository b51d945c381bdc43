import { createHash, randomBytes } from 'node:crypto';
import { Account, NewAccount, PlanCode } from '../src/accounts/account';
import { AccountRepository, ApiKeyRecord } from '../src/accounts/account.repository.port';
import { DeletedAccounts } from '../src/accounts/deleted-accounts.port';
import { ActivityEvent, ActivityLog } from '../src/activity/activity-log.port';
import { LoginAttempt, LoginThrottle } from '../src/auth/login-throttle.port';
import { Clock } from '../src/shared/clock.port';
import { RateLimited } from '../src/shared/domain-error';
import { SecretHasher } from '../src/shared/secret.port';
import { TransactionRunner } from '../src/shared/transaction.port';

/** A clock that moves only when told. */
export class FixedClock extends Clock {
  constructor(private current = new Date('2025-06-01T10:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** Real randomness and SHA-256, as the Node adapter. */
export class TestSecretHasher extends SecretHasher {
  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}

/** Runs the work directly (no rollback: tests check what a failure leaves untouched by other means). */
export class DirectTransactionRunner extends TransactionRunner {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}

export class InMemoryActivityLog extends ActivityLog {
  readonly events: ActivityEvent[] = [];
  async append(event: ActivityEvent): Promise<void> {
    this.events.push(event);
  }
}

export function testAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 1, businessName: 'Acme Traders', businessEmail: 'acme@example.com', currency: 'INR', gstin: null, pan: null,
    address: null, stateCode: null, phone: null, logoUrl: null, plan: 'free', subscriptionExpiresAt: null,
    suspended: false, deleted: false, apiKeyMasked: null, ...overrides,
  };
}

/** Accounts in a Map; only what the auth use cases read and write. */
export class InMemoryAccountRepository extends AccountRepository {
  readonly rows = new Map<number, Account>();

  put(account: Account): Account {
    this.rows.set(account.id, { ...account });
    return account;
  }
  async findById(accountId: number): Promise<Account | null> {
    const a = this.rows.get(accountId);
    return a ? { ...a } : null;
  }
  async findByApiKeyHash(): Promise<Account | null> {
    return null;
  }
  async create(account: NewAccount, apiKey: ApiKeyRecord): Promise<number> {
    const id = this.rows.size + 1;
    this.put(testAccount({ ...account, id, apiKeyMasked: apiKey.masked }));
    return id;
  }
  async setApiKey(): Promise<void> {}
  async updateProfile(accountId: number, profile: Partial<Account>): Promise<void> {
    const a = this.rows.get(accountId);
    if (a) Object.assign(a, profile);
  }
  async setSuspended(accountId: number, suspended: boolean): Promise<void> {
    const a = this.rows.get(accountId);
    if (a) a.suspended = suspended;
  }
  async setPlan(accountId: number, plan: PlanCode, expiresAt: string | null): Promise<void> {
    const a = this.rows.get(accountId);
    if (a) Object.assign(a, { plan, subscriptionExpiresAt: expiresAt });
  }
  async findByGstinsOrEmails() {
    return [];
  }
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
