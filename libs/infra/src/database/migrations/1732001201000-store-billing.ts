import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Store billing. `store_subscriptions`: an App Store or Google Play subscription bound to one account, with
 * what the store last said (`access_until`, `state`, `will_renew`); `reference_sealed` is the identifier the
 * store is asked about (AES-GCM sealed). `store_subscription_keys`: the SHA-256 of every identifier of a
 * subscription (iOS original transaction id; Android purchase tokens, linked ones included), unique per
 * store, so one subscription can never unlock two accounts. `store_notifications`: the inbox of store
 * notifications, unique by store and external id (notificationUUID / Pub/Sub messageId).
 */
export class StoreBilling1732001201000 implements MigrationInterface {
  name = 'StoreBilling1732001201000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE store_subscriptions (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      store VARCHAR(10) NOT NULL,
      product_id VARCHAR(150) NOT NULL,
      reference_sealed VARCHAR(2000) NOT NULL,
      state VARCHAR(16) NOT NULL,
      access_until DATETIME NOT NULL,
      will_renew TINYINT(1) NOT NULL,
      checked_at DATETIME NOT NULL,
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_store_subscriptions_account (account_id),
      KEY ix_store_subscriptions_access (access_until),
      CONSTRAINT fk_store_subscriptions_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE store_subscription_keys (
      store VARCHAR(10) NOT NULL,
      key_hash CHAR(64) NOT NULL,
      subscription_id INT NOT NULL,
      PRIMARY KEY (store, key_hash),
      KEY ix_store_subscription_keys_subscription (subscription_id),
      CONSTRAINT fk_store_subscription_keys_subscription FOREIGN KEY (subscription_id) REFERENCES store_subscriptions (id)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE store_notifications (
      id INT NOT NULL AUTO_INCREMENT,
      store VARCHAR(10) NOT NULL,
      external_id VARCHAR(191) NOT NULL,
      notification_type VARCHAR(64) NOT NULL,
      subtype VARCHAR(64) NULL,
      reference_sealed VARCHAR(2000) NULL,
      status VARCHAR(12) NOT NULL DEFAULT 'queued',
      outcome VARCHAR(32) NULL,
      attempts INT NOT NULL DEFAULT 0,
      last_error VARCHAR(1000) NULL,
      received_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      processed_at DATETIME NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_store_notifications_external (store, external_id),
      KEY ix_store_notifications_status (status, updated_at)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE store_notifications');
    await q.query('DROP TABLE store_subscription_keys');
    await q.query('DROP TABLE store_subscriptions');
  }
}
