import { Conflict, DomainError, ErrorCode, ValidationFailed } from '../shared/domain-error';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still marked running after this long belongs to a request that died; the next request takes it over. */
export const IDEMPOTENCY_ABANDONED_AFTER_MS = 5 * 60 * 1000;
/** What a request that finds its key in use is told to wait (Retry-After). */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

const KEY = /^[\x20-\x7e]{1,255}$/;

/** An Idempotency-Key header value: 1 to 255 printable ASCII characters (not only spaces). */
export function checkIdempotencyKey(value: string): string {
  if (!KEY.test(value) || !value.trim()) {
    throw new ValidationFailed({ 'Idempotency-Key': 'must be 1 to 255 printable characters' }, 'The Idempotency-Key header is invalid.');
  }
  return value;
}

/** JSON with object keys sorted at every level, so the same body sent with its fields reordered is the same request. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  // Iterative, so a deeply nested body cannot exhaust the call stack.
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'symbol') {
      out.push(item.description ?? '');
    } else if (Array.isArray(item)) {
      const parts: unknown[] = [Symbol('[')];
      item.forEach((v: unknown, i) => {
        if (i) parts.push(Symbol(','));
        parts.push(v);
      });
      parts.push(Symbol(']'));
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]);
    } else if (item !== null && typeof item === 'object') {
      const keys = Object.keys(item)
        .filter((k) => (item as Record<string, unknown>)[k] !== undefined)
        .sort();
      const parts: unknown[] = [Symbol('{')];
      keys.forEach((k, i) => parts.push(Symbol(`${i ? ',' : ''}${JSON.stringify(k)}:`), (item as Record<string, unknown>)[k]));
      parts.push(Symbol('}'));
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]);
    } else {
      out.push(JSON.stringify(item) ?? 'null');
    }
  }
  return out.join('');
}

/** The text whose hash identifies a request: method, path with query, canonical body. */
export function requestFingerprintSource(method: string, path: string, body: unknown): string {
  return `${method.toUpperCase()}\n${path}\n${body === undefined ? '' : canonicalJson(body)}`;
}

/** The stored first answer: a JSON success (`body` is the data as JSON text) or an error. */
export type StoredAnswer =
  { status: number; body: string; error: null } | { status: null; body: null; error: { code: ErrorCode; message: string; details: Record<string, unknown> } };

/** Error codes whose answer is transient (the request may succeed if sent again): never stored, the key is released. */
const TRANSIENT: readonly ErrorCode[] = ['server_error', 'not_available', 'not_configured', 'store_unavailable', 'rate_limited'];

export function isStorableError(error: unknown): error is DomainError {
  return error instanceof DomainError && !TRANSIENT.includes(error.code);
}

/** A stored error answer thrown again: the same code, message and details, so the same status. */
export class ReplayedError extends DomainError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    details: Record<string, unknown>,
  ) {
    super(message, details);
  }
}

/** 409: the key was first used with another request. */
export class IdempotencyKeyReused extends Conflict {
  constructor() {
    super('This Idempotency-Key was used with a different request; send a new key for a new request.', { reason: 'idempotency_key_reused' });
  }
}

/** 409 with Retry-After: the first request with this key has not finished yet. */
export class IdempotencyKeyInUse extends Conflict {
  readonly retryAfterSeconds = IDEMPOTENCY_RETRY_AFTER_SECONDS;
  constructor() {
    super('A request with this Idempotency-Key is still being processed; retry shortly.', { reason: 'idempotency_key_in_use' });
  }
}
