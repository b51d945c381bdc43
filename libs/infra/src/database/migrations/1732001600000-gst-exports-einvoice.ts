import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GSTR-1 and e-invoicing: the business's aggregate turnover (the HSN digits of GSTR-1) and whether it
 * e-invoices, and the registrations of invoices with the e-invoice registration portal (IRN, the
 * acknowledgement, the signed QR code and invoice; a cancelled registration stays as it was, with when
 * and why it was cancelled, since an IRN is never reused).
 */
export class GstExportsEinvoice1732001600000 implements MigrationInterface {
  name = 'GstExportsEinvoice1732001600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE business_settings
      ADD COLUMN aggregate_turnover DECIMAL(17,2) NULL,
      ADD COLUMN einvoice_enabled TINYINT(1) NOT NULL DEFAULT 0`);
    await q.query(`CREATE TABLE einvoice_registrations (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      invoice_id INT NOT NULL,
      irn CHAR(64) NOT NULL,
      ack_no VARCHAR(20) NOT NULL,
      ack_date DATETIME NOT NULL,
      signed_qr_code TEXT NOT NULL,
      signed_invoice MEDIUMTEXT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active',
      cancelled_at DATETIME NULL,
      cancel_reason VARCHAR(100) NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_einvoice_invoice (account_id, invoice_id),
      KEY ix_einvoice_irn (irn)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE einvoice_registrations');
    await q.query('ALTER TABLE business_settings DROP COLUMN aggregate_turnover, DROP COLUMN einvoice_enabled');
  }
}
