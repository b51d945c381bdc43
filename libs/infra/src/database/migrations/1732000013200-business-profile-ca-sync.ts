import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The rest of the business profile (logo image, bank details, UPI id), when the API key was made, and
 * the accountant's sync (CA-sync) settings with the record of its sends.
 */
export class BusinessProfileCaSync1732000013200 implements MigrationInterface {
  name = 'BusinessProfileCaSync1732000013200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE business_settings
      ADD COLUMN logo_image MEDIUMTEXT NULL,
      ADD COLUMN bank_account_name VARCHAR(255) NULL,
      ADD COLUMN bank_account_number VARCHAR(34) NULL,
      ADD COLUMN bank_ifsc CHAR(11) NULL,
      ADD COLUMN bank_name VARCHAR(255) NULL,
      ADD COLUMN bank_branch VARCHAR(255) NULL,
      ADD COLUMN upi_id VARCHAR(255) NULL`);
    await q.query('ALTER TABLE accounts ADD COLUMN api_key_created_at DATETIME NULL');
    await q.query('UPDATE accounts SET api_key_created_at = created_at WHERE api_key_hash IS NOT NULL');

    await q.query(`CREATE TABLE ca_sync_settings (
      account_id INT NOT NULL,
      enabled TINYINT(1) NOT NULL DEFAULT 0,
      ca_email VARCHAR(254) NULL,
      frequency VARCHAR(10) NOT NULL DEFAULT 'monthly',
      format VARCHAR(4) NOT NULL DEFAULT 'xlsx',
      last_sent_at DATETIME NULL,
      last_period VARCHAR(30) NULL,
      last_error VARCHAR(1000) NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (account_id),
      KEY ix_ca_sync_enabled (enabled, frequency)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE ca_sync_sends (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      period_from DATE NOT NULL,
      period_to DATE NOT NULL,
      trigger_kind VARCHAR(10) NOT NULL,
      status VARCHAR(10) NOT NULL,
      error VARCHAR(1000) NULL,
      created_at DATETIME NOT NULL,
      sent_at DATETIME NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_ca_sync_scheduled (account_id, period_from, period_to, trigger_kind, status),
      KEY ix_ca_sync_sends_account (account_id, id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE ca_sync_sends');
    await q.query('DROP TABLE ca_sync_settings');
    await q.query('ALTER TABLE accounts DROP COLUMN api_key_created_at');
    await q.query(`ALTER TABLE business_settings DROP COLUMN logo_image, DROP COLUMN bank_account_name, DROP COLUMN bank_account_number,
      DROP COLUMN bank_ifsc, DROP COLUMN bank_name, DROP COLUMN bank_branch, DROP COLUMN upi_id`);
  }
}
