import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The particulars of an export invoice (CGST rule 46, third proviso; docs/gst.md, "Export invoices"):
 * `delivery_address`, the address of delivery, and `destination_country`, the country of destination as its ISO
 * 3166-1 alpha-2 code. Both optional (NULL on invoices stored before and on supplies that are not exports).
 */
export class InvoiceExportParticulars1732001910000 implements MigrationInterface {
  name = 'InvoiceExportParticulars1732001910000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices ADD COLUMN delivery_address VARCHAR(500) NULL, ADD COLUMN destination_country CHAR(2) NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoices DROP COLUMN destination_country, DROP COLUMN delivery_address');
  }
}
