import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Payment reminders. `reminder_settings`: an account's schedule (on or off, up to five steps as JSON, and the day it
 * was turned on: steps dated before it are not sent). `clients.reminders_opt_out`: a client who gets none.
 * `invoice_reminders`: one row per invoice and step, UNIQUE on (invoice_id, days_offset), written with the queued email in
 * one transaction, so a step is sent once whatever the workers do.
 */
export class PaymentReminders1732002310000 implements MigrationInterface {
  name = 'PaymentReminders1732002310000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reminder_settings (
      account_id INT NOT NULL,
      enabled TINYINT(1) NOT NULL DEFAULT 0,
      steps TEXT NOT NULL,
      enabled_on DATE NULL,
      updated_at DATETIME NOT NULL,
      PRIMARY KEY (account_id),
      KEY ix_reminder_settings_enabled (enabled),
      CONSTRAINT fk_reminder_settings_account FOREIGN KEY (account_id) REFERENCES accounts (id)
    ) ${TABLE_OPTIONS}`);
    await q.query('ALTER TABLE clients ADD COLUMN reminders_opt_out TINYINT(1) NOT NULL DEFAULT 0');
    await q.query(`CREATE TABLE invoice_reminders (
      id BIGINT NOT NULL AUTO_INCREMENT,
      account_id INT NOT NULL,
      invoice_id INT NOT NULL,
      step TINYINT NOT NULL,
      days_offset SMALLINT NOT NULL,
      step_date DATE NOT NULL,
      sendout_id INT NULL,
      error VARCHAR(500) NULL,
      created_at DATETIME NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_invoice_reminder (invoice_id, days_offset),
      KEY ix_invoice_reminders_account (account_id, invoice_id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE invoice_reminders');
    await q.query('ALTER TABLE clients DROP COLUMN reminders_opt_out');
    await q.query('DROP TABLE reminder_settings');
  }
}
