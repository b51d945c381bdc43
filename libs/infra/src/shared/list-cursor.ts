import { ValidationFailed } from '@app/domain/shared/domain-error';
import { PageRequest, TOMBSTONE_DAYS, Tombstone } from '@app/domain/shared/pagination';

/** What the cursor code needs of a list query (see versioned-list.ts): its table, WHERE and sort column. */
export interface CursorListQuery {
  accountId: number;
  table: string;
  where: string;
  params: unknown[];
  /** The sort key is `d.<dateColumn> DESC, d.id DESC`. */
  dateColumn: string;
  sortIndex?: string;
}

export interface Queryable {
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
  inTransaction(): boolean;
}

/** A row's position in a list's order: its sort column's value and its id. */
export type SortKey = [string, number];

/**
 * The list query with the incremental-sync parameters applied: `updatedSince` as one more condition on
 * `d.updated_at`, and `order = 'updated_at'` as the sort column (the table's (account_id, updated_at, id)
 * index is named when the rest of the WHERE is the account alone).
 */
export function withSync<Q extends CursorListQuery>(q: Q, page: PageRequest): Q {
  let out = q;
  if (page.order === 'updated_at') {
    const accountOnly = q.where === 'd.account_id = ?';
    out = { ...out, dateColumn: 'updated_at', sortIndex: accountOnly ? `ix_${q.table}_account_updated` : undefined };
  }
  if (page.updatedSince !== undefined) {
    out = { ...out, where: `${out.where} AND d.updated_at >= ?`, params: [...out.params, page.updatedSince] };
  }
  return out;
}

/**
 * The sort key of the cursor row, looked up by id in the account's rows of the table (whether or not it
 * still matches the list's filters), or, when it was deleted while a client paged, in its tombstone: a
 * cursor stays valid for TOMBSTONE_DAYS after its row is gone. Any other id (another account's, one that
 * never existed) is a validation error naming the parameter.
 */
export async function cursorKey(db: Queryable, q: CursorListQuery, id: number, field: string): Promise<SortKey> {
  const column = q.dateColumn;
  const deletedColumn = column === 'id' ? 'resource_id' : column === 'updated_at' || column === 'created_at' ? column : 'sort_date';
  const rows = await db.query<{ k: string; id: number }>(
    `SELECT d.${column} AS k, d.id FROM ${q.table} d WHERE d.account_id = ? AND d.id = ?
     UNION ALL
     SELECT t.${deletedColumn} AS k, t.resource_id AS id FROM list_tombstones t WHERE t.account_id = ? AND t.resource = ? AND t.resource_id = ?
     LIMIT 1`,
    [q.accountId, id, q.accountId, q.table, id],
  );
  if (!rows.length) throw ValidationFailed.field(field, 'is not the id of a row of this list');
  return [String(rows[0].k), Number(rows[0].id)];
}

/**
 * Rows strictly after (`after`) or strictly before (`before`) a sort key in the (date DESC, id DESC) order,
 * as a condition on the (account, date, id) index, written as two ranges like the bookmarks' (versioned-list.ts).
 */
export function keysetCondition(q: CursorListQuery, key: SortKey, direction: 'after' | 'before'): { sql: string; params: unknown[] } {
  const c = `d.${q.dateColumn}`;
  const [lt, idOp] = direction === 'after' ? ['<', '<'] : ['>', '>'];
  return { sql: ` AND (${c} ${lt} ? OR (${c} = ? AND d.id ${idOp} ?))`, params: [key[0], key[0], key[1]] };
}

/** The deletions of the list's table for the account since `updatedSince` (at most TOMBSTONE_DAYS back), newest first. */
export async function tombstonesOf(db: Queryable, q: CursorListQuery, page: PageRequest): Promise<Tombstone[]> {
  const since = page.updatedSince ? ' AND t.deleted_at >= ?' : '';
  const rows = await db.query<{ id: number; deleted_at: string }>(
    `SELECT t.resource_id AS id, t.deleted_at FROM list_tombstones t
      WHERE t.account_id = ? AND t.resource = ? AND t.deleted_at >= UTC_TIMESTAMP() - INTERVAL ${TOMBSTONE_DAYS} DAY${since}
      ORDER BY t.deleted_at DESC, t.resource_id DESC`,
    [q.accountId, q.table, ...(page.updatedSince ? [page.updatedSince] : [])],
  );
  return rows.map((r) => ({ id: Number(r.id), deletedAt: String(r.deleted_at) }));
}
