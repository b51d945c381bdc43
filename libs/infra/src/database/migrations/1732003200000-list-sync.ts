import { MigrationInterface, QueryRunner } from 'typeorm';

/** The synced tables as this migration first shaped them (the application's list: shared/list-sync.ts). */
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
 * Incremental sync of lists (`updated_since`, `order=updated_at`, `include_deleted=1`; docs/api-guide.md):
 * - `list_tombstones`: one row per deleted row of a synced table, written by the application in the
 *   deleting transaction (shared/list-sync.ts); housekeeping purges those older than 30 days.
 * - An (account_id, updated_at, id) index per table for `order=updated_at` and `updated_since`.
 * This migration first also created BEFORE UPDATE and AFTER DELETE triggers; the application now does
 * their work, and migration 1732003800000 drops them where they were created.
 */
export class ListSync1732003200000 implements MigrationInterface {
  name = 'ListSync1732003200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE list_tombstones (
      account_id INT NOT NULL,
      resource VARCHAR(40) NOT NULL,
      resource_id INT NOT NULL,
      deleted_at DATETIME NOT NULL,
      sort_date DATETIME NULL,
      created_at DATETIME NULL,
      updated_at DATETIME NULL,
      PRIMARY KEY (account_id, resource, resource_id),
      KEY ix_list_tombstones_deleted (account_id, resource, deleted_at),
      KEY ix_list_tombstones_purge (deleted_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} ADD KEY ix_${table}_account_updated (account_id, updated_at, id)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} DROP KEY ix_${table}_account_updated`);
    }
    await q.query('DROP TABLE list_tombstones');
  }
}
