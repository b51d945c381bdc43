import { EntityManager } from 'typeorm';
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
 * The page's ids, newest document date first and ties by id descending, read from the index alone
 * (deferred join: the caller then loads just these rows), and the count under the same conditions.
 */
export async function pageOfIds(
  manager: EntityManager,
  t: DocumentTable,
  conditions: SqlConditions,
  page: PageRequest,
): Promise<{ ids: number[]; total: number }> {
  const where = conditions.sql();
  const [rows, counted] = await Promise.all([
    manager.query(
      `SELECT d.id FROM ${t.table} d WHERE ${where} ORDER BY d.${t.dateColumn} DESC, d.id DESC LIMIT ? OFFSET ?`,
      [...conditions.params, page.limit, page.offset],
    ) as Promise<Array<{ id: number }>>,
    manager.query(`SELECT COUNT(*) AS total FROM ${t.table} d WHERE ${where}`, conditions.params) as Promise<Array<{ total: string | number }>>,
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(counted[0].total) };
}

/** `rows` in the order of `ids`. */
export function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}
