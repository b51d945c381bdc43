import { ValidationFailed } from '@app/domain/shared/domain-error';
import { isCursorPage, Page, PageRequest } from '@app/domain/shared/pagination';
import { Queryable } from './list-cursor';

export type Direction = 'ASC' | 'DESC';

/**
 * A list read by offset or by cursor over one table aliased `d` (the lists outside the versioned cache:
 * logs, feeds, sub-resources). Its order is a list of columns of `d`, the last one `id`, each ascending or
 * descending: a cursor page is a keyset read from the cursor row's values of those columns.
 */
export interface KeysetQuery {
  /** The table whose ids the cursors name, aliased `d`. */
  table: string;
  /** Joins the outer `select` reads (never filtering: the WHERE reads `d` only). */
  joins?: string;
  /** The list's condition over `d` (the account first), and its parameters. */
  where: string;
  params: unknown[];
  /** The rows a cursor may name (the account's rows of the list's parent), whether or not they match the filters; the list's own rows by default. */
  scope?: string;
  scopeParams?: unknown[];
  order: ReadonlyArray<readonly [column: string, direction: Direction]>;
  /** The outer columns. */
  select: string;
  /** When a row last changed, as SQL over `d`, which `updated_since` compares (`d.updated_at`; `d.created_at` for an append-only log). */
  changed?: string;
  /** The list's total where it is kept (a counter moved with every write of the list's rows); else, and with `updated_since`, a COUNT. */
  total?: () => Promise<number>;
}

/** A page of the list with its total and whether more rows follow in the direction it was read. */
export async function keysetPage<R>(db: Queryable, list: KeysetQuery, page: PageRequest): Promise<Page<R>> {
  const q =
    page.updatedSince !== undefined && list.changed
      ? { ...list, where: `${list.where} AND ${list.changed} >= ?`, params: [...list.params, page.updatedSince] }
      : list;
  const total =
    list.total && page.updatedSince === undefined
      ? list.total()
      : db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${q.table} d WHERE ${q.where}`, q.params).then((r) => Number(r[0].n));
  if (!isCursorPage(page)) {
    const [rows, count] = await Promise.all([read<R>(db, q, '', [], q.order, page.limit, page.offset), total]);
    return { rows, total: count, hasMore: page.offset + rows.length < count };
  }
  // Settle the count's promise whatever the cursor turns out to be (a refused cursor leaves none unhandled).
  total.catch(() => undefined);
  const before = page.endingBefore !== undefined;
  const field = before ? 'ending_before' : 'starting_after';
  const key = await cursorValues(db, list, (before ? page.endingBefore : page.startingAfter) as number, field);
  const order = before ? q.order.map(([c, d]) => [c, d === 'ASC' ? 'DESC' : 'ASC'] as const) : q.order;
  const keyset = afterKey(order, key);
  const got = await read<R>(db, q, ` AND ${keyset.sql}`, keyset.params, order, page.limit + 1, 0);
  const hasMore = got.length > page.limit;
  const rows = got.slice(0, page.limit);
  return { rows: before ? rows.reverse() : rows, total: await total, hasMore };
}

function read<R>(db: Queryable, q: KeysetQuery, extra: string, extraParams: unknown[], order: KeysetQuery['order'], limit: number, offset: number) {
  const orderBy = order.map(([c, d]) => `d.${c} ${d}`).join(', ');
  return db.query<R>(`SELECT ${q.select} FROM ${q.table} d${q.joins ? ` ${q.joins}` : ''} WHERE ${q.where}${extra} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [
    ...q.params,
    ...extraParams,
    limit,
    offset,
  ]);
}

/** The cursor row's values of the order's columns; an id that is no row the list's cursors may name is a 400 naming the parameter. */
async function cursorValues(db: Queryable, q: KeysetQuery, id: number, field: string): Promise<unknown[]> {
  const columns = q.order.map(([c], i) => `d.${c} AS k${i}`).join(', ');
  const [row] = await db.query<Record<string, unknown>>(`SELECT ${columns} FROM ${q.table} d WHERE ${q.scope ?? q.where} AND d.id = ? LIMIT 1`, [
    ...(q.scope ? (q.scopeParams ?? []) : q.params),
    id,
  ]);
  if (!row) throw ValidationFailed.field(field, 'is not the id of a row of this list');
  return q.order.map((_, i) => row[`k${i}`]);
}

/**
 * Rows strictly after a key in an order of columns with their directions:
 * `c1 > v1 OR (c1 = v1 AND (c2 > v2 OR (c2 = v2 AND ...)))`, `<` for a descending column.
 */
export function afterKey(order: KeysetQuery['order'], key: unknown[]): { sql: string; params: unknown[] } {
  const [[column, direction], ...rest] = order;
  const step = `d.${column} ${direction === 'ASC' ? '>' : '<'} ?`;
  if (!rest.length) return { sql: `(${step})`, params: [key[0]] };
  const inner = afterKey(rest, key.slice(1));
  return { sql: `(${step} OR (d.${column} = ? AND ${inner.sql}))`, params: [key[0], key[0], ...inner.params] };
}

/** A list of columns (`a, b`) as columns of `d` (`d.a, d.b`). */
export function ofD(columns: string): string {
  return columns
    .split(',')
    .map((c) => `d.${c.trim()}`)
    .join(', ');
}
