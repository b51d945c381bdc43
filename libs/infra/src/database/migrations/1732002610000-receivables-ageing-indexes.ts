import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Covering indexes for the receivables ageing (libs/infra/src/analytics/sql-receivables-ageing-reader.ts): payment
 * status first, so the documents not paid now are one short range of index entries (on the 100,000-invoice bench
 * account about 15,000 of them) instead of every entry of the account up to the date, and every column the
 * statement reads, so it reads no rows. See docs/performance.md, "Receivables".
 */
export class ReceivablesAgeingIndexes1732002610000 implements MigrationInterface {
  name = 'ReceivablesAgeingIndexes1732002610000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_invoices_receivable ON invoices
       (account_id, payment_status, status, invoice_date, client_id, payment_due_date, currency, exchange_rate, total_amount, tds_amount, paid_amount)`,
    );
    await q.query(
      `CREATE INDEX ix_debit_notes_receivable ON debit_notes
       (account_id, payment_status, status, debit_note_date, client_id, payment_due_date, currency, exchange_rate, total_amount, paid_amount)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_debit_notes_receivable ON debit_notes');
    await q.query('DROP INDEX ix_invoices_receivable ON invoices');
  }
}
