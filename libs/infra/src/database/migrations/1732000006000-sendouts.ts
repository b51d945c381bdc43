import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Email sendouts: each row is one queued email (the transactional outbox the worker drains).
 * `claim_token` and `locked_at` belong to the worker holding a row in `sending` (the idempotent send
 * guard and the lease the sweeper uses to recover rows of a worker that died). `deleted_at` hides a row
 * from the history; a deleted queued row is also `cancelled`. `signature_png` holds a per-email
 * signature override (base64 PNG) until the row is sent or cancelled.
 */
export class Sendouts1732000006000 implements MigrationInterface {
  name = 'Sendouts1732000006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sendouts (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      client_id INT NOT NULL,
      document_type VARCHAR(20) NOT NULL,
      document_id INT NOT NULL,
      to_email VARCHAR(254) NOT NULL,
      cc_emails TEXT NULL,
      bcc_emails TEXT NULL,
      subject VARCHAR(500) NOT NULL,
      message TEXT NOT NULL,
      signature_png MEDIUMTEXT NULL,
      status VARCHAR(12) NOT NULL DEFAULT 'queued',
      attempts INT NOT NULL DEFAULT 0,
      last_error VARCHAR(1000) NULL,
      claim_token VARCHAR(64) NULL,
      locked_at DATETIME NULL,
      sent_at DATETIME NULL,
      message_id VARCHAR(255) NULL,
      deleted_at DATETIME NULL,
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_sendouts_account (account_id, id),
      KEY ix_sendouts_status (status, created_at)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sendouts');
  }
}
