import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events log of `GET /v1/events`: every webhook event of an account, kept once whether or not an endpoint
 * subscribes to it, with the body its deliveries carry. `seq` is the order the relay recorded them (the order
 * of the list and its cursors); the indexes serve the list's filters as keyset pages within the account, and
 * `created_at` the daily purge of events older than 30 days. No foreign key to `accounts`: its check would take a
 * shared lock on the account's row inside the relay's transaction, where requests lock that row to serialise
 * their writes.
 */
export class WebhookEvents1732003100000 implements MigrationInterface {
  name = 'WebhookEvents1732003100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_events (
      seq BIGINT NOT NULL AUTO_INCREMENT,
      event_id VARCHAR(64) NOT NULL,
      account_id INT NOT NULL,
      type VARCHAR(64) NOT NULL,
      resource_type VARCHAR(32) NOT NULL,
      resource_id BIGINT NOT NULL,
      payload MEDIUMTEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (seq),
      UNIQUE KEY uq_webhook_events_event (event_id),
      KEY ix_webhook_events_account (account_id, seq),
      KEY ix_webhook_events_type (account_id, type, seq),
      KEY ix_webhook_events_resource (account_id, resource_type, resource_id, seq),
      KEY ix_webhook_events_created (created_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_events');
  }
}
