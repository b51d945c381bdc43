import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * e-way bills of invoices (CGST rules 138 to 138D): the number (EBN) and the portal's generation time, the validity
 * computed by rule 138(10) (both in Indian time, as the portal gives them), Part B (mode, distance, vehicle or
 * transporter, transport document), and cancellation and extensions. A cancelled bill stays as it was; `active_key`
 * is 1 on the one active bill of an invoice and NULL on cancelled ones, so the unique key allows one active bill per
 * invoice and any number of cancelled ones.
 */
export class EwayBills1732002100000 implements MigrationInterface {
  name = 'EwayBills1732002100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE eway_bills (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      invoice_id INT NOT NULL,
      ewb_no VARCHAR(12) NOT NULL,
      ewb_date DATETIME NOT NULL,
      valid_until DATETIME NULL,
      validity_days INT NULL,
      transport_mode VARCHAR(5) NOT NULL,
      distance_km INT NOT NULL,
      cargo VARCHAR(20) NOT NULL DEFAULT 'regular',
      vehicle_number VARCHAR(20) NULL,
      transporter_id VARCHAR(15) NULL,
      transporter_name VARCHAR(100) NULL,
      transport_doc_no VARCHAR(15) NULL,
      transport_doc_date DATE NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active',
      active_key TINYINT NULL DEFAULT 1,
      cancelled_at DATETIME NULL,
      cancel_reason VARCHAR(100) NULL,
      extended_times INT NOT NULL DEFAULT 0,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_eway_bills_active (account_id, invoice_id, active_key),
      KEY ix_eway_bills_invoice (account_id, invoice_id, id),
      KEY ix_eway_bills_no (ewb_no)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE eway_bills');
  }
}
