import { MigrationInterface, QueryRunner } from 'typeorm';

/** Headers of the five sales documents. */
const HEADERS = ['invoices', 'quotations', 'proforma_invoices', 'debit_notes', 'credit_notes'] as const;
/** Invoice-style lines (invoices, quotations, proforma invoices). */
const PRODUCT_LINES = ['invoice_items', 'quotation_items', 'proforma_invoice_items'] as const;
/** Debit- and credit-note lines. */
const NOTE_LINES = ['debit_note_items', 'credit_note_items'] as const;
/** The notes, which had no LUT number. */
const NOTES = ['debit_notes', 'credit_notes'] as const;

/**
 * GST facts on every sales document (see docs/gst.md):
 * - `place_of_supply`: the state code the tax follows (NULL on documents made before it existed: derive it
 *   from the client's GSTIN or state, else the business's state);
 * - `supply_type`: b2b, b2c, sez_with_payment, sez_without_payment, export_with_payment,
 *   export_without_payment or deemed_export (NULL on older documents: derive it from the client);
 * - `reverse_charge`; `lut_number` (notes gain it; the others had it);
 * - `round_off`: what rounding the total to the rupee added (NULL: not rounded);
 * - `supplier_snapshot`: the business's name, address, GSTIN, PAN and state when the document was made, as
 *   JSON `{name, address, gstin, pan, state_code}` (NULL on older documents: the current profile);
 * - `tax_warnings`: JSON array of the lines whose sent amounts disagree with the tax rule, as of the last write.
 * Lines gain the unit quantity code `unit` and the engine's `taxable_value`; note lines gain optional HSN,
 * quantity, taxable value, rate and tax amounts; notes gain `original_invoice_id`.
 */
export class GstDocumentFields1732001500000 implements MigrationInterface {
  name = 'GstDocumentFields1732001500000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of HEADERS) {
      await q.query(`ALTER TABLE ${table}
        ADD COLUMN place_of_supply CHAR(2) NULL,
        ADD COLUMN supply_type VARCHAR(32) NULL,
        ADD COLUMN reverse_charge TINYINT(1) NOT NULL DEFAULT 0,
        ADD COLUMN round_off DECIMAL(15,2) NULL,
        ADD COLUMN supplier_snapshot JSON NULL,
        ADD COLUMN tax_warnings JSON NULL`);
    }
    for (const table of NOTES) {
      await q.query(`ALTER TABLE ${table}
        ADD COLUMN lut_number VARCHAR(50) NULL,
        ADD COLUMN original_invoice_id INT NULL,
        ADD KEY ix_${table}_original (account_id, original_invoice_id)`);
    }
    for (const table of PRODUCT_LINES) {
      await q.query(`ALTER TABLE ${table}
        ADD COLUMN unit VARCHAR(8) NULL,
        ADD COLUMN taxable_value DECIMAL(15,2) NULL`);
    }
    for (const table of NOTE_LINES) {
      await q.query(`ALTER TABLE ${table}
        ADD COLUMN hsn_code VARCHAR(20) NULL,
        ADD COLUMN quantity DECIMAL(15,3) NULL,
        ADD COLUMN unit VARCHAR(8) NULL,
        ADD COLUMN taxable_value DECIMAL(15,2) NULL,
        ADD COLUMN tax_rate DECIMAL(7,3) NULL,
        ADD COLUMN cgst_amount DECIMAL(15,2) NULL,
        ADD COLUMN sgst_amount DECIMAL(15,2) NULL,
        ADD COLUMN igst_amount DECIMAL(15,2) NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of NOTE_LINES) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN hsn_code, DROP COLUMN quantity, DROP COLUMN unit, DROP COLUMN taxable_value,
        DROP COLUMN tax_rate, DROP COLUMN cgst_amount, DROP COLUMN sgst_amount, DROP COLUMN igst_amount`);
    }
    for (const table of PRODUCT_LINES) await q.query(`ALTER TABLE ${table} DROP COLUMN unit, DROP COLUMN taxable_value`);
    for (const table of NOTES) {
      await q.query(`ALTER TABLE ${table} DROP KEY ix_${table}_original, DROP COLUMN original_invoice_id, DROP COLUMN lut_number`);
    }
    for (const table of HEADERS) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN place_of_supply, DROP COLUMN supply_type, DROP COLUMN reverse_charge,
        DROP COLUMN round_off, DROP COLUMN supplier_snapshot, DROP COLUMN tax_warnings`);
    }
  }
}
