import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { mayDeliverTo } from '../net/address-policy';
import { OrdersPage, ShopAdminApi } from '@app/domain/storefront/storefront.ports';
import type { StorefrontConfig } from '../config/storefront-config';
import { parseJson } from '@app/domain/shared/json';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A failure of the shop's admin API: its status (null: no answer) and what happened. */
export class ShopApiError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ShopApiError';
  }
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Waits `ms`, or less when `signal` aborts (then throws its reason). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The `page_info` of the `rel="next"` link of a `Link` header (RFC 8288), or null on the last page. Only the
 * cursor is kept: the next request is built on the shop's own base URL, never on a host the header names.
 * Written here because the header's grammar needed is this small (no parser in our dependencies).
 */
export function nextCursorOf(link: string | string[] | undefined): string | null {
  const value = Array.isArray(link) ? link.join(', ') : (link ?? '');
  for (const part of value.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match || !/(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2])) continue;
    try {
      return new URL(match[1], 'http://base.invalid').searchParams.get('page_info');
    } catch {
      return null;
    }
  }
  return null;
}

/** Seconds of a Retry-After header (a number or an HTTP date) as milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/**
 * The shop platform's admin API over node:http(s) (docs/storefront.md, "Admin API"):
 * `{scheme}://{shop}[:{port}]/admin/api/{version}/...` with the token in the configured header. The SSRF guard
 * is the outbound webhooks' one: every address the shop's host resolves to must be public (loopback too with
 * STOREFRONT_ALLOW_INSECURE), and the socket connects to the address that was checked.
 */
export class HttpShopAdminApi extends ShopAdminApi {
  constructor(private readonly config: StorefrontConfig) {
    super();
  }

  async checkToken(shop: string, token: string): Promise<'ok' | 'invalid' | 'unreachable'> {
    try {
      const answer = await this.call('GET', shop, token, '/shop.json');
      if (answer.status === 401 || answer.status === 403) return 'invalid';
      if (answer.status !== 200) return 'unreachable';
      return this.json(answer).shop ? 'ok' : 'unreachable';
    } catch {
      return 'unreachable';
    }
  }

  async registerWebhooks(shop: string, token: string, topics: readonly string[], address: string, secret: string): Promise<string[]> {
    const ids: string[] = [];
    for (const topic of topics) {
      const answer = await this.call('POST', shop, token, '/webhooks.json', { webhook: { topic, address, format: 'json', secret } });
      if (answer.status !== 200 && answer.status !== 201) throw new ShopApiError(answer.status, `webhook registration answered ${answer.status}`);
      const id = (this.json(answer).webhook as { id?: unknown } | undefined)?.id;
      if (typeof id === 'number' || typeof id === 'string') ids.push(String(id));
    }
    return ids;
  }

  async unregisterWebhooks(shop: string, token: string, ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.call('DELETE', shop, token, `/webhooks/${encodeURIComponent(id)}.json`).catch(() => undefined)));
  }

  async countOrders(shop: string, token: string, since: string | null): Promise<number | null> {
    const query = new URLSearchParams({ status: 'any' });
    if (since) query.set('created_at_min', `${since.replace(' ', 'T')}Z`);
    try {
      const answer = await this.retrying('GET', shop, token, `/orders/count.json?${query.toString()}`);
      const count = this.json(answer).count;
      return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
    } catch {
      return null;
    }
  }

  async ordersPage(shop: string, token: string, q: { since: string | null; cursor: string | null }, signal?: AbortSignal): Promise<OrdersPage> {
    // With a cursor the platforms take only the limit beside it; the cursor carries the filters of the first page.
    const query = new URLSearchParams({ limit: String(this.config.pageSize) });
    if (q.cursor) query.set('page_info', q.cursor);
    else {
      query.set('status', 'any');
      query.set('order', 'created_at asc');
      if (q.since) query.set('created_at_min', `${q.since.replace(' ', 'T')}Z`);
    }
    const answer = await this.retrying('GET', shop, token, `/orders.json?${query.toString()}`, signal);
    const orders = this.json(answer).orders;
    if (!Array.isArray(orders)) throw new ShopApiError(answer.status, 'the orders page has no orders array');
    return { orders, next: nextCursorOf(answer.headers.link) };
  }

  /** A GET that waits out 429 (Retry-After) and retries 5xx and lost connections with doubling back-off. */
  private async retrying(method: string, shop: string, token: string, path: string, signal?: AbortSignal): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      let answer: Answer | null = null;
      let failure: string;
      try {
        answer = await this.call(method, shop, token, path, undefined, signal);
        if (answer.status >= 200 && answer.status < 300) return answer;
        failure = `the admin API answered ${answer.status}`;
        if (answer.status !== 429 && answer.status < 500) throw new ShopApiError(answer.status, failure);
      } catch (error) {
        if (error instanceof ShopApiError || signal?.aborted) throw error;
        failure = `the admin API did not answer (${(error as Error).message})`;
      }
      if (attempt >= this.config.maxRetries) throw new ShopApiError(answer?.status ?? null, failure);
      const backoff = this.config.backoffMs * 2 ** Math.min(attempt, 16);
      const wait = answer?.status === 429 ? (retryAfterMs(answer.headers['retry-after']) ?? backoff) : backoff;
      await pause(Math.min(wait, this.config.maxRetryAfterMs), signal);
    }
  }

  private json(answer: Answer): Record<string, unknown> {
    try {
      const parsed: unknown = parseJson(answer.body);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw new ShopApiError(answer.status, 'the admin API answered something that is not JSON');
    }
  }

  /** The address to connect to: the host's, when every address it resolves to may be reached. */
  private async resolve(host: string): Promise<{ address: string; family: 4 | 6 }> {
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
    if (!addresses.length) throw new ShopApiError(null, 'the shop domain does not resolve');
    if (addresses.some((a) => !mayDeliverTo(a.address, this.config.allowInsecure)))
      throw new ShopApiError(null, 'the shop domain resolves to an address that may not be reached');
    return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
  }

  private async call(method: string, shop: string, token: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Answer> {
    const target = await this.resolve(shop);
    const { scheme, port, apiVersion, tokenHeader, timeoutMs } = this.config;
    const url = new URL(`${scheme}://${shop}${port ? `:${port}` : ''}/admin/api/${apiVersion}${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const send = scheme === 'https' ? httpsRequest : httpRequest;
    return new Promise<Answer>((resolve, reject) => {
      const req = send(
        url,
        {
          method,
          headers: {
            [tokenHeader]: token,
            Accept: 'application/json',
            'User-Agent': 'Invoicing-Storefront/1',
            ...(payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) }),
          },
          lookup: pinned,
          timeout: timeoutMs,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) req.destroy(new Error('answer too large'));
            else chunks.push(chunk);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}
