import { isNotificationCategory, NotificationCategory } from '@app/domain/notifications/notification-category';
import { NotificationPrefsRepository } from '@app/domain/notifications/notification.repository.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

type Prefs = Partial<Record<NotificationCategory, boolean>>;

/** Only known categories with boolean values survive a read (a category dropped later is ignored). */
function parse(text: string): Prefs {
  const out: Prefs = {};
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value ?? {})) if (isNotificationCategory(k) && typeof v === 'boolean') out[k] = v;
  } catch {
    // an unreadable row counts as no choices
  }
  return out;
}

/** One row per user with the stored choices as JSON text. */
export class SqlNotificationPrefsRepository extends NotificationPrefsRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async get(accountId: number, userId: number): Promise<Prefs> {
    const rows = await this.db.query<{ prefs: string }>('SELECT prefs FROM notification_prefs WHERE account_id = ? AND user_id = ?', [accountId, userId]);
    return rows[0] ? parse(rows[0].prefs) : {};
  }

  async save(accountId: number, userId: number, prefs: Prefs, now: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO notification_prefs (user_id, account_id, prefs, updated_at) VALUES (?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE prefs = VALUES(prefs), updated_at = VALUES(updated_at)`,
      [userId, accountId, JSON.stringify(prefs), sqlNow(now)],
    );
  }

  async forUsers(accountId: number, userIds: number[]): Promise<Map<number, Prefs>> {
    const out = new Map<number, Prefs>();
    if (!userIds.length) return out;
    const rows = await this.db.query<{ user_id: number; prefs: string }>(
      `SELECT user_id, prefs FROM notification_prefs WHERE account_id = ? AND user_id IN (${userIds.map(() => '?').join(', ')})`,
      [accountId, ...userIds],
    );
    for (const r of rows) out.set(r.user_id, parse(r.prefs));
    return out;
  }
}
