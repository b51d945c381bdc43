import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's number of notifications beside the unread ones (`notification_unread_counts.total`), moved by the
 * notification repository in the same transaction as the row change, as `unread` is: the feed's `total` is then the
 * primary-key read of the counter instead of a count over every notification of the user on every page.
 */
export class NotificationTotalCounts1732004200000 implements MigrationInterface {
  name = 'NotificationTotalCounts1732004200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE notification_unread_counts ADD COLUMN total INT NOT NULL DEFAULT 0');
    // Users with notifications and no counter row yet (every one of them read, or written before the counters).
    await q.query(`INSERT INTO notification_unread_counts (user_id, account_id, unread)
      SELECT n.user_id, MIN(n.account_id), SUM(n.read_at IS NULL) FROM notifications n
      LEFT JOIN notification_unread_counts c ON c.user_id = n.user_id
      WHERE c.user_id IS NULL GROUP BY n.user_id`);
    // Counted once (migrations run while the service is stopped).
    await q.query('UPDATE notification_unread_counts c SET total = (SELECT COUNT(*) FROM notifications n WHERE n.user_id = c.user_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE notification_unread_counts DROP COLUMN total');
  }
}
