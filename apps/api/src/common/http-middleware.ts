import { randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';

export const ALLOW_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type, X-API-Key';

/** Longest Origin that CORS reflects (a real origin is scheme, host and port: far shorter). */
export const MAX_CORS_ORIGIN_LENGTH = 256;

/** An Origin worth reflecting: not `null` (sandboxed frames, file: pages), not absurdly long, no control characters. */
function reflectable(origin: string | undefined): origin is string {
  return !!origin && origin !== 'null' && origin.length <= MAX_CORS_ORIGIN_LENGTH && /^[\x21-\x7e]+$/.test(origin);
}

/**
 * CORS response headers for a request's Origin: reflected, the listed methods and headers, never credentials.
 * `Origin: null` and origins over 256 characters are not reflected (the answer carries no CORS headers).
 */
export function corsHeaders(origin: string | undefined, preflight: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (reflectable(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Vary'] = 'Origin';
    headers['Access-Control-Allow-Methods'] = ALLOW_METHODS;
    headers['Access-Control-Allow-Headers'] = ALLOW_HEADERS;
    headers['Access-Control-Expose-Headers'] = 'X-Request-Id, Retry-After, Content-Disposition';
    if (preflight) headers['Access-Control-Max-Age'] = '600';
  }
  if (preflight) headers['Allow'] = ALLOW_METHODS;
  return headers;
}

/**
 * The id of a request: the service makes it (a random UUID). A client's `X-Request-Id` is kept only when it
 * is a UUID, so whatever else a client puts there (a credential sent in the wrong header, say) is neither
 * echoed nor written to the log, the error envelope or anything else that carries the id.
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && isUUID(incoming, 'all') ? incoming : randomUUID();
}

/** The path of a URL, without its query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
