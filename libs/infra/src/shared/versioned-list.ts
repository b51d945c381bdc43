import { isCursorPage, Page, PageRequest } from '@app/domain/shared/pagination';
import { ANALYTICS_SOURCE_TABLES } from './data-version';
import { cursorKey, keysetCondition, Queryable, tombstonesOf, withSync } from './list-cursor';

export type { Queryable } from './list-cursor';

/** What a list query needs: a table aliased `d`, its WHERE, the sort key (both columns descending) and the outer columns. */
export interface ListQuery {
  accountId: number;
  /** The header table (aliased `d`). */
  table: string;
  /** Other tables the WHERE reads (a search on client names reads `clients`). */
  reads?: readonly string[];
  where: string;
  params: unknown[];
  /** The sort key: `d.<dateColumn> DESC, d.id DESC`. */
  dateColumn: string;
  /** The outer columns (aliased from `d`). */
  select: string;
  /**
   * The (account_id, date, id) index to read the page's ids from, named when the WHERE is only the account
   * and a date range: left to itself the optimizer reads every entry of the account newest first and
   * filters the dates (for last year's list, a whole year of entries before the first row), where a
   * range on the index starts at the right date.
   */
  sortIndex?: string;
}

interface Entry {
  version: string;
  total: number;
  /** Sort keys of the rows at positions 0, STRIDE, 2 * STRIDE, ... (filled by the first deep page). */
  marks?: Array<[string, number]>;
}

/** Rows between two bookmarks: a deep page skips fewer than this many index entries. */
export const STRIDE = 1000;
const MAX_ENTRIES = 2000;
/** The account's data version (0 before its first write), as a scalar subquery bound to the account id. */
const VERSION = '(SELECT COALESCE(MAX(v.version), 0) FROM analytics_versions v WHERE v.account_id = ?)';
const VERSIONED = new Set<string>(ANALYTICS_SOURCE_TABLES);

/**
 * Pages of a list with their exact total, the total and the deep-page bookmarks kept in this process under
 * the account's data version: `analytics_versions.version`, which every insert, update and delete of
 * the tables it covers moves inside the writing transaction (shared/data-version.ts), whatever process
 * wrote. Every page statement reads the version in the same
 * statement (one snapshot), so a cached figure is used only when it was counted on the data the page
 * was read from; any write anywhere makes the next request count again. Without the cache a page costs
 * a COUNT over every matching row, and a deep OFFSET walks every index entry before it; with it, one
 * statement reads the page and, past the first STRIDE rows, starts from the nearest bookmark (a keyset
 * condition on the sort key) and skips fewer than STRIDE entries.
 * Lists over tables the version does not cover, and reads inside a transaction (whose own uncommitted
 * writes the version would show), count every time.
 * A small own map rather than an LRU library: entries are a few numbers, and the cap is the only policy.
 */
