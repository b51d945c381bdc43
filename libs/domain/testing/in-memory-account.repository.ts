import { NewAccount } from '../src/accounts/account';
import { Account, PlanCode } from '../src/shared/account';
import { AccountRepository, ApiKeyRecord } from '../src/accounts/account.repository.port';
import type { Caller } from '../src/shared/caller';
import { apiKeyPrincipal } from '../src/shared/principal';

/** An account with defaults for every field a test does not care about. */
export function makeAccount(overrides: Partial<Account> & { id: number }): Account {
  return {
    businessName: `Business ${overrides.id}`,
    businessEmail: `owner${overrides.id}@example.com`,
    currency: 'INR',
    gstin: null,
    pan: null,
    address: null,
    stateCode: null,
    phone: null,
    logoUrl: null,
    plan: 'free',
    subscriptionExpiresAt: null,
    cancelAtPeriodEnd: false,
    suspended: false,
    deleted: false,
    apiKeyMasked: null,
    ...overrides,
  };
}

/** A paying (pro) account of id `id`, owned at b<id>@example.com, as the document services' tests start from. */
export function proAccount(id: number, overrides: Partial<Account> = {}): Account {
  return makeAccount({ businessEmail: `b${id}@example.com`, plan: 'pro', ...overrides, id });
}

/** The account's own API key calling. */
export function apiKeyCaller(account: Account): Caller {
  return { principal: apiKeyPrincipal(account.id), account };
}

/**
 * Accounts in a Map, with the semantics of the MySQL adapter: business emails and GSTINs compare
 * case-insensitively (the columns' collation), results ordered by id.
 */
export class InMemoryAccountRepository extends AccountRepository {
  readonly rows = new Map<number, Account>();
  private readonly keyHashes = new Map<number, string>();
  private nextId = 1;

  /** Stores an account (id given or next free) and returns a copy. */
  add(overrides: Partial<Account> = {}): Account {
    const id = overrides.id ?? this.nextId;
    this.nextId = Math.max(this.nextId, id + 1);
    const account = makeAccount({ ...overrides, id });
    this.rows.set(id, account);
    return { ...account };
  }

  /** Stores a fully built account as it is. */
  put(account: Account): Account {
    this.rows.set(account.id, { ...account });
    this.nextId = Math.max(this.nextId, account.id + 1);
    return account;
  }

  /** Changes stored fields directly (what the dashboard or SQL would do). */
  patch(accountId: number, changes: Partial<Account>): void {
    const row = this.rows.get(accountId);
    if (!row) throw new Error(`no account ${accountId}`);
    Object.assign(row, changes);
  }

  apiKeyHashOf(accountId: number): string | null {
    return this.keyHashes.get(accountId) ?? null;
  }

  async findById(accountId: number): Promise<Account | null> {
    const row = this.rows.get(accountId);
    return row ? { ...row } : null;
  }

  async findByApiKeyHash(hash: string): Promise<Account | null> {
    for (const [id, stored] of this.keyHashes) if (stored === hash) return this.findById(id);
    return null;
  }

  async create(account: NewAccount, apiKey: ApiKeyRecord): Promise<number> {
    const { id } = this.add({
      ...account,
      stateCode: account.gstin ? account.gstin.slice(0, 2) : null,
      apiKeyMasked: apiKey.masked,
      apiKeyCreatedAt: nowText(),
    });
    this.keyHashes.set(id, apiKey.hash);
    return id;
  }

  async setApiKey(accountId: number, apiKey: ApiKeyRecord): Promise<void> {
    if (!this.rows.has(accountId)) return;
    this.keyHashes.set(accountId, apiKey.hash);
    this.patch(accountId, { apiKeyMasked: apiKey.masked, apiKeyCreatedAt: nowText() });
  }

  async updateProfile(accountId: number, profile: Partial<Account>): Promise<void> {
    if (this.rows.has(accountId)) this.patch(accountId, profile);
  }

  async setSuspended(accountId: number, suspended: boolean): Promise<void> {
    if (this.rows.has(accountId)) this.patch(accountId, { suspended });
  }

  async setPlan(accountId: number, plan: PlanCode, expiresAt: string | null): Promise<void> {
    if (this.rows.has(accountId)) this.patch(accountId, { plan, subscriptionExpiresAt: expiresAt, cancelAtPeriodEnd: false });
  }

  async findByGstinsOrEmails(exceptAccountId: number, gstins: string[], emails: string[]) {
    const lowered = new Set(emails.map((e) => e.toLowerCase()));
    const upperGstins = new Set(gstins.map((g) => g.toUpperCase()));
    return [...this.rows.values()]
      .filter((a) => a.id !== exceptAccountId)
      .filter((a) => (a.gstin !== null && upperGstins.has(a.gstin.toUpperCase())) || (a.businessEmail !== null && lowered.has(a.businessEmail.toLowerCase())))
      .sort((x, y) => x.id - y.id)
      .map((a) => ({ ...a }));
  }
}

const nowText = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
