import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const ALLOW_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type, X-API-Key';

/** Reflects Origin with the allowed methods and headers (never credentials); OPTIONS ends here with 204. */
export function corsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After, Content-Disposition');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('Allow', ALLOW_METHODS);
    if (origin) res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Every request gets an id (a sane incoming X-Request-Id is kept), echoed in the X-Request-Id header. */
export function requestIdMiddleware(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
}

/** The URL with secret-bearing query values blanked, for logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_key|token|access_token|refresh_token|password)=)[^&]*/gi, '$1[REDACTED]');
}
