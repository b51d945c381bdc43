import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Outbound webhooks. `webhook_endpoints`: the account's receivers; `secret_sealed` (and the previous
 * secret during the 24 hours after a rotation) are AES-GCM sealed like other stored secrets;
 * `failing_since` starts a run of failed attempts; `lease_until` keeps one worker process on an endpoint
 * at a time. `webhook_deliveries`: one event for one endpoint, with its attempts and last answer; the
 * dispatcher takes the oldest unfinished delivery of each endpoint (index on endpoint, status, id).
 */
export class Webhooks1732001301000 implements MigrationInterface {
  name = 'Webhooks1732001301000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_endpoints (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      url VARCHAR(2000) NOT NULL,
      description VARCHAR(500) NULL,
      events VARCHAR(2000) NOT NULL,
      enabled TINYINT(1) NOT NULL DEFAULT 1,
      secret_sealed VARCHAR(500) NOT NULL,
      previous_secret_sealed VARCHAR(500) NULL,
      previous_secret_until DATETIME(3) NULL,
      failing_since DATETIME(3) NULL,
      disabled_reason VARCHAR(40) NULL,
      lease_until DATETIME(3) NULL,
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_webhook_endpoints_account (account_id, enabled),
      CONSTRAINT fk_webhook_endpoints_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE webhook_deliveries (
      id BIGINT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      endpoint_id INT NOT NULL,
      event_id VARCHAR(64) NOT NULL,
      event_type VARCHAR(64) NOT NULL,
      payload MEDIUMTEXT NOT NULL,
      status VARCHAR(12) NOT NULL DEFAULT 'pending',
      attempts INT NOT NULL DEFAULT 0,
      next_attempt_at DATETIME(3) NULL,
      last_attempt_at DATETIME(3) NULL,
      response_status SMALLINT NULL,
      response_body VARCHAR(1100) NULL,
      duration_ms INT NULL,
      occurred_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      redelivery_of BIGINT NULL,
      PRIMARY KEY (id),
      KEY ix_webhook_deliveries_endpoint (endpoint_id, status, id),
      KEY ix_webhook_deliveries_due (status, next_attempt_at),
      CONSTRAINT fk_webhook_deliveries_endpoint FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_deliveries');
    await q.query('DROP TABLE webhook_endpoints');
  }
}
