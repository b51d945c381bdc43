import { DocumentListFilter, documentDateRange } from '@app/domain/documents/document-list-filter';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { LIST_CACHE, Queryable } from '../shared/versioned-list';

/** A sales document table as the list query sees it (aliased `d`). */
export interface DocumentTable {
  table: string;
  numberColumn: string;
  dateColumn: string;
  /** Index on (account_id, dateColumn, id). */
  sortIndex?: string;
}

/** WHERE conditions and their parameters, joined with AND. */
export class SqlConditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  /** Tables other than the listed one that the conditions read. */
  readonly reads: string[] = [];

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  sql(): string {
    return this.parts.join(' AND ');
  }
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The filters every document list has: account, document date range (`fy_start_year` wins over
 * `date_from`/`date_to`), client, and `search` on the number or the name of a client of the account.
 */
export function documentConditions(t: DocumentTable, accountId: number, filter: DocumentListFilter): SqlConditions {
  const c = new SqlConditions().add('d.account_id = ?', accountId);
  const { from, to } = documentDateRange(filter);
  if (from) c.add(`d.${t.dateColumn} >= ?`, from);
  if (to) c.add(`d.${t.dateColumn} <= ?`, to);
  if (filter.clientId !== undefined) c.add('d.client_id = ?', filter.clientId);
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    c.reads.push('clients');
    c.add(
      `(d.${t.numberColumn} LIKE ? OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id AND c.account_id = d.account_id AND c.name LIKE ?))`,
      like,
      like,
    );
  }
  return c;
}

/**
 * One page of rows, newest document date first and ties by id descending, and the exact count under the
 * same conditions. The page is a deferred join: the inner query reads the page's ids from the index alone,
 * and only those rows are fetched. The count and the deep-page bookmarks are kept under the account's
 * data version (shared/versioned-list.ts), so a repeated list runs one statement. `select` lists the outer
 * columns (aliased from `d`).
 */
export function pageOfRows<R>(
  db: Queryable,
  t: DocumentTable,
  accountId: number,
  conditions: SqlConditions,
  page: PageRequest,
  select: string,
): Promise<Page<R>> {
  const where = conditions.sql();
  const accountAndDates = conditions.parts.every((part) => part.startsWith('d.account_id ') || part.startsWith(`d.${t.dateColumn} `));
  return LIST_CACHE.page<R>(
    db,
    {
      accountId,
      table: t.table,
      reads: conditions.reads,
      where,
      params: conditions.params,
      dateColumn: t.dateColumn,
      select,
      sortIndex: accountAndDates ? t.sortIndex : undefined,
    },
    page,
  );
}
