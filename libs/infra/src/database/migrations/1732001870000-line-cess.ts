import { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoice-style lines (invoices, quotations, proforma invoices). */
const PRODUCT_LINES = ['invoice_items', 'quotation_items', 'proforma_invoice_items'] as const;

/**
 * Compensation cess on invoice-style lines (docs/gst.md, "Compensation cess"): `cess_rate` the ad valorem rate in
 * percent (NULL on a line without one), `cess_amount` the line's cess, part of its total as its tax is. Lines stored
 * before carry no cess: 0.
 */
export class LineCess1732001870000 implements MigrationInterface {
  name = 'LineCess1732001870000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of PRODUCT_LINES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN cess_rate DECIMAL(7,3) NULL AFTER igst_amount,
        ADD COLUMN cess_amount DECIMAL(15,2) NOT NULL DEFAULT 0 AFTER cess_rate`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of PRODUCT_LINES) await q.query(`ALTER TABLE ${table} DROP COLUMN cess_amount, DROP COLUMN cess_rate`);
  }
}
