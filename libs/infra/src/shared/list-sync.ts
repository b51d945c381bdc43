import { Database } from '../database/database';
import { sqlNow } from './sql-time';

/**
 * The listed tables with incremental sync (`updated_since`, `order=updated_at`, `include_deleted=1`;
 * docs/api-guide.md), and the column their rows' default list order sorts by (kept in a deleted row's
 * tombstone, so that a cursor on a row deleted while a client pages still has its place in the order).
 * Every write to these tables stamps `updated_at` from the clock, and every delete first writes the rows'
 * tombstones with `writeTombstones`, in the deleting transaction.
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

const SORT_COLUMNS = new Map<string, string>(SYNCED_TABLES);

/** Runs one statement (an EntityManager, a QueryRunner or the Database in a transaction). */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Records the tombstones of the rows of `table` that `where` (over the table's own columns, after
 * `account_id = ?`) selects, just before the caller deletes them in the same transaction; a table
 * without sync is left alone. Plain INSERT ... SELECT: no trigger, nothing engine-specific beyond the
 * upsert that keeps one tombstone per row.
 */
export async function writeTombstones(db: SqlRunner, table: string, accountId: number, where: string, params: unknown[], now: Date): Promise<void> {
  const sortColumn = SORT_COLUMNS.get(table);
  if (!sortColumn) return;
  await db.query(
    `INSERT INTO list_tombstones (account_id, resource, resource_id, deleted_at, sort_date, created_at, updated_at)
     SELECT account_id, ?, id, ?, \`${sortColumn}\`, created_at, updated_at FROM \`${table}\` WHERE account_id = ? AND (${where})
     ON DUPLICATE KEY UPDATE deleted_at = VALUES(deleted_at)`,
    [table, sqlNow(now), accountId, ...params],
  );
}

/** Runs `work` in the caller's transaction, or in its own when there is none (a tombstone and its delete commit together). */
export function atomically<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return db.inTransaction() ? work() : db.transaction(work);
}
