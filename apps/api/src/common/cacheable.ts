import { createHash } from 'node:crypto';
import { EdgeReply, envelopeJson } from '../edge/http-edge';

/** The part of a reply a cacheable answer needs. */
export type CacheableReply = EdgeReply;

/**
 * Answers public, rarely changing JSON (app version, legal texts) so clients and proxies may cache it:
 * `Cache-Control`, a strong `ETag` of the envelope's bytes, and 304 without a body when `If-None-Match`
 * names that tag (or `*`).
 */
export function sendCacheable(reply: CacheableReply, ifNoneMatch: string | undefined, data: unknown, maxAgeSeconds = 300): void {
  const body = envelopeJson(data);
  const etag = etagOfJson(body);
  reply.header('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  reply.header('ETag', etag);
  if (ifNoneMatch && matches(ifNoneMatch, etag)) {
    reply.status(304);
    reply.send();
    return;
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.status(200);
  reply.send(body);
}

/** A strong ETag of an answer's bytes. */
export function etagOfJson(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match or If-Match header names `etag` (or is `*`). */
export function matches(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
