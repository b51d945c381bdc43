import { retryAfterSeconds } from './errors';

/** How the client retries answers that ask for it. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  maxRetries?: number;
  /**
   * The longest wait before one retry, in milliseconds (default 30,000). An answer whose `Retry-After` asks for
   * longer is not retried: it is returned to the caller as it is (a 429 then becomes an `InvoicingApiError`).
   */
  maxDelayMs?: number;
  /** The first wait when an answer gives no `Retry-After`, doubled on each retry (default 500). */
  baseDelayMs?: number;
  /** Told before each wait, e.g. to log it. */
  onRetry?: (retry: RetryNotice) => void;
}

export interface RetryNotice {
  method: string;
  url: string;
  /** 1 for the first retry. */
  attempt: number;
  /** The status that is retried, or null after a network failure. */
  status: number | null;
  delayMs: number;
}

/** A bearer token, or a function that gives the current one (asked before every request, e.g. after a refresh). */
export type TokenSource = string | (() => string | Promise<string>);

export interface TransportOptions {
  apiKey?: string;
  bearerToken?: TokenSource;
  /** `false` leaves POST requests without an `Idempotency-Key` unless the caller sets one; a function makes the keys. */
  idempotencyKeys?: boolean | (() => string);
  retry?: RetryOptions | false;
  fetch?: (request: Request) => Promise<Response>;
}

export type Fetch = (request: Request) => Promise<Response>;

/** Methods that are safe to send again after a network failure without an idempotency key. */
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * The fetch function the client hands to openapi-fetch: it adds the credentials, gives every POST an
 * `Idempotency-Key` (one per call, kept across its retries, so a retried create is made once), and retries
 * 429 and 503 answers after their `Retry-After` (or a doubling back-off), a 409 `idempotency_key_in_use` after its
 * `Retry-After`, and network failures of requests that are safe to repeat. Written here rather than taken from a
 * retry library because the rules are the API's own (which statuses, which requests, the idempotency key), and a
 * fetch wrapper is the place openapi-fetch gives for it (its middleware cannot send a request twice).
 */
export function createTransport(options: TransportOptions): Fetch {
  const send: Fetch = options.fetch ?? ((request) => fetch(request));
  const retry = options.retry === false ? { maxRetries: 0 } : (options.retry ?? {});
  const maxRetries = retry.maxRetries ?? 3;
  const maxDelayMs = retry.maxDelayMs ?? 30_000;
  const baseDelayMs = retry.baseDelayMs ?? 500;
  const newKey = typeof options.idempotencyKeys === 'function' ? options.idempotencyKeys : () => globalThis.crypto.randomUUID();

  return async (request) => {
    if (!request.headers.has('authorization') && !request.headers.has('x-api-key')) {
      if (options.bearerToken) {
        const token = typeof options.bearerToken === 'string' ? options.bearerToken : await options.bearerToken();
        request.headers.set('Authorization', `Bearer ${token}`);
      } else if (options.apiKey) request.headers.set('X-API-Key', options.apiKey);
    }
    if (request.method === 'POST' && options.idempotencyKeys !== false && !request.headers.has('idempotency-key')) {
      request.headers.set('Idempotency-Key', newKey());
    }
    // A request may be sent again when the API cannot run it twice: a method that is repeatable by nature or an
    // idempotency key. A 429 is refused before anything runs, so it is retried whatever the request.
    const repeatable = REPEATABLE.has(request.method) || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        response = await send(last ? request : request.clone());
      } catch (error) {
        if (last || !repeatable) throw error;
        const delayMs = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
        retry.onRetry?.({ method: request.method, url: request.url, attempt: attempt + 1, status: null, delayMs });
        await sleep(delayMs);
        continue;
      }
      if (last || !retryable(response, request, repeatable)) return response;
      const asked = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
      const delayMs = asked === null ? Math.min(maxDelayMs, baseDelayMs * 2 ** attempt) : asked * 1000;
      if (delayMs > maxDelayMs) return response;
      retry.onRetry?.({ method: request.method, url: request.url, attempt: attempt + 1, status: response.status, delayMs });
      await response.body?.cancel();
      await sleep(delayMs);
    }
  };
}

/**
 * 429 always; 503 when the request may run twice; 409 only as the API answers a key whose first request still runs
 * (with `Retry-After`).
 */
function retryable(response: Response, request: Request, repeatable: boolean): boolean {
  if (response.status === 429) return true;
  if (response.status === 503) return repeatable;
  return response.status === 409 && request.headers.has('idempotency-key') && response.headers.has('retry-after');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
