import type { EdgeReply, EdgeRequest } from '../edge/http-edge';

/** A console request: the edge's request with the route's path parameters. */
export interface ConsoleRequest extends EdgeRequest {
  params?: Record<string, string | undefined>;
}

/** A posted form's fields (see parseFormBody in the edge); empty for a GET or a post without a body. */
export type Form = Record<string, string | string[]>;

export function formOf(req: ConsoleRequest): Form {
  const body = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) ? (body as Form) : {};
}

/** One field of a form as text ('' when absent; the last value when a name was repeated). */
export function field(form: Form, name: string): string {
  const value = form[name];
  return Array.isArray(value) ? (value[value.length - 1] ?? '') : (value ?? '');
}

/** Every value of a repeated field (a group of checkboxes). */
export function fields(form: Form, name: string): string[] {
  const value = form[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** One query parameter as text ('' when absent). */
export function queryField(req: ConsoleRequest, name: string): string {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const value = query[name];
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
}

export function cookiesOf(req: ConsoleRequest): Record<string, string> {
  const header = req.headers.cookie;
  const cookies: Record<string, string> = {};
  if (typeof header !== 'string') return cookies;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) cookies[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
}

/** A Set-Cookie value scoped to the console, never readable by scripts. */
export function cookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/console',
    `Max-Age=${options.maxAge}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Headers of every console answer: scripts and styles only from the console's own files (no inline script or
 * style), nothing framed, no referrer (a page's URL never leaves), nothing cached.
 */
export const CONSOLE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

export interface Answer {
  status?: number;
  html?: string;
  /** A 303 to this console path (after a form post, or to the sign-in page). */
  redirect?: string;
  cookies?: string[];
  /** A file (a PDF, an export) instead of a page. */
  file?: { body: Buffer | Uint8Array; contentType: string; filename: string; inline?: boolean };
}

export function send(reply: EdgeReply, answer: Answer): void {
  for (const [name, value] of Object.entries(CONSOLE_HEADERS)) reply.header(name, value);
  // Both platforms take an array for a header sent several times.
  if (answer.cookies?.length) reply.header('Set-Cookie', answer.cookies as unknown as string);
  if (answer.redirect) {
    reply.status(303);
    reply.header('Location', answer.redirect);
    reply.send('');
    return;
  }
  if (answer.file) {
    const { body, contentType, filename, inline } = answer.file;
    reply.status(answer.status ?? 200);
    reply.header('Content-Type', contentType);
    reply.header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    reply.send(Buffer.from(body));
    return;
  }
  reply.status(answer.status ?? 200);
  reply.header('Content-Type', 'text/html; charset=utf-8');
  reply.send(answer.html ?? '');
}
