import { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoice-style lines (invoices, quotations, proforma invoices). */
const PRODUCT_LINES = ['invoice_items', 'quotation_items', 'proforma_invoice_items'] as const;

/**
 * A header discount is a discount before tax (CGST Act section 15(3)(a)): it is shared among a document's lines
 * in proportion to their taxable values and each line is taxed on its value after its share (docs/gst.md,
 * "Header discount"). `header_discount` is a line's share, already taken off its `taxable_value`; `0.00` on a line
 * of a document without one. Lines stored before keep NULL and their amounts: on those documents the header
 * discount was taken off the total of the lines after tax, and they are read, printed and reported that way.
 *
 * The analytics GST breakdown takes a line's stored `taxable_value` (as GSTR-1 and the e-invoice do): the covering
 * index of that statement, `ix_invoice_items_tax`, gains the column.
 */
export class LineHeaderDiscount1732001840000 implements MigrationInterface {
  name = 'LineHeaderDiscount1732001840000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of PRODUCT_LINES) await q.query(`ALTER TABLE ${table} ADD COLUMN header_discount DECIMAL(15,2) NULL AFTER taxable_value`);
    await q.query(`ALTER TABLE invoice_items DROP INDEX ix_invoice_items_tax,
      ADD INDEX ix_invoice_items_tax (invoice_id, tax_rate, total_amount, cgst_amount, sgst_amount, igst_amount, taxable_value)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoice_items DROP INDEX ix_invoice_items_tax,
      ADD INDEX ix_invoice_items_tax (invoice_id, tax_rate, total_amount, cgst_amount, sgst_amount, igst_amount)`);
    for (const table of PRODUCT_LINES) await q.query(`ALTER TABLE ${table} DROP COLUMN header_discount`);
  }
}
