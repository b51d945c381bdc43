import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Wraps every handler result as `{ok: true, data}` where Nest hands it to Express, and writes it in one
 * `end()`. Files (PDF, ZIP) are returned as StreamableFile and pass through raw; errors are written by
 * the error filter, which sends its own envelope. Doing this in the adapter instead of a global
 * interceptor keeps rxjs and an async-context bind out of every request, and writing the JSON directly
 * skips Express's content negotiation and freshness checks, which an API of fresh JSON never needs.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number) {
    if (body instanceof StreamableFile) return super.reply(response, body, statusCode);
    const res = response as Response;
    if (statusCode) res.statusCode = statusCode;
    const payload = JSON.stringify({ ok: true, data: body ?? null });
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(payload));
    return res.req?.method === 'HEAD' ? res.end() : res.end(payload);
  }
}
