import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The activity relay and what it feeds. `activity_events.relayed_at` makes the activity log an outbox:
 * the relay takes rows where it is null (existing rows count as relayed). Notifications are one row per
 * recipient (read state is per user); `uq_notifications_user_event` keeps an event from reaching a user
 * twice. Push devices keep the FCM token sealed (AES-GCM) and its SHA-256 for lookups; a device belongs
 * to the session that registered it. `push_outbox` holds notifications whose push is not done yet.
 */
export class Notifications1732000014100 implements MigrationInterface {
  name = 'Notifications1732000014100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE activity_events ADD COLUMN relayed_at DATETIME NULL, ADD KEY ix_activity_relay (relayed_at, id)');
    await q.query('UPDATE activity_events SET relayed_at = created_at');
    await q.query(`CREATE TABLE notifications (
      id BIGINT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      user_id INT NOT NULL,
      event_id BIGINT NOT NULL,
      type VARCHAR(20) NOT NULL,
      category VARCHAR(30) NOT NULL,
      action VARCHAR(30) NOT NULL,
      title VARCHAR(255) NOT NULL,
      body VARCHAR(1000) NOT NULL,
      entity_type VARCHAR(40) NOT NULL,
      entity_id INT NOT NULL,
      actor_user_id INT NULL,
      screen VARCHAR(40) NOT NULL,
      document_type VARCHAR(20) NULL,
      document_id INT NULL,
      read_at DATETIME NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_notifications_user_event (user_id, event_id),
      KEY ix_notifications_feed (account_id, user_id, id),
      KEY ix_notifications_unread (account_id, user_id, read_at, id),
      KEY ix_notifications_created (created_at),
      CONSTRAINT fk_notifications_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE notification_prefs (
      user_id INT NOT NULL,
      account_id INT NOT NULL,
      prefs VARCHAR(2000) NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (user_id),
      KEY ix_notification_prefs_account (account_id, user_id),
      CONSTRAINT fk_notification_prefs_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE push_devices (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      user_id INT NOT NULL,
      session_id INT NULL,
      platform VARCHAR(10) NOT NULL,
      token_hash CHAR(64) NOT NULL,
      token_sealed VARCHAR(1024) NOT NULL,
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_push_devices_token (token_hash),
      KEY ix_push_devices_user (account_id, user_id),
      KEY ix_push_devices_session (session_id),
      CONSTRAINT fk_push_devices_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT fk_push_devices_session FOREIGN KEY (session_id) REFERENCES mobile_sessions (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE push_outbox (
      notification_id BIGINT NOT NULL,
      account_id INT NOT NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (notification_id),
      KEY ix_push_outbox_created (created_at)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE push_outbox');
    await q.query('DROP TABLE push_devices');
    await q.query('DROP TABLE notification_prefs');
    await q.query('DROP TABLE notifications');
    await q.query('ALTER TABLE activity_events DROP KEY ix_activity_relay, DROP COLUMN relayed_at');
  }
}
