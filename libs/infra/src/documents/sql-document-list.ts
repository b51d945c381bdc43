import { DocumentListFilter, documentDateRange } from '@app/domain/documents/document-list-filter';
import { PageRequest } from '@app/domain/shared/pagination';

/** A sales document table as the list query sees it (aliased `d`). */
export interface DocumentTable {
  table: string;
  numberColumn: string;
  dateColumn: string;
}

/** WHERE conditions and their parameters, joined with AND. */
export class SqlConditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

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
    c.add(
      `(d.${t.numberColumn} LIKE ? OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id AND c.account_id = d.account_id AND c.name LIKE ?))`,
      like,
      like,
    );
  }
  return c;
}

/**
 * One page of rows, newest document date first and ties by id descending, and the count under the same
 * conditions (two statements, run side by side). The page is a deferred join: the inner query reads
 * the page's ids from the index alone, so deep offsets stay cheap, and only those rows are fetched.
 * `select` lists the outer columns (aliased from `d`).
 */
export async function pageOfRows<R>(
  db: { query<T>(sql: string, params: unknown[]): Promise<T[]> },
  t: DocumentTable,
  conditions: SqlConditions,
  page: PageRequest,
  select: string,
): Promise<{ rows: R[]; total: number }> {
  const where = conditions.sql();
  const order = `d.${t.dateColumn} DESC, d.id DESC`;
  const [rows, counted] = await Promise.all([
    db.query<R>(
      `SELECT ${select} FROM ${t.table} d
         JOIN (SELECT d.id FROM ${t.table} d WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?) page ON page.id = d.id
        ORDER BY ${order}`,
      [...conditions.params, page.limit, page.offset],
    ),
    db.query<{ total: string | number }>(`SELECT COUNT(*) AS total FROM ${t.table} d WHERE ${where}`, conditions.params),
  ]);
  return { rows, total: Number(counted[0].total) };
}
