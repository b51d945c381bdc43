import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { IdempotencyKeyInUse, isStorableError, ReplayedError, StoredAnswer } from '@app/domain/idempotency/idempotency';
import { IdempotencyTicket, IdempotentRequests } from '@app/domain/idempotency/idempotent-requests.use-case';
import { AuthenticatedRequest } from '../common/decorators';
import { setReplyHeader } from './reply-header';

/** What the interceptor reads of the request Nest gives it. */
interface RequestView extends AuthenticatedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * `Idempotency-Key` on authenticated POST and PATCH requests (runs after the auth guard, around the pipes
 * and the handler): the first answer is stored, a repeat replays it with `Idempotent-Replayed: true`.
 * JSON answers and non-transient errors are stored; file answers (PDF, ZIP) and transient errors release
 * the key once done, so it only guards against a duplicate running at the same time.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly requests: IdempotentRequests,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<RequestView>();
    const raw = req.headers?.[IDEMPOTENCY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (key === undefined || !req.caller || (req.method !== 'POST' && req.method !== 'PATCH')) return next.handle();
    const response: unknown = http.getResponse();

    let started;
    try {
      started = await this.requests.start(req.caller.account.id, key, { method: req.method, path: req.url, body: req.body });
    } catch (err) {
      if (err instanceof IdempotencyKeyInUse) setReplyHeader(response, 'Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
    if (started.replay) {
      setReplyHeader(response, REPLAYED_HEADER, 'true');
      const answer = started.replay;
      if (answer.error) throw new ReplayedError(answer.error.code, answer.error.message, answer.error.details);
      return of(JSON.parse(answer.body) as unknown);
    }
    const ticket = started.run;
    const status = this.successStatus(context, req.method);
    return next.handle().pipe(
      mergeMap((data: unknown) => from(this.settle(ticket, data, status)).pipe(mergeMap(() => of(data)))),
      catchError((err: unknown) => from(this.settleError(ticket, err)).pipe(mergeMap(() => throwError(() => err)))),
    );
  }

  private successStatus(context: ExecutionContext, method: string): number {
    return this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
  }

  private async settle(ticket: IdempotencyTicket, data: unknown, status: number): Promise<void> {
    if (data instanceof StreamableFile) return this.requests.release(ticket).catch(() => undefined);
    const answer: StoredAnswer = { status, body: JSON.stringify(data ?? null), error: null };
    await this.requests.finish(ticket, answer).catch(() => this.requests.release(ticket).catch(() => undefined));
  }

  private async settleError(ticket: IdempotencyTicket, err: unknown): Promise<void> {
    try {
      if (isStorableError(err))
        await this.requests.finish(ticket, { status: null, body: null, error: { code: err.code, message: err.message, details: err.details } });
      else await this.requests.release(ticket);
    } catch {
      await this.requests.release(ticket).catch(() => undefined);
    }
  }
}
