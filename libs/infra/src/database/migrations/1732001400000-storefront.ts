import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The storefront integration (docs/storefront.md). `storefront_connections`: one shop per account and one
 * account per shop (both unique); the access token and the webhook secret are AES-GCM sealed; the backfill's
 * state, progress and cursor live on the row so a restarted worker resumes where it stopped.
 * `storefront_events`: every accepted webhook delivery, once per delivery id, with its processing state (the
 * logs; kept 30 days). `storefront_documents`: the shop's order or refund id and the invoice or credit note
 * made from it; its primary key is what keeps a second delivery from making a second document.
 */
export class Storefront1732001400000 implements MigrationInterface {
  name = 'Storefront1732001400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE storefront_connections (
      account_id INT NOT NULL,
      shop_domain VARCHAR(255) NOT NULL,
      access_token_sealed VARCHAR(1000) NOT NULL,
      webhook_secret_sealed VARCHAR(500) NOT NULL,
      webhook_ids VARCHAR(2000) NOT NULL DEFAULT '[]',
      connected_at DATETIME NOT NULL,
      last_event_at DATETIME NULL,
      backfill_state VARCHAR(12) NOT NULL DEFAULT 'idle',
      backfill_done INT NOT NULL DEFAULT 0,
      backfill_total INT NULL,
      backfill_since DATETIME NULL,
      backfill_cursor VARCHAR(2000) NULL,
      backfill_error VARCHAR(500) NULL,
      backfill_started_at DATETIME NULL,
      backfill_finished_at DATETIME NULL,
      PRIMARY KEY (account_id),
      UNIQUE KEY ux_storefront_connections_shop (shop_domain),
      KEY ix_storefront_connections_backfill (backfill_state),
      CONSTRAINT fk_storefront_connections_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE storefront_events (
      id BIGINT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      webhook_id VARCHAR(255) NOT NULL,
      topic VARCHAR(64) NOT NULL,
      payload MEDIUMTEXT NULL,
      received_at DATETIME(3) NOT NULL,
      state VARCHAR(12) NOT NULL DEFAULT 'received',
      reason VARCHAR(500) NULL,
      invoice_id INT NULL,
      processed_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY ux_storefront_events_delivery (account_id, webhook_id),
      KEY ix_storefront_events_account_received (account_id, received_at, id),
      KEY ix_storefront_events_state (state, received_at),
      KEY ix_storefront_events_received (received_at)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE storefront_documents (
      account_id INT NOT NULL,
      kind VARCHAR(8) NOT NULL,
      external_id VARCHAR(64) NOT NULL,
      document_id INT NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (account_id, kind, external_id),
      KEY ix_storefront_documents_document (account_id, kind, document_id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE storefront_documents');
    await q.query('DROP TABLE storefront_events');
    await q.query('DROP TABLE storefront_connections');
  }
}
