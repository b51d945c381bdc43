import { IncomingStoreNotification, StoredStoreNotification, StoreNotificationStatus } from '@app/domain/billing/store-notification';
import { StoreNotificationRepository } from '@app/domain/billing/store-notification.repository.port';
import { StoreKind } from '@app/domain/billing/store-subscription';
import { BillingSql } from './billing-sql';
import { sqlNow } from '../shared/sql-time';

interface Row {
  id: number;
  store: string;
  external_id: string;
  notification_type: string;
  subtype: string | null;
  reference_sealed: string | null;
  status: string;
  attempts: number;
}

/** The store notification inbox in MySQL: one row per (store, external id); the subscription reference is sealed. */
export class SqlStoreNotificationRepository extends StoreNotificationRepository {
  constructor(private readonly sql: BillingSql) {
    super();
  }

  async add(n: IncomingStoreNotification, now: Date): Promise<{ id: number; duplicate: boolean }> {
    const at = sqlNow(now);
    const result = await this.sql.query<{ insertId: number; affectedRows: number }>(
      `INSERT IGNORE INTO store_notifications (store, external_id, notification_type, subtype, reference_sealed, received_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [n.store, n.externalId, n.type.slice(0, 64), n.subtype?.slice(0, 64) ?? null, n.reference === null ? null : this.sql.box.seal(n.reference), at, at],
    );
    if (Number(result.affectedRows) === 1) return { id: Number(result.insertId), duplicate: false };
    const [row] = await this.sql.query<Array<{ id: number }>>('SELECT id FROM store_notifications WHERE store = ? AND external_id = ?', [
      n.store,
      n.externalId,
    ]);
    return { id: Number(row.id), duplicate: true };
  }

  async find(id: number): Promise<StoredStoreNotification | null> {
    const [r] = await this.sql.query<Row[]>(
      'SELECT id, store, external_id, notification_type, subtype, reference_sealed, status, attempts FROM store_notifications WHERE id = ?',
      [id],
    );
    if (!r) return null;
    return {
      id: Number(r.id),
      store: r.store as StoreKind,
      externalId: r.external_id,
      type: r.notification_type,
      subtype: r.subtype,
      reference: r.reference_sealed === null ? null : this.sql.box.open(r.reference_sealed),
      status: r.status as StoreNotificationStatus,
      attempts: Number(r.attempts),
    };
  }

  async recordAttempt(id: number, error: string | null, now: Date): Promise<void> {
    await this.sql.query('UPDATE store_notifications SET attempts = attempts + 1, last_error = ?, updated_at = ? WHERE id = ?', [error, sqlNow(now), id]);
  }

  async markProcessed(id: number, outcome: string, now: Date): Promise<void> {
    const at = sqlNow(now);
    await this.sql.query(
      "UPDATE store_notifications SET status = 'processed', outcome = ?, processed_at = ?, updated_at = ? WHERE id = ? AND status = 'queued'",
      [outcome, at, at, id],
    );
  }

  async findQueued(before: string, limit: number): Promise<number[]> {
    const rows = await this.sql.query<Array<{ id: number }>>(
      "SELECT id FROM store_notifications WHERE status = 'queued' AND updated_at <= ? ORDER BY id LIMIT ?",
      [before, limit],
    );
    return rows.map((r) => Number(r.id));
  }
}
