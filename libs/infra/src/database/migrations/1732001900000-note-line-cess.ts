import { MigrationInterface, QueryRunner } from 'typeorm';

/** Debit- and credit-note lines. */
const NOTE_LINES = ['debit_note_items', 'credit_note_items'] as const;

/**
 * Compensation cess on the lines of debit and credit notes that carry a taxable value (docs/gst.md, "Compensation
 * cess"), as invoice lines have it (migration 1732001870000): `cess_rate` the ad valorem rate in percent, `cess_amount`
 * the line's cess, part of its amount. Both NULL on a line without cess, as the other GST details of a note line are
 * NULL on a line sent as a plain amount; lines stored before carry none.
 */
export class NoteLineCess1732001900000 implements MigrationInterface {
  name = 'NoteLineCess1732001900000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of NOTE_LINES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN cess_rate DECIMAL(7,3) NULL AFTER igst_amount,
        ADD COLUMN cess_amount DECIMAL(15,2) NULL AFTER cess_rate`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of NOTE_LINES) await q.query(`ALTER TABLE ${table} DROP COLUMN cess_amount, DROP COLUMN cess_rate`);
  }
}
