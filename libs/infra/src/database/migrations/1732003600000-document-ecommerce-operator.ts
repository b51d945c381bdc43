import { MigrationInterface, QueryRunner } from 'typeorm';

/** Headers of the five sales documents. */
const HEADERS = ['invoices', 'quotations', 'proforma_invoices', 'debit_notes', 'credit_notes'] as const;

/**
 * Supplies made through an electronic commerce operator (tax/ecommerce.ts): `ecommerce_gstin` is the operator's
 * GSTIN, `ecommerce_section` whether it collects tax at source on the supply ('52') or pays the tax itself ('9(5)').
 * Both NULL on every existing document: supplies made directly. GSTR-1 Table 14 and GSTR-3B table 3.1.1 read them.
 */
export class DocumentEcommerceOperator1732003600000 implements MigrationInterface {
  name = 'DocumentEcommerceOperator1732003600000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of HEADERS) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN ecommerce_gstin VARCHAR(15) NULL, ADD COLUMN ecommerce_section VARCHAR(4) NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of HEADERS) await q.query(`ALTER TABLE ${table} DROP COLUMN ecommerce_gstin, DROP COLUMN ecommerce_section`);
  }
}
