import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Each user's number of unread notifications, kept by triggers on `notifications` in the same statement
 * (and so the same transaction) as the row change: an insert of an unread row adds one, setting or
 * clearing `read_at` takes one off or adds it back, a delete of an unread row takes one off. The feed's
 * `unread_count` is then a primary-key read instead of a count over every unread row of the user.
 * Triggers rather than code keep it exact for every writer (the relay, read and read-all, the daily
 * purge, scripts). A user's row goes with the user (the cascade that also removes the notifications,
 * which fires no trigger).
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
    await q.query(`CREATE TRIGGER trg_notifications_unread_insert AFTER INSERT ON notifications FOR EACH ROW
      INSERT INTO notification_unread_counts (user_id, account_id, unread) VALUES (NEW.user_id, NEW.account_id, NEW.read_at IS NULL)
      ON DUPLICATE KEY UPDATE unread = unread + (NEW.read_at IS NULL)`);
    await q.query(`CREATE TRIGGER trg_notifications_unread_update AFTER UPDATE ON notifications FOR EACH ROW
      BEGIN
        IF (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) OR OLD.user_id <> NEW.user_id THEN
          UPDATE notification_unread_counts SET unread = unread - (OLD.read_at IS NULL) WHERE user_id = OLD.user_id;
          INSERT INTO notification_unread_counts (user_id, account_id, unread) VALUES (NEW.user_id, NEW.account_id, NEW.read_at IS NULL)
          ON DUPLICATE KEY UPDATE unread = unread + (NEW.read_at IS NULL);
        END IF;
      END`);
    await q.query(`CREATE TRIGGER trg_notifications_unread_delete AFTER DELETE ON notifications FOR EACH ROW
      UPDATE notification_unread_counts SET unread = unread - (OLD.read_at IS NULL) WHERE user_id = OLD.user_id`);
    // Users who already have notifications, counted once, after the triggers exist (migrations run while the service is stopped).
    await q.query(`INSERT INTO notification_unread_counts (user_id, account_id, unread)
      SELECT user_id, MIN(account_id), SUM(read_at IS NULL) FROM notifications GROUP BY user_id
      ON DUPLICATE KEY UPDATE unread = VALUES(unread)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER trg_notifications_unread_delete');
    await q.query('DROP TRIGGER trg_notifications_unread_update');
    await q.query('DROP TRIGGER trg_notifications_unread_insert');
    await q.query('DROP TABLE notification_unread_counts');
  }
}
