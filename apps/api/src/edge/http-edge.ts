import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@app/domain/shared/domain-error';
import { corsHeaders } from '../common/http-middleware';
import { parseJson } from '@app/domain/shared/json';

/**
 * The HTTP edge of the API, written once: everything above the platform (controllers, guards, the error
 * filter) sees only these types and functions. `fastify.edge.ts` and `express.edge.ts` are the two thin
 * implementations; `HTTP_ADAPTER` picks one at start (docs/architecture.md, "HTTP adapter").
 */

export type HttpAdapterName = 'fastify' | 'express';

/** What handlers read of a request, on either platform. */
export interface EdgeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The client address: the socket's, or the one a trusted proxy forwarded (TRUST_PROXY). */
  ip?: string;
  /** The request id (X-Request-Id). */
  id?: string;
  query?: unknown;
  body?: unknown;
}

/** What a handler may do to its reply besides returning a value: status, headers, a body of its own. */
export interface EdgeReply {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
  send(body?: string | Buffer): unknown;
}

/** The platform adapter as the error filter and the app factory use it, whatever the platform. */
export interface EdgeAdapter {
  readonly edgeName: HttpAdapterName;
  /** Writes a whole JSON answer (already serialised) with its status. */
  sendJson(response: unknown, status: number, json: string, headers?: Record<string, string>): void;
  headersSent(response: unknown): boolean;
  /** Ends an answer whose headers have left already (an error in the middle of a stream). */
  endResponse(response: unknown): void;
  /** Node's own response under the platform's reply. */
  rawResponse(response: unknown): ServerResponse;
  /** Resolves once the platform takes requests (Fastify's `ready()`). */
  whenReady(): Promise<void>;
}

/** Settings of the edge, from the configuration. */
export interface EdgeSettings {
  /** Deepest nesting of arrays and objects a JSON body may have (JSON_MAX_DEPTH). */
  jsonMaxDepth: number;
  /** Which proxies' X-Forwarded-For is believed for the client address (TRUST_PROXY); false: none. */
  trustProxy: boolean | number | string;
}

const MB = 1024 * 1024;
/** The body limit the platform enforces while reading; the limit per path is checked after. */
export const MAX_BODY_BYTES = 5 * MB;
/** Paths whose JSON may carry a signature image or a logo: 5 MB; every other body: 1 MB. */
const LARGE_BODY_PATHS = [/^\/v1\/settings\/business\/?$/, /^\/v1\/sendouts\/?$/];

/** The path of a URL, without its query string. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * Paths whose body is handed to the handler as the raw bytes received (a Buffer), unparsed: the
 * storefront's webhooks, whose HMAC is computed on exactly those bytes before anything reads them.
 */
const RAW_BODY_PATHS = [/^\/v1\/integrations\/storefront\/webhooks\/?$/];

export function wantsRawBody(url: string): boolean {
  return RAW_BODY_PATHS.some((p) => p.test(pathOf(url)));
}

export function bodyLimitFor(url: string): number {
  return LARGE_BODY_PATHS.some((p) => p.test(pathOf(url))) ? 5 * MB : MB;
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.toLowerCase();
  return type.startsWith('application/json') && (type.length === 16 || type[16] === ';' || type[16] === ' ');
}

/** `application/x-www-form-urlencoded`, with or without parameters, in any case. */
export function isFormContentType(contentType: string | undefined): boolean {
  return !!contentType && /^application\/x-www-form-urlencoded(?:$|[; ])/i.test(contentType);
}

/** Paths that take HTML form posts (the web console, docs/console.md); every other path takes JSON only. */
const FORM_BODY_PATHS = [/^\/console(?:\/|$)/];
/** The most a form post may carry: the console's forms are a few short fields. */
export const FORM_MAX_BYTES = 64 * 1024;

export function takesFormBody(url: string): boolean {
  return FORM_BODY_PATHS.some((p) => p.test(pathOf(url)));
}

/**
 * A form post's fields (a repeated name, such as a group of checkboxes, gives an array), on a path that takes
 * forms; elsewhere the edge's usual refusal of a body that is not JSON.
 */
export function parseFormBody(bytes: Buffer, url: string): Record<string, string | string[]> {
  if (!takesFormBody(url)) throw edgeErrors.notJson();
  if (bytes.length > FORM_MAX_BYTES) throw edgeErrors.tooLarge();
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

/** A refusal by the edge itself (before any handler): its status, envelope code, message and details. */
export class EdgeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'EdgeError';
  }
}

