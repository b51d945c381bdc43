import type { components } from './generated/schema';

/** The API's error envelope: `{ok: false, error: {code, message, details}}` (schema `ErrorEnvelope`). */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** A code of the API's error table (`validation_error`, `not_found`, `rate_limited`, ...). */
export type ErrorCode = ErrorEnvelope['error']['code'];

/**
 * An answer that is not a success. `code`, `message` and `details` are the envelope's; an answer without one (a
 * proxy's 502 page, say) has the code `http_error` and its text as the message.
 */
export class InvoicingApiError extends Error {
  override readonly name = 'InvoicingApiError';

  constructor(
    /** The HTTP status. */
    readonly status: number,
    readonly code: ErrorCode | 'http_error',
    message: string,
    /** Per-field messages for `validation_error` (`{"items.0.hsn_code": "..."}`), otherwise context. */
    readonly details: Readonly<Record<string, unknown>>,
    /** The answer's `X-Request-Id`: quote it when asking for support. */
    readonly requestId: string | null,
    /** Seconds the answer asked to wait (`Retry-After`) before trying again, when it said. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }

  /** The error of an answer, from its parsed body (openapi-fetch parses a JSON body, else leaves the text). */
  static fromAnswer(response: Response, body: unknown): InvoicingApiError {
    const requestId = response.headers.get('x-request-id');
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'), Date.now());
    if (isEnvelope(body)) {
      const { code, message, details } = body.error;
      return new InvoicingApiError(response.status, code, message, details, requestId, retryAfter);
    }
    const text = typeof body === 'string' && body ? body.slice(0, 200) : response.statusText;
    return new InvoicingApiError(response.status, 'http_error', `HTTP ${response.status}: ${text}`, {}, requestId, retryAfter);
  }
}

/** Whether `error` is an answer of the API with this code (any code when none is given). */
export function isApiError(error: unknown, code?: ErrorCode): error is InvoicingApiError {
  return error instanceof InvoicingApiError && (code === undefined || error.code === code);
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error: unknown = body.error;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error;
}

/**
 * `Retry-After` in seconds: a number of seconds or an HTTP date (RFC 9110 section 10.2.3); null when absent or
 * unreadable.
 */
export function retryAfterSeconds(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
