import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose list-sync triggers migration 1732003200000 created on databases that ran its first form. */
const TABLES = [
  'invoices',
  'quotations',
  'proforma_invoices',
  'debit_notes',
  'credit_notes',
  'clients',
  'inventory_items',
  'expenses',
  'payments',
  'recurring_invoices',
];

/**
 * Drops the list-sync triggers (`updated_at` touch on update, tombstone on delete): the application stamps
 * `updated_at` and writes `list_tombstones` in the writing transaction (shared/list-sync.ts), so the schema
 * runs on engines without triggers. `IF EXISTS`: databases migrated after the triggers left the earlier
 * migration have none.
 */
export class DropListSyncTriggers1732003800000 implements MigrationInterface {
  name = 'DropListSyncTriggers1732003800000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`DROP TRIGGER IF EXISTS trg_${table}_update_touch`);
      await q.query(`DROP TRIGGER IF EXISTS trg_${table}_delete_tombstone`);
    }
  }

  async down(): Promise<void> {
    // The application keeps `updated_at` and the tombstones itself; there is nothing to bring back.
  }
}
