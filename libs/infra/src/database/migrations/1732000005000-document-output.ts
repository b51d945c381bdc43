import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Business settings (template choice, signature, number prefixes) and public share links. A share
 * token is kept as a SHA-256 hash for lookup and AES-GCM encrypted so the same link can be shown again.
 */
export class DocumentOutput1732000005000 implements MigrationInterface {
  name = 'DocumentOutput1732000005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE business_settings (
      account_id INT NOT NULL,
      invoice_template VARCHAR(20) NOT NULL DEFAULT 'classic',
      signature_png MEDIUMTEXT NULL,
      invoice_prefix VARCHAR(5) NULL,
      quotation_prefix VARCHAR(5) NULL,
      proforma_prefix VARCHAR(5) NULL,
      debit_note_prefix VARCHAR(5) NULL,
      credit_note_prefix VARCHAR(5) NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (account_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE document_shares (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      document_type VARCHAR(20) NOT NULL,
      document_id INT NOT NULL,
      token_hash CHAR(64) NOT NULL,
      token_encrypted VARCHAR(200) NOT NULL,
      created_at DATETIME NOT NULL,
      revoked_at DATETIME NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_document_shares_token (token_hash),
      KEY ix_document_shares_document (account_id, document_type, document_id, revoked_at)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE document_shares');
    await q.query('DROP TABLE business_settings');
  }
}
