import { CanActivate, ExecutionContext, Injectable, StreamableFile } from '@nestjs/common';
import { IdempotencyKeyInUse, isStorableError, ReplayedError, StoredAnswer } from '@app/domain/idempotency/idempotency';
import { IdempotencyTicket, IdempotentRequests } from '@app/domain/idempotency/idempotent-requests.use-case';
import { AuthenticatedRequest } from '../common/decorators';
import { attachIdempotentRun, ReplayedAnswer } from './idempotent-run';
import { setReplyHeader } from './reply-header';

/** What the guard reads of the request Nest gives it. */
interface RequestView extends AuthenticatedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * `Idempotency-Key` on authenticated POST and PATCH requests. It runs after the auth guard and before the
 * pipes and the handler. The first answer is stored; a repeat replays it with `Idempotent-Replayed: true`.
 * JSON answers and non-transient errors are stored. File answers (PDF, ZIP) and transient errors release the
 * key once done, so for them it only guards against a duplicate running at the same time.
 *
 * A guard rather than an interceptor: Nest runs a route with any interceptor through an rxjs pipeline and
 * two `AsyncResource.bind` per request, which cost an invoice create between a tenth and a quarter of the
 * API's CPU (docs/performance.md, "The HTTP edge"). A guard cannot see the answer, so the run it starts is
 * settled where the answer leaves: the edge's `reply` and the error filter (idempotent-run.ts). A request
 * that never answers (its process dies) leaves its key running until it is taken over, as before.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(private readonly requests: IdempotentRequests) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<RequestView>();
    const raw = req.headers?.[IDEMPOTENCY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (key === undefined || !req.caller || (req.method !== 'POST' && req.method !== 'PATCH')) return true;
    return this.begin(req, req.caller.account.id, key, http.getResponse<unknown>());
  }

  private async begin(req: RequestView, accountId: number, key: string, response: unknown): Promise<boolean> {
    let started;
    try {
      started = await this.requests.start(accountId, key, { method: req.method, path: req.url, body: req.body });
    } catch (err) {
      if (err instanceof IdempotencyKeyInUse) setReplyHeader(response, 'Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
    if (started.replay) {
      setReplyHeader(response, REPLAYED_HEADER, 'true');
      const answer = started.replay;
      if (answer.error) throw new ReplayedError(answer.error.code, answer.error.message, answer.error.details);
      throw new ReplayedAnswer(answer.status, answer.body);
    }
    const ticket = started.run;
    attachIdempotentRun(response, {
      settle: (data, status) => this.settle(ticket, data, status),
      settleError: (err) => this.settleError(ticket, err),
    });
    return true;
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