export const edgeErrors = {
  invalidJson: () => new EdgeError(400, 'validation_error', 'The request body is not valid JSON.', { body: 'is not valid JSON' }),
  tooDeep: (max: number) =>
    new EdgeError(400, 'validation_error', `The request body is nested deeper than ${max} levels.`, {
      body: `must not nest arrays and objects deeper than ${max} levels`,
    }),
  tooLarge: () => new EdgeError(413, 'payload_too_large', 'The request body is too large.', {}),
  notJson: () => new EdgeError(400, 'validation_error', 'The request body must be JSON.', { body: 'must be sent as application/json' }),
  badUrl: () => new EdgeError(400, 'validation_error', 'The URL is not valid (malformed percent-encoding).', { url: 'is not a valid URL' }),
};

/**
 * Whether a JSON text nests arrays and objects deeper than `max`. A linear scan of the text, run before
 * `JSON.parse`, so nothing recursive ever walks a body that is too deep.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    }
  }
  return false;
}

/** A JSON body as received (an empty body is no body); throws an EdgeError for what the API refuses. */
export function parseJsonBody(text: string, url: string, maxDepth: number): unknown {
  if (Buffer.byteLength(text) > bodyLimitFor(url)) throw edgeErrors.tooLarge();
  if (!text.trim()) return undefined;
  if (jsonDepthExceeds(text, maxDepth)) throw edgeErrors.tooDeep(maxDepth);
  try {
    return parseJson(text);
  } catch {
    throw edgeErrors.invalidJson();
  }
}

/** The most a raw body (see RAW_BODY_PATHS) may carry. */
export const RAW_BODY_MAX_BYTES = MB;

/** A request body as its handler gets it: the raw bytes on a raw-body path, else the parsed JSON (see parseJsonBody). */
export function requestBody(bytes: Buffer, url: string, maxDepth: number): unknown {
  if (wantsRawBody(url)) {
    if (bytes.length > RAW_BODY_MAX_BYTES) throw edgeErrors.tooLarge();
    return bytes;
  }
  return parseJsonBody(bytes.toString('utf8'), url, maxDepth);
}

/** Writes the log line of a request once it is answered. */
export type RequestLogger = (req: IncomingMessage, res: ServerResponse) => void;

/** Whether the path of a URL decodes (a malformed percent-encoding such as `%E0%A4%A` does not). */
export function urlDecodes(url: string): boolean {
  const path = pathOf(url);
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Headers every answer carries from the edge: the request id, then CORS (see `corsHeaders`). */
export function edgeHeaders(requestId: string, origin: string | undefined, preflight: boolean): Record<string, string> {
  return { 'X-Request-Id': requestId, ...corsHeaders(origin, preflight) };
}

/** The success envelope's JSON text. */
/** What a handler's answer becomes when If-None-Match names its ETag: 304 without a body (conditional-requests.ts). */
export const NOT_MODIFIED = Symbol('not-modified');

export function envelopeJson(data: unknown): string {
  return JSON.stringify({ ok: true, data: data ?? null });
}

/** The error envelope's JSON text. */
export function errorJson(code: ErrorCode, message: string, details: Record<string, unknown>): string {
  return JSON.stringify({ ok: false, error: { code, message, details } });
}

/** What Node's HTTP parser refused, in words a client can act on. */
function clientErrorBody(code: string | undefined): { message: string; details: Record<string, string> } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { message: 'The URL and headers are too large (16 KB at most).', details: { url: 'with the headers, must fit in 16 KB' } };
    case 'HPE_INVALID_METHOD':
      return { message: 'The HTTP method is not supported.', details: { method: 'is not supported' } };
    case 'HPE_INVALID_URL':
      return { message: 'The URL is not valid.', details: { url: 'is not a valid URL' } };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return { message: 'The request did not arrive in time.', details: { request: 'did not arrive in time' } };
    default:
      return { message: 'The request is not valid HTTP.', details: { request: 'is not valid HTTP' } };
  }
}

/**
 * The Node server's `clientError` handler, the same on both platforms: a request Node's parser refuses
 * (unknown method, URL and headers over 16 KB, bare LF in headers, Content-Length with Transfer-Encoding)
 * gets an enveloped 400 written on the socket, which is then closed.
 */
export function writeClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { message, details } = clientErrorBody(error.code);
  const json = errorJson('validation_error', message, details);
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
