/**
 * What of a request may be written to the log. Credentials reach the API in places no fixed list of
 * spellings covers (a query key percent-encoded or with brackets, a share token in the path, a key
 * pasted into a header), so the rules work on what the URL decodes to and on the shape of values:
 *
 * - the query keeps its keys; a value is kept only when its key is not a credential's name and the
 *   value is short and plain (letters, digits, `.`, `_`, `:`, `-`): every token this API issues is
 *   longer, and a value with any other character is not shown;
 * - the path keeps its plain segments; the segment after `share` (a public link's token) and any
 *   segment that is long or has other characters are replaced;
 * - the user agent is cut to its first product token (`okhttp/4.12`).
 */
export const REDACTED = '[REDACTED]';

/** Longest value or path segment written as it is (tokens of this API are 43 characters and more). */
const MAX_PLAIN = 32;
const PLAIN = new RegExp(`^[A-Za-z0-9._:-]{1,${MAX_PLAIN}}$`);

/** Query keys (decoded, lower case, brackets removed) whose value is never written. */
const SECRET_KEYS = new Set([
  'api_key',
  'apikey',
  'key',
  'token',
  'access_token',
  'refresh_token',
  'share_token',
  'password',
  'secret',
  'authorization',
  'fcm_token',
]);

/**
 * %XX sequences decoded as single bytes and `+` as a space, repeated until nothing changes: never
 * throws on malformed input, and spells out ASCII however it was encoded (`api%5Fkey`, `%2561pi_key`).
 */
function lenientDecode(text: string): string {
  let current = text;
  for (let i = 0; i < 4; i++) {
    const next = current.replace(/\+/g, ' ').replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The name a query key stands for: decoded, lower case, without its brackets (`API_KEY[0]` is `api_key`). */
export function queryKeyName(rawKey: string): string {
  return lenientDecode(rawKey)
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[[\]]/g, '')
    .trim();
}

/** The raw keys of a URL's query string. */
function rawQueryPairs(query: string): Array<[string, string | null]> {
  return query
    .split('&')
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [pair, null] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
}

/** True when a query key of the URL stands for `api_key`, whatever its case, encoding or brackets. */
export function hasApiKeyInQuery(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return false;
  return rawQueryPairs(url.slice(q + 1)).some(([key]) => queryKeyName(key) === 'api_key');
}

function plain(value: string): boolean {
  return PLAIN.test(value);
}

function redactQuery(query: string): string {
  return rawQueryPairs(query)
    .map(([key, value]) => {
      const shownKey = plain(lenientDecode(key).replace(/[[\]]/g, '')) ? key : REDACTED;
      if (value === null) return shownKey;
      const keep = !SECRET_KEYS.has(queryKeyName(key)) && plain(value);
      return `${shownKey}=${keep ? value : REDACTED}`;
    })
    .join('&');
}

function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (segment === '') return segment;
      const previous = i > 0 ? lenientDecode(segments[i - 1]).toLowerCase() : '';
      if (previous === 'share') return REDACTED;
      return plain(segment) ? segment : REDACTED;
    })
    .join('/');
}

/** The request URL as it may be logged: see the rules above. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutFragment = hash < 0 ? url : url.slice(0, hash);
  const q = withoutFragment.indexOf('?');
  const path = q < 0 ? withoutFragment : withoutFragment.slice(0, q);
  const query = q < 0 ? null : withoutFragment.slice(q + 1);
  return redactPath(path) + (query === null ? '' : `?${redactQuery(query)}`);
}

/** The user agent's first product token (`Mozilla/5.0`, `okhttp/4.12`), the rest dropped; anything else redacted. */
export function redactUserAgent(userAgent: string | string[] | undefined): string | undefined {
  if (userAgent === undefined) return undefined;
  const first = (Array.isArray(userAgent) ? userAgent[0] : userAgent).trim().split(/\s+/)[0] ?? '';
  return /^[A-Za-z][A-Za-z0-9._-]{0,31}\/[A-Za-z0-9._-]{1,16}$/.test(first) ? first : REDACTED;
}
