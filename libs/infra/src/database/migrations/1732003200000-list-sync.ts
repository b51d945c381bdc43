import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The listed tables with incremental sync, and the column their rows' default list order sorts by
 * (kept in a deleted row's tombstone, so that a cursor on a row deleted while a client pages still
 * has its place in the order).
 */
export const SYNCED_TABLES: ReadonlyArray<readonly [table: string, sortColumn: string]> = [
  ['invoices', 'invoice_date'],
  ['quotations', 'quotation_date'],
  ['proforma_invoices', 'proforma_date'],
  ['debit_notes', 'debit_note_date'],
  ['credit_notes', 'credit_note_date'],
  ['clients', 'created_at'],
  ['inventory_items', 'created_at'],
  ['expenses', 'created_at'],
  ['payments', 'payment_date'],
  ['recurring_invoices', 'created_at'],
];

/**
 * Incremental sync of lists (`updated_since`, `order=updated_at`, `include_deleted=1`; docs/api-guide.md):
 * - `list_tombstones`: one row per deleted row of a synced table, written by an AFTER DELETE trigger inside
 *   the deleting transaction, whatever path deleted (use case, bulk delete, cascade code, plain SQL);
 *   housekeeping purges those older than 30 days.
 * - `updated_at` kept on every write: the repositories set it from the clock; a BEFORE UPDATE trigger sets
 *   it to the database's UTC time when an UPDATE left it unchanged (a status flip, a payment allocation, a
 *   statement written without it), so no change escapes `updated_since`.
 * - An (account_id, updated_at, id) index per table for `order=updated_at` and `updated_since`.
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
    for (const [table, sortColumn] of SYNCED_TABLES) {
      await q.query(`ALTER TABLE ${table} ADD KEY ix_${table}_account_updated (account_id, updated_at, id)`);
      await q.query(
        `CREATE TRIGGER trg_${table}_update_touch BEFORE UPDATE ON ${table} FOR EACH ROW
         SET NEW.updated_at = IF(NEW.updated_at <=> OLD.updated_at, UTC_TIMESTAMP(), NEW.updated_at)`,
      );
      await q.query(
        `CREATE TRIGGER trg_${table}_delete_tombstone AFTER DELETE ON ${table} FOR EACH ROW
         INSERT INTO list_tombstones (account_id, resource, resource_id, deleted_at, sort_date, created_at, updated_at)
         VALUES (OLD.account_id, '${table}', OLD.id, UTC_TIMESTAMP(), OLD.${sortColumn}, OLD.created_at, OLD.updated_at)
         ON DUPLICATE KEY UPDATE deleted_at = VALUES(deleted_at)`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table] of SYNCED_TABLES) {
      await q.query(`DROP TRIGGER IF EXISTS trg_${table}_delete_tombstone`);
      await q.query(`DROP TRIGGER IF EXISTS trg_${table}_update_touch`);
      await q.query(`ALTER TABLE ${table} DROP KEY ix_${table}_account_updated`);
    }
    await q.query('DROP TABLE list_tombstones');
  }
}
