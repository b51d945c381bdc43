import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Recurring invoices. `recurring_invoices`: a profile (the invoice as a JSON template, its schedule and its
 * state: `next_run_date`, `runs_count`, `last_run_date`); the generation job reads active profiles by
 * next_run_date. `recurring_invoice_runs`: one row per run, UNIQUE on (recurring_invoice_id, run_date), so a
 * run is made once whatever the processes do; the row goes in with the invoice, in its transaction.
 */
export class RecurringInvoices1732002300000 implements MigrationInterface {
  name = 'RecurringInvoices1732002300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE recurring_invoices (
      id INT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      client_id INT NOT NULL,
      status VARCHAR(12) NOT NULL DEFAULT 'active',
      frequency VARCHAR(12) NOT NULL,
      interval_count SMALLINT NOT NULL DEFAULT 1,
      start_date DATE NOT NULL,
      end_date DATE NULL,
      occurrences SMALLINT NULL,
      day_of_month VARCHAR(4) NULL,
      payment_terms_days SMALLINT NOT NULL DEFAULT 0,
      catch_up VARCHAR(8) NOT NULL DEFAULT 'each',
      auto_send TINYINT(1) NOT NULL DEFAULT 0,
      email_subject VARCHAR(255) NULL,
      email_message TEXT NULL,
      template MEDIUMTEXT NOT NULL,
      next_run_date DATE NULL,
      runs_count INT NOT NULL DEFAULT 0,
      last_run_date DATE NULL,
      created_at DATETIME NOT NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      KEY ix_recurring_invoices_account (account_id, id),
      KEY ix_recurring_invoices_due (status, next_run_date, id),
      CONSTRAINT fk_recurring_invoices_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE recurring_invoice_runs (
      id BIGINT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      recurring_invoice_id INT NOT NULL,
      run_date DATE NOT NULL,
      status VARCHAR(10) NOT NULL,
      source VARCHAR(10) NOT NULL DEFAULT 'schedule',
      invoice_id INT NULL,
      sendout_id INT NULL,
      error VARCHAR(1000) NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_recurring_run (recurring_invoice_id, run_date),
      KEY ix_recurring_runs_invoice (account_id, invoice_id),
      CONSTRAINT fk_recurring_runs_profile FOREIGN KEY (recurring_invoice_id) REFERENCES recurring_invoices (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE recurring_invoice_runs');
    await q.query('DROP TABLE recurring_invoices');
  }
}
