import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Covering indexes for the analytics aggregates: each statement of the analytics reader reads only
 * index entries (invoice headers by account and date, invoice lines by invoice, sold lines by item).
 */
export class AnalyticsIndexes1732000013000 implements MigrationInterface {
  name = 'AnalyticsIndexes1732000013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_invoices_analytics ON invoices
       (account_id, invoice_date, status, payment_status, payment_due_date, total_amount, paid_amount, tds_amount, client_id)`,
    );
    await q.query('CREATE INDEX ix_invoice_items_tax ON invoice_items (invoice_id, tax_rate, total_amount, cgst_amount, sgst_amount, igst_amount)');
    await q.query('CREATE INDEX ix_invoice_items_sold ON invoice_items (account_id, inventory_id, invoice_id, quantity)');
    await q.query('CREATE INDEX ix_credit_notes_analytics ON credit_notes (account_id, credit_note_date, status, total_amount)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_credit_notes_analytics ON credit_notes');
    await q.query('DROP INDEX ix_invoice_items_sold ON invoice_items');
    await q.query('DROP INDEX ix_invoice_items_tax ON invoice_items');
    await q.query('DROP INDEX ix_invoices_analytics ON invoices');
  }
}
