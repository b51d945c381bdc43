import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';

/**
 * Wraps every handler result as `{ok: true, data}` where Nest hands it to Express. Files (PDF, ZIP) are
 * returned as StreamableFile and pass through raw; errors are written by the error filter, which sends
 * its own envelope. Doing this in the adapter instead of a global interceptor keeps rxjs and an async
 * context bind out of every request.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number) {
    const wrapped = body instanceof StreamableFile ? body : { ok: true, data: body ?? null };
    return super.reply(response, wrapped, statusCode);
  }
}