export class VersionedListCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * One page with the list's exact total and whether more rows follow, after the incremental-sync
   * parameters are applied (`updatedSince`, `order`, see list-cursor.ts). A cursor page is a keyset read
   * from the cursor row's sort key, as cheap at any depth as the first page; an offset page goes through
   * the bookmarks below. With `includeDeleted`, the first page carries the list's tombstones.
   */
  async page<R>(db: Queryable, list: ListQuery, page: PageRequest): Promise<Page<R>> {
    const q = withSync(list, page);
    const first = !isCursorPage(page) && page.offset === 0;
    const [answer, tombstones] = await Promise.all([
      isCursorPage(page) ? this.cursorPage<R>(db, q, page) : this.offsetPage<R>(db, q, page),
      page.includeDeleted && first ? tombstonesOf(db, q, page) : undefined,
    ]);
    return tombstones ? { ...answer, tombstones } : answer;
  }

  private async offsetPage<R>(db: Queryable, q: ListQuery, page: PageRequest): Promise<Page<R>> {
    const { rows, total } = await this.byOffset<R>(db, q, page);
    return { rows, total, hasMore: page.offset + rows.length < total };
  }

  /**
   * The `limit` rows after (or before) the cursor row's sort key, one more read to tell whether more follow;
   * the total under the data version as for an offset page.
   */
  private async cursorPage<R>(db: Queryable, q: ListQuery, page: PageRequest): Promise<Page<R>> {
    const before = page.endingBefore !== undefined;
    const key = await cursorKey(db, q, (before ? page.endingBefore : page.startingAfter) as number, before ? 'ending_before' : 'starting_after');
    const keyset = keysetCondition(q, key, before ? 'before' : 'after');
    const inner = before ? `d.${q.dateColumn} ASC, d.id ASC` : this.order(q);
    const read = await db.query<R>(
      `SELECT ${q.select}, ${VERSION} AS list_version FROM ${q.table} d
         JOIN (SELECT d.id FROM ${q.table} d${hint(q)} WHERE ${q.where}${keyset.sql} ORDER BY ${inner} LIMIT ?) page ON page.id = d.id
        ORDER BY ${this.order(q)}`,
      [q.accountId, ...q.params, ...keyset.params, page.limit + 1],
    );
    const hasMore = read.length > page.limit;
    const rows = hasMore ? (before ? read.slice(read.length - page.limit) : read.slice(0, page.limit)) : read;
    return { rows, total: await this.totalAt(db, q, rows.length ? versionOf(rows[0]) : undefined), hasMore };
  }

  /** The list's total: the one kept for the version the page was read at, else counted (and kept). */
  private async totalAt(db: Queryable, q: ListQuery, version: string | undefined): Promise<number> {
    if (db.inTransaction() || !this.versioned(q)) return (await this.count(db, q)).total;
    const key = this.keyOf(q);
    const entry = this.entries.get(key);
    if (entry && version !== undefined && entry.version === version) return entry.total;
    const counted = await this.count(db, q);
    this.remember(key, counted.version === entry?.version ? { ...counted, marks: entry.marks } : counted);
    return counted.total;
  }

  private versioned(q: ListQuery): boolean {
    return [q.table, ...(q.reads ?? [])].every((t) => VERSIONED.has(t));
  }

  private keyOf(q: ListQuery): string {
    return `${q.accountId}\u0000${q.table}\u0000${q.dateColumn}\u0000${q.where}\u0000${JSON.stringify(q.params)}`;
  }

  private async byOffset<R>(db: Queryable, q: ListQuery, page: PageRequest): Promise<{ rows: R[]; total: number }> {
    if (db.inTransaction() || !this.versioned(q)) return this.uncached<R>(db, q, page);
    const key = this.keyOf(q);
    let entry = this.entries.get(key);
    if (page.offset >= STRIDE) {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!entry?.marks) entry = this.remember(key, await this.marks(db, q));
        if (page.offset >= entry.total) break;
        const rows = await this.pageFrom<R>(db, q, page, entry.marks ?? []);
        if (rows.length && versionOf(rows[0]) === entry.version) return { rows, total: entry.total };
        entry = undefined;
      }
      return this.uncached<R>(db, q, page);
    }
    const rows = await this.pageFrom<R>(db, q, page, []);
    const version = rows.length ? versionOf(rows[0]) : undefined;
    if (entry && version !== undefined && entry.version === version) return { rows, total: entry.total };
    const counted = await this.count(db, q);
    this.remember(key, counted.version === entry?.version ? { ...counted, marks: entry.marks } : counted);
    return { rows, total: counted.total };
  }

  private remember(key: string, entry: Entry): Entry {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
    return entry;
  }

  private order(q: ListQuery): string {
    return `d.${q.dateColumn} DESC, d.id DESC`;
  }

  /** One page, the version beside every row; from the bookmark at or before the offset when there is one. */
  private pageFrom<R>(db: Queryable, q: ListQuery, page: PageRequest, marks: Array<[string, number]>): Promise<R[]> {
    const at = Math.min(Math.floor(page.offset / STRIDE), marks.length - 1);
    const mark = at >= 0 ? marks[at] : undefined;
    // Rows at or after the bookmark in the (date DESC, id DESC) order, written as two ranges of the (account, date,
    // id) index. `date <= ? AND (date < ? OR id <= ?)`, the same rows, gives the optimizer only `date <= ?` to range
    // on: with many rows on the bookmark's date it walked all of that date's newer ones (16 ms instead of 0.2 ms for
    // a bookmark 90,000 rows into one date; docs/performance.md, "List totals and deep pages").
    const from = mark ? ` AND (d.${q.dateColumn} < ? OR (d.${q.dateColumn} = ? AND d.id <= ?))` : '';
    const order = this.order(q);
    return db.query<R>(
      `SELECT ${q.select}, ${VERSION} AS list_version FROM ${q.table} d
         JOIN (SELECT d.id FROM ${q.table} d${hint(q)} WHERE ${q.where}${from} ORDER BY ${order} LIMIT ? OFFSET ?) page ON page.id = d.id
        ORDER BY ${order}`,
      [q.accountId, ...q.params, ...(mark ? [mark[0], mark[0], mark[1]] : []), page.limit, page.offset - (mark ? at * STRIDE : 0)],
    );
  }

  private async count(db: Queryable, q: ListQuery): Promise<Entry> {
    const [row] = await db.query<{ total: string | number; list_version: string | number }>(
      `SELECT COUNT(*) AS total, ${VERSION} AS list_version FROM ${q.table} d WHERE ${q.where}`,
      [q.accountId, ...q.params],
    );
    return { total: Number(row.total), version: String(row.list_version) };
  }

  /** The total and the sort key of every STRIDE-th row, in one statement (one snapshot) with the version. */
  private async marks(db: Queryable, q: ListQuery): Promise<Entry> {
    const rows = await db.query<{ k: string; id: number; n: string | number; list_version: string | number }>(
      `SELECT x.k, x.id, x.n, ${VERSION} AS list_version FROM (
         SELECT d.${q.dateColumn} AS k, d.id, ROW_NUMBER() OVER (ORDER BY ${this.order(q)}) AS rn, COUNT(*) OVER () AS n
           FROM ${q.table} d WHERE ${q.where}) x
        WHERE MOD(x.rn - 1, ${STRIDE}) = 0 ORDER BY x.rn`,
      [q.accountId, ...q.params],
    );
    if (!rows.length) return { ...(await this.count(db, q)), marks: [] };
    return { total: Number(rows[0].n), version: String(rows[0].list_version), marks: rows.map((r) => [String(r.k), Number(r.id)]) };
  }

  /** The page and the count side by side, as two statements. */
  private async uncached<R>(db: Queryable, q: ListQuery, page: PageRequest): Promise<{ rows: R[]; total: number }> {
    const order = this.order(q);
    const [rows, counted] = await Promise.all([
      db.query<R>(
        `SELECT ${q.select} FROM ${q.table} d
           JOIN (SELECT d.id FROM ${q.table} d${hint(q)} WHERE ${q.where} ORDER BY ${order} LIMIT ? OFFSET ?) page ON page.id = d.id
          ORDER BY ${order}`,
        [...q.params, page.limit, page.offset],
      ),
      db.query<{ total: string | number }>(`SELECT COUNT(*) AS total FROM ${q.table} d WHERE ${q.where}`, q.params),
    ]);
    return { rows, total: Number(counted[0].total) };
  }
}

function hint(q: ListQuery): string {
  return q.sortIndex ? ` FORCE INDEX (${q.sortIndex})` : '';
}

function versionOf(row: unknown): string {
  return String((row as { list_version: string | number }).list_version);
}

/** The process's cache, shared by every list repository. */
export const LIST_CACHE = new VersionedListCache();
