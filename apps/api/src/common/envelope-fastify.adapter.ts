import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';

/** The success envelope's JSON text. */
export function envelopeJson(data: unknown): string {
  return JSON.stringify({ ok: true, data: data ?? null });
}

/**
 * Wraps every handler result as `{ok: true, data}` where Nest hands it to Fastify. Files (PDF, ZIP) are
 * returned as StreamableFile and pass through raw; errors are written by the error filter, which sends
 * its own envelope. Doing this in the adapter instead of a global interceptor keeps rxjs and an
 * async-context bind out of every request.
 */
export class EnvelopeFastifyAdapter extends FastifyAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number) {
    if (body instanceof StreamableFile) return super.reply(response as FastifyReply, body, statusCode);
    const reply = response as FastifyReply;
    if (statusCode) reply.status(statusCode);
    return reply.header('content-type', 'application/json; charset=utf-8').send(envelopeJson(body));
  }
}
