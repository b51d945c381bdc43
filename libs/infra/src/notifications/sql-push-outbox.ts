import { PushJob, PushOutbox } from '@app/domain/notifications/push.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

export class SqlPushOutbox extends PushOutbox {
  constructor(private readonly db: Database) {
    super();
  }

  async add(accountId: number, notificationIds: number[], now: Date): Promise<void> {
    if (!notificationIds.length) return;
    const at = sqlNow(now);
    await this.db.query(
      `INSERT IGNORE INTO push_outbox (notification_id, account_id, created_at) VALUES ${notificationIds.map(() => '(?, ?, ?)').join(', ')}`,
      notificationIds.flatMap((id) => [id, accountId, at]),
    );
  }

  async remove(accountId: number, notificationId: number): Promise<void> {
    await this.db.query('DELETE FROM push_outbox WHERE notification_id = ? AND account_id = ?', [notificationId, accountId]);
  }

  async isPending(accountId: number, notificationId: number): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM push_outbox WHERE notification_id = ? AND account_id = ?', [notificationId, accountId]);
    return rows.length > 0;
  }

  async pendingBefore(before: Date, limit: number): Promise<PushJob[]> {
    const rows = await this.db.query<{ notification_id: number; account_id: number }>(
      'SELECT notification_id, account_id FROM push_outbox WHERE created_at < ? ORDER BY created_at LIMIT ?',
      [sqlNow(before), limit],
    );
    return rows.map((r) => ({ notificationId: Number(r.notification_id), accountId: r.account_id }));
  }
}
