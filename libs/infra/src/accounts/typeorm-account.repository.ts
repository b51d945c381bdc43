import { NewAccount } from '@app/domain/accounts/account';
import { Account, PlanCode } from '@app/domain/shared/account';
import { DEFAULT_TIME_ZONE } from '@app/domain/shared/time-zone';
import { AccountProfile, AccountRepository, ApiKeyRecord } from '@app/domain/accounts/account.repository.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { AccountRow } from './account.entity';

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    businessName: row.businessName,
    businessEmail: row.businessEmail,
    currency: row.currency,
    gstin: row.gstin,
    pan: row.pan,
    address: row.address,
    stateCode: row.stateCode,
    phone: row.phone,
    logoUrl: row.logoUrl,
    // Only an account that chose another zone carries one (absent: Asia/Kolkata).
    ...(row.timeZone && row.timeZone !== DEFAULT_TIME_ZONE ? { timeZone: row.timeZone } : {}),
    plan: row.plan === 'pro' ? 'pro' : 'free',
    subscriptionExpiresAt: row.subscriptionExpiresAt,
    cancelAtPeriodEnd: Number(row.cancelAtPeriodEnd) === 1,
    suspended: row.suspendedAt !== null,
    deleted: row.deletedAt !== null,
    apiKeyMasked: row.apiKeyMasked,
    apiKeyCreatedAt: row.apiKeyCreatedAt,
  };
}

/** The row's columns under the entity's property names, for raw lookups on hot paths. */
const ACCOUNT_COLUMN_LIST = [
  'id',
  'business_name AS businessName',
  'business_email AS businessEmail',
  'currency',
  'business_gstin AS gstin',
  'business_pan AS pan',
  'business_address AS address',
  'state_code AS stateCode',
  'phone',
  'logo_url AS logoUrl',
  'time_zone AS timeZone',
  'plan',
  'subscription_expires_at AS subscriptionExpiresAt',
  'subscription_cancel_at_period_end AS cancelAtPeriodEnd',
  'suspended_at AS suspendedAt',
  'deleted_at AS deletedAt',
  'api_key_masked AS apiKeyMasked',
  'api_key_created_at AS apiKeyCreatedAt',
];
const ACCOUNT_COLUMNS = ACCOUNT_COLUMN_LIST.join(', ');

/** The same columns of table alias `alias`, each property name prefixed with `prefix` (to read an account beside other rows). */
export function accountColumns(alias: string, prefix: string): string {
  return ACCOUNT_COLUMN_LIST.map((c) => {
    const [column, property = column] = c.split(' AS ');
    return `${alias}.${column} AS ${prefix}${property}`;
  }).join(', ');
}

/** The account of a row read with `accountColumns(alias, prefix)`. */
export function accountOfPrefixed(row: Record<string, unknown>, prefix: string): Account {
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(row)) if (key.startsWith(prefix)) own[key.slice(prefix.length)] = row[key];
  return toAccount(own as unknown as AccountRow);
}

export class TypeormAccountRepository extends AccountRepository {
  constructor(private readonly db: Database) {
    super();
  }

  private repo() {
    return this.db.manager().getRepository(AccountRow);
  }

  async findById(accountId: number): Promise<Account | null> {
    const [row] = await this.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ? LIMIT 1`, [accountId]);
    return row ? toAccount(row) : null;
  }

  /** On every API-key request: one indexed lookup, without the query builder. */
  async findByApiKeyHash(hash: string): Promise<Account | null> {
    // Every API-key request asks this: a prepared statement (see Database.execute).
    const [row] = await this.db.execute<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE api_key_hash = ? LIMIT 1`, [hash]);
    return row ? toAccount(row) : null;
  }

  async create(account: NewAccount, apiKey: ApiKeyRecord): Promise<number> {
    const now = sqlNow();
    const result = await this.repo().insert({
      businessName: account.businessName,
      businessEmail: account.businessEmail,
      currency: account.currency,
      gstin: account.gstin,
      pan: account.pan,
      stateCode: account.gstin ? account.gstin.slice(0, 2) : null,
      plan: account.plan,
      subscriptionExpiresAt: account.subscriptionExpiresAt,
      apiKeyHash: apiKey.hash,
      apiKeyMasked: apiKey.masked,
      apiKeyCreatedAt: sqlNow(),
      createdAt: now,
      updatedAt: now,
    });
    return result.identifiers[0].id as number;
  }

  async setApiKey(accountId: number, apiKey: ApiKeyRecord): Promise<void> {
    await this.repo().update({ id: accountId }, { apiKeyHash: apiKey.hash, apiKeyMasked: apiKey.masked, apiKeyCreatedAt: sqlNow(), updatedAt: sqlNow() });
  }

  async updateProfile(accountId: number, profile: AccountProfile): Promise<void> {
    await this.repo().update({ id: accountId }, { ...profile, updatedAt: sqlNow() });
  }

  async setSuspended(accountId: number, suspended: boolean): Promise<void> {
    await this.repo().update({ id: accountId }, { suspendedAt: suspended ? sqlNow() : null, updatedAt: sqlNow() });
  }

  async setPlan(accountId: number, plan: PlanCode, expiresAt: string | null): Promise<void> {
    await this.repo().update({ id: accountId }, { plan, subscriptionExpiresAt: expiresAt, cancelAtPeriodEnd: 0, updatedAt: sqlNow() });
  }

  async findByGstinsOrEmails(exceptAccountId: number, gstins: string[], emails: string[]) {
    if (!gstins.length && !emails.length) return [];
    const qb = this.repo().createQueryBuilder('a').where('a.id <> :except', { except: exceptAccountId });
    const ors: string[] = [];
    if (gstins.length) ors.push('a.business_gstin IN (:...gstins)');
    if (emails.length) ors.push('a.business_email IN (:...emails)');
    qb.andWhere(`(${ors.join(' OR ')})`, { gstins, emails }).orderBy('a.id', 'ASC');
    return (await qb.getMany()).map(toAccount);
  }
}
