import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose data-version triggers the analytics-versions migrations (1732001303000, 1732002600000, 1732003400000) created in their first form. */
const TABLES = [
  'invoices',
  'invoice_items',
  'credit_notes',
  'proforma_invoices',
  'expenses',
  'clients',
  'inventory_items',
  'payments',
  'debit_notes',
  'payment_allocations',
];

const EVENTS = ['insert', 'update', 'delete'];

/**
 * Drops the analytics data-version triggers (an AFTER INSERT, UPDATE and DELETE trigger per table that bumped
 * `analytics_versions.version`): the application moves the version in every writing transaction itself
 * (shared/data-version.ts), so the schema runs on engines without triggers (docs/scaling.md). `IF EXISTS`: databases
 * migrated after the triggers left the earlier migrations have none. The versions the triggers kept stay as they are
 * (the application only ever adds to them). `down` leaves the triggers dropped: the application keeps moving the
 * version whichever version of the schema it runs on, and a database without triggers is the only one its
 * migrations may describe (migrations-portability.spec.ts).
 */
export class DropAnalyticsVersionTriggers1732004000000 implements MigrationInterface {
  name = 'DropAnalyticsVersionTriggers1732004000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      for (const event of EVENTS) await q.query(`DROP TRIGGER IF EXISTS trg_${table}_${event}_analytics`);
    }
  }

  async down(): Promise<void> {
    // Nothing to restore: see the class comment.
  }
}
