import { StoreKind, StoreSnapshot, StoreState, StoreSubscription } from '@app/domain/billing/store-subscription';
import { StoreSubscriptionRepository } from '@app/domain/billing/store-subscription.repository.port';
import { BillingSql } from './billing-sql';
import { sqlNow } from '../shared/sql-time';

interface Row {
  id: number;
  account_id: number;
  store: string;
  product_id: string;
  reference_sealed: string;
  state: string;
  access_until: string;
  will_renew: number;
}

const COLUMNS = 's.id, s.account_id, s.store, s.product_id, s.reference_sealed, s.state, s.access_until, s.will_renew';

/** Store subscriptions in MySQL; the store's identifier is sealed, lookups go by the hash of each identifier. */
export class SqlStoreSubscriptionRepository extends StoreSubscriptionRepository {
  constructor(private readonly sql: BillingSql) {
    super();
  }

  private toSubscription = (r: Row): StoreSubscription => ({
    id: Number(r.id),
    accountId: Number(r.account_id),
    store: r.store as StoreKind,
    reference: this.sql.box.open(r.reference_sealed),
    productId: r.product_id,
    state: r.state as StoreState,
    accessUntil: r.access_until,
    willRenew: Number(r.will_renew) === 1,
  });

  async lockAccount(accountId: number): Promise<void> {
    await this.sql.query('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [accountId]);
  }

  async findByKeyHashes(store: StoreKind, keyHashes: string[]): Promise<StoreSubscription[]> {
    if (!keyHashes.length) return [];
    const rows = await this.sql.query<Row[]>(
      `SELECT DISTINCT ${COLUMNS} FROM store_subscription_keys k JOIN store_subscriptions s ON s.id = k.subscription_id
       WHERE k.store = ? AND k.key_hash IN (?) ORDER BY s.id`,
      [store, keyHashes],
    );
    return rows.map(this.toSubscription);
  }

  async listForAccount(accountId: number): Promise<StoreSubscription[]> {
    const rows = await this.sql.query<Row[]>(`SELECT ${COLUMNS} FROM store_subscriptions s WHERE s.account_id = ? ORDER BY s.id`, [accountId]);
    return rows.map(this.toSubscription);
  }

  async create(accountId: number, snapshot: StoreSnapshot, now: Date): Promise<number> {
    const at = sqlNow(now);
    const result = await this.sql.query<{ insertId: number }>(
      `INSERT INTO store_subscriptions (account_id, store, product_id, reference_sealed, state, access_until, will_renew, checked_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        accountId,
        snapshot.store,
        snapshot.productId,
        this.sql.box.seal(snapshot.reference),
        snapshot.state,
        snapshot.accessUntil,
        snapshot.willRenew ? 1 : 0,
        at,
        at,
        at,
      ],
    );
    return Number(result.insertId);
  }

  async update(subscriptionId: number, snapshot: StoreSnapshot, now: Date): Promise<void> {
    const at = sqlNow(now);
    await this.sql.query(
      `UPDATE store_subscriptions SET product_id = ?, reference_sealed = ?, state = ?, access_until = ?, will_renew = ?, checked_at = ?, updated_at = ? WHERE id = ?`,
      [snapshot.productId, this.sql.box.seal(snapshot.reference), snapshot.state, snapshot.accessUntil, snapshot.willRenew ? 1 : 0, at, at, subscriptionId],
    );
  }

  async addKeyHashes(subscriptionId: number, store: StoreKind, keyHashes: string[]): Promise<boolean> {
    for (const hash of keyHashes) {
      const [owner] = await this.sql.query<Array<{ subscription_id: number }>>(
        'SELECT subscription_id FROM store_subscription_keys WHERE store = ? AND key_hash = ? FOR UPDATE',
        [store, hash],
      );
      if (owner && Number(owner.subscription_id) !== subscriptionId) return false;
      if (owner) continue;
      try {
        await this.sql.query('INSERT INTO store_subscription_keys (store, key_hash, subscription_id) VALUES (?, ?, ?)', [store, hash, subscriptionId]);
      } catch (error) {
        // Another account's confirm of the same subscription committed first.
        if ((error as { driverError?: { code?: string } }).driverError?.code === 'ER_DUP_ENTRY') return false;
        throw error;
      }
    }
    return true;
  }

  async setAccountPlan(accountId: number, expiresAt: string, cancelAtPeriodEnd: boolean, now: Date): Promise<void> {
    await this.sql.query("UPDATE accounts SET plan = 'pro', subscription_expires_at = ?, subscription_cancel_at_period_end = ?, updated_at = ? WHERE id = ?", [
      expiresAt,
      cancelAtPeriodEnd ? 1 : 0,
      sqlNow(now),
      accountId,
    ]);
  }

  async findEndingBefore(until: string, notCheckedSince: string, limit: number): Promise<StoreSubscription[]> {
    const rows = await this.sql.query<Row[]>(
      `SELECT ${COLUMNS} FROM store_subscriptions s
       WHERE s.access_until < ? AND s.state IN ('active', 'grace', 'billing_retry') AND s.checked_at < ? ORDER BY s.access_until LIMIT ?`,
      [until, notCheckedSince, limit],
    );
    return rows.map(this.toSubscription);
  }
}
