import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Each user's number of unread notifications, moved by the notification repository in the same transaction
 * as the row change (infra notifications/unread-counters.ts): an insert of an unread row adds one, marking
 * read takes one off, a delete of an unread row takes one off. The feed's `unread_count` is then a
 * primary-key read instead of a count over every unread row of the user. A user's row goes with the user
 * (the cascade that also removes the notifications). Databases migrated before this repository kept the
 * counter had triggers here; the engine-neutral-schema migration drops them.
 */
export class NotificationUnreadCounts1732001300000 implements MigrationInterface {
  name = 'NotificationUnreadCounts1732001300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE notification_unread_counts (
      user_id INT NOT NULL,
      account_id INT NOT NULL,
      unread INT NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id),
      CONSTRAINT fk_notification_unread_counts_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    // Users who already have notifications, counted once (migrations run while the service is stopped).
    await q.query(`INSERT INTO notification_unread_counts (user_id, account_id, unread)
      SELECT user_id, MIN(account_id), SUM(read_at IS NULL) FROM notifications GROUP BY user_id
      ON DUPLICATE KEY UPDATE unread = VALUES(unread)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notification_unread_counts');
  }
}
