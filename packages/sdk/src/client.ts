import createClient, { type Client } from 'openapi-fetch';
import { InvoicingApiError } from './errors';
import { CURSOR_PAGED_PATHS } from './generated/operations';
import type { paths } from './generated/schema';
import { ListParams, ListPath, ListRow, PageAnswer, PageOptions, paginate } from './pagination';
import { createTransport, TransportOptions } from './transport';

export interface InvoicingClientOptions extends TransportOptions {
  /** Where the API is, without `/v1` (`https://api.example.in`). */
  baseUrl: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A list's filters and page options; the filters are required when the list has path parameters. */
export type PaginateArgs<P extends ListPath> =
  { path?: never } extends ListParams<P>
    ? [params?: ListParams<P>, options?: PageOptions<ListRow<P>>]
    : [params: ListParams<P>, options?: PageOptions<ListRow<P>>];

/** openapi-fetch's client for the API's paths, with a paginator. */
export interface InvoicingClient extends Client<paths> {
  /**
   * Every row of a list, fetched page by page as the loop asks for them (`for await`): by cursor where the list
   * has cursors, else by offset. Throws `InvoicingApiError` when a page fails.
   */
  paginate<P extends ListPath>(path: P, ...args: PaginateArgs<P>): AsyncGenerator<ListRow<P>, void, undefined>;
}

/**
 * A client of the API: every operation of openapi/openapi.json, typed (`GET`, `POST`, `PATCH`, `DELETE` of
 * openapi-fetch), authenticated, with an `Idempotency-Key` on each POST and retries of 429 and 503 answers.
 */
export function createInvoicingClient(options: InvoicingClientOptions): InvoicingClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, headers: options.headers, fetch: createTransport(options) });
  // The paginator sends a query the generic types cannot follow (its own paging parameters); its callers' types
  // are checked by `paginate`'s signature.
  const get = client.GET as unknown as (url: string, init: object) => Promise<Answer<unknown>>;
  function paginateList<P extends ListPath>(path: P, ...[params, pageOptions]: PaginateArgs<P>): AsyncGenerator<ListRow<P>, void, undefined> {
    const fetchPage = async (paging: Record<string, string | number>): Promise<PageAnswer> => {
      const page = await unwrap(get(path, { params: { path: params?.path, query: { ...params?.query, ...paging } } }));
      if (typeof page !== 'object' || page === null) throw new Error(`${path}: the answer is not a list`);
      return { ...page };
    };
    return paginate<ListRow<P>>(fetchPage, CURSOR_PAGED_PATHS.includes(path), pageOptions);
  }
  return Object.assign(client, { paginate: paginateList });
}

/** What openapi-fetch resolves a call to. */
export type Answer<D> = { data: D; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/**
 * The payload of a success envelope `{ok: true, data}` (openapi-fetch types a call's `data` as possibly undefined,
 * for its error branch: an unwrapped answer is never that).
 */
export type Payload<D> = D extends undefined ? never : D extends { ok: true; data: infer P } ? P : D;

/**
 * Awaits a call and returns the `data` of its envelope, or throws `InvoicingApiError` with the error envelope's
 * `code`, `message` and `details` when the API answered an error.
 */
export async function unwrap<D>(call: Promise<Answer<D>>): Promise<Payload<D>> {
  const answer = await call;
  if (answer.error !== undefined || !answer.response.ok) throw InvoicingApiError.fromAnswer(answer.response, answer.error);
  const body: unknown = answer.data;
  const payload = typeof body === 'object' && body !== null && 'ok' in body && 'data' in body ? body.data : body;
  return payload as Payload<D>;
}

/**
 * Awaits a file download made with `parseAs: 'arrayBuffer'` (a PDF, a ZIP, an XLSX workbook) and returns its bytes,
 * or throws `InvoicingApiError` when the API answered an error.
 */
export async function bytes(call: Promise<Answer<ArrayBuffer>>): Promise<Uint8Array> {
  const answer = await call;
  if (answer.error !== undefined || !answer.response.ok || answer.data === undefined) throw InvoicingApiError.fromAnswer(answer.response, answer.error);
  return new Uint8Array(answer.data);
}
