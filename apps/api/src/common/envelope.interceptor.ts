import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { RAW_RESPONSE } from './decorators';

/** Wraps every JSON result as `{ok: true, data}`; raw bodies (PDF, ZIP) pass through untouched. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    return next.handle().pipe(
      map((data) => (data instanceof StreamableFile || Buffer.isBuffer(data) ? data : { ok: true, data: data ?? null })),
    );
  }
}
