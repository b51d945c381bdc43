import { MigrationInterface, QueryRunner } from 'typeorm';

/** Headers of the five sales documents. */
const HEADERS = ['invoices', 'quotations', 'proforma_invoices', 'debit_notes', 'credit_notes'] as const;

/**
 * Documents in a foreign currency (CGST Rules, rule 34; docs/gst.md, "Foreign currency"): `exchange_rate` is the
 * rupees per unit of the document's currency ('83.2500'), NULL on INR documents and on foreign-currency documents
 * without one (those carry the warning `exchange_rate_missing` and are refused by GSTR-1 and the e-invoice).
 *
 * The analytics statements convert amounts to rupees with it, so the covering indexes of the invoice and credit-note
 * headers gain `currency` and `exchange_rate`.
 */
export class DocumentExchangeRate1732001850000 implements MigrationInterface {
  name = 'DocumentExchangeRate1732001850000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of HEADERS) await q.query(`ALTER TABLE ${table} ADD COLUMN exchange_rate DECIMAL(12,4) NULL AFTER currency`);
    await q.query(`ALTER TABLE invoices DROP INDEX ix_invoices_analytics,
      ADD INDEX ix_invoices_analytics
        (account_id, invoice_date, status, payment_status, payment_due_date, total_amount, paid_amount, tds_amount, client_id, currency, exchange_rate)`);
    await q.query(`ALTER TABLE credit_notes DROP INDEX ix_credit_notes_analytics,
      ADD INDEX ix_credit_notes_analytics (account_id, credit_note_date, status, total_amount, currency, exchange_rate)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_notes DROP INDEX ix_credit_notes_analytics,
      ADD INDEX ix_credit_notes_analytics (account_id, credit_note_date, status, total_amount)`);
    await q.query(`ALTER TABLE invoices DROP INDEX ix_invoices_analytics,
      ADD INDEX ix_invoices_analytics
        (account_id, invoice_date, status, payment_status, payment_due_date, total_amount, paid_amount, tds_amount, client_id)`);
    for (const table of HEADERS) await q.query(`ALTER TABLE ${table} DROP COLUMN exchange_rate`);
  }
}
