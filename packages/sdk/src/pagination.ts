import type { paths } from './generated/schema';

/** The GET operation of a path (never for a path without one). */
type GetOf<P> = P extends keyof paths ? (paths[P] extends { get: infer O } ? O : never) : never;
type QueryOf<P> = NonNullable<GetOf<P> extends { parameters: { query?: infer Q } } ? Q : never>;
type PathParamsOf<P> = GetOf<P> extends { parameters: { path: infer X } } ? X : never;
type AnswerOf<P> = GetOf<P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/** The query parameters the paginator sets itself. */
type PageKeys = 'limit' | 'offset' | 'starting_after' | 'ending_before';

/** A list operation: a GET that takes `limit` and either `offset` or `starting_after`. */
export type ListPath = {
  [P in keyof paths]: [QueryOf<P>] extends [never]
    ? never
    : 'limit' extends keyof QueryOf<P>
      ? 'offset' extends keyof QueryOf<P>
        ? P
        : 'starting_after' extends keyof QueryOf<P>
          ? P
          : never
      : never;
}[keyof paths];

/** The fields of a list answer that may hold its rows: all but the optional `tombstones` of `include_deleted`. */
type RowKeys<P extends ListPath> = Exclude<keyof AnswerOf<P>, 'tombstones'>;
/** A row of a list: the element of the array its answer's `data` holds (`invoices`, `clients`, ...). */
export type ListRow<P extends ListPath> = { [K in RowKeys<P>]-?: NonNullable<AnswerOf<P>[K]> extends ReadonlyArray<infer R> ? R : never }[RowKeys<P>];

/** The filters of a list (its query less the paging parameters) and, for a nested list, its path parameters. */
export type ListParams<P extends ListPath> = { query?: Omit<QueryOf<P>, PageKeys> } & ([PathParamsOf<P>] extends [never]
  ? { path?: never }
  : { path: PathParamsOf<P> });

export interface PageOptions<Row> {
  /** Rows asked for per request (default 100; the API allows 1 to 200). */
  pageSize?: number;
  /**
   * The cursor of a row, sent as `starting_after` for the next page: by default its `id`, else its first field
   * named `*_id` (`invoice_id`, `client_id`, ...), the id of the list's order.
   */
  cursorOf?: (row: Row) => string | number;
}

/** One page as the API answered it: the `data` of the envelope. */
export type PageAnswer = Record<string, unknown>;

/** How the paginator asks for a page: the query's paging parameters; answers the envelope's `data`. */
export type PageFetcher = (paging: Record<string, string | number>) => Promise<PageAnswer>;

/**
 * Every row of a list, page after page. A list whose operation takes `starting_after` and whose answer says
 * `has_more` is paged by cursor (stable while rows are added or deleted meanwhile); any other by `offset` until
 * `total` rows are read (or, for a list without `total`, until a page comes back short).
 */
export async function* paginate<Row>(fetchPage: PageFetcher, acceptsCursor: boolean, options: PageOptions<Row> = {}): AsyncGenerator<Row, void, undefined> {
  const limit = options.pageSize ?? 100;
  const cursorOf = options.cursorOf ?? defaultCursor;
  let paging: Record<string, string | number> = { limit };
  let read = 0;
  for (;;) {
    const answer = await fetchPage(paging);
    const rows: Row[] = rowsOf(answer);
    for (const row of rows) yield row;
    read += rows.length;
    const last = rows[rows.length - 1];
    if (last === undefined) return;
    const hasMore = answer.has_more;
    if (acceptsCursor && typeof hasMore === 'boolean') {
      if (!hasMore) return;
      paging = { limit, starting_after: cursorOf(last) };
      continue;
    }
    const total = answer.total;
    if (typeof total === 'number' ? read >= total : rows.length < limit) return;
    paging = { limit, offset: read };
  }
}

/** The list's rows: the one array of the answer's `data`. */
function rowsOf<Row>(answer: PageAnswer): Row[] {
  const [rows, ...others] = Object.values(answer).filter((v): v is Row[] => Array.isArray(v));
  if (rows === undefined || others.length) throw new Error(`a list answer holds one array, this one ${others.length + (rows ? 1 : 0)}`);
  return rows;
}

function defaultCursor(row: unknown): string | number {
  if (typeof row === 'object' && row !== null) {
    const fields = Object.entries(row);
    const id = fields.find(([k]) => k === 'id') ?? fields.find(([k]) => k.endsWith('_id'));
    if (id && (typeof id[1] === 'number' || typeof id[1] === 'string')) return id[1];
  }
  throw new Error('cannot tell the cursor of a row: pass cursorOf');
}
