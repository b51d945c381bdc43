import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ship-to party of an invoice other than its recipient (docs/gst-exports.md, "Ship-to party"): `ship_to_gstin`,
 * its GSTIN, and `ship_to_name`, its legal name; the address is the invoice's `delivery_address`. Both optional (NULL
 * on invoices stored before and on invoices whose goods go to the recipient).
 */
export class InvoiceShipTo1732002900000 implements MigrationInterface {
  name = 'InvoiceShipTo1732002900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoices ADD COLUMN ship_to_gstin CHAR(15) NULL, ADD COLUMN ship_to_name VARCHAR(100) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE invoices DROP COLUMN ship_to_name, DROP COLUMN ship_to_gstin');
  }
}
