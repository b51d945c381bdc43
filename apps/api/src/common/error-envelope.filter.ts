import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { EdgeAdapter, EdgeError, EdgeRequest, envelopeJson, errorJson } from '../edge/http-edge';
import { pathOf } from './http-middleware';
import { ReplayedAnswer, takeIdempotentRun } from '../idempotency/idempotent-run';
import { finishConditional } from './conditional-requests';
import { DomainError, ErrorCode, RateLimited, TemporarilyUnavailable } from '@app/domain/shared/domain-error';
import { STATUS } from '@app/contract/common/error-status';
import { transientDatabaseFailure } from '@app/infra/database/transient-failure';

interface ErrorBody {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** What the filter reads of a request. */
type HttpRequest = Pick<EdgeRequest, 'method' | 'url' | 'id'>;

/**
 * Every error leaves as `{ok: false, error: {code, message, details}}`, on either platform; a 500 reveals
 * nothing inside.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<HttpRequest>();
    const reply = ctx.getResponse<unknown>();
    const edge = this.adapterHost.httpAdapter as unknown as EdgeAdapter;
    if (thrown instanceof ReplayedAnswer) {
      if (edge.headersSent(reply)) edge.endResponse(reply);
      else edge.sendJson(reply, thrown.status, envelopeJson(JSON.parse(thrown.json)));
      return;
    }
    // A conditional write's lock is let go.
    finishConditional(reply, undefined, () => undefined);
    // An Idempotency-Key run is settled (the error stored, or the key let go) before the answer leaves.
    const run = takeIdempotentRun(reply);
    if (run) {
      // Off Nest's own call now: a failure to answer is logged here, as Nest would have.
      void run
        .settleError(thrown)
        .then(() => this.answer(thrown, req, reply, edge))
        .catch((error: unknown) => this.logger.error({ err: error, request_id: req.id }, 'error answer failed'));
      return;
    }
    this.answer(thrown, req, reply, edge);
  }

  private answer(thrown: unknown, req: HttpRequest, reply: unknown, edge: EdgeAdapter): void {
    // A lost or refused database connection is a passing shortage (503 with Retry-After), not a fault.
    const exception = transientDatabaseFailure(thrown) ?? thrown;
    const body = this.toBody(exception, req);
    if (exception !== thrown) this.logger.warn({ request_id: req.id, cause: (thrown as { code?: unknown }).code ?? null }, 'database briefly unavailable');
    if (body.code === 'server_error') {
      (edge.rawResponse(reply) as unknown as { err?: unknown }).err = exception; // picked up by the request logger
      this.logger.error({ err: exception, request_id: req.id }, 'unhandled error');
    }
    if (edge.headersSent(reply)) {
      edge.endResponse(reply);
      return;
    }
    const headers: Record<string, string> = {};
    if (exception instanceof RateLimited || exception instanceof TemporarilyUnavailable) headers['Retry-After'] = String(exception.retryAfterSeconds);
    edge.sendJson(reply, STATUS[body.code], errorJson(body.code, body.message, body.details), headers);
  }

  private toBody(exception: unknown, req: HttpRequest): ErrorBody {
    if (exception instanceof DomainError || exception instanceof EdgeError) {
      return { code: exception.code, message: exception.message, details: exception.details };
    }
    // Errors of the body parser and of Fastify itself carry a statusCode (Nest may wrap them in an HttpException).
    const status = exception instanceof HttpException ? exception.getStatus() : (exception as { statusCode?: number })?.statusCode;
    if (status === 404 && exception instanceof HttpException) {
      const route = pathOf(req.url);
      return { code: 'not_found', message: `No route for ${req.method} ${route}.`, details: { route, method: req.method } };
    }
    if (status === 413) return { code: 'payload_too_large', message: 'The request body is too large.', details: {} };
    if (status === 415) {
      return { code: 'validation_error', message: 'The request body must be JSON.', details: { body: 'must be sent as application/json' } };
    }
    if (status === 400) {
      // Our own code raises DomainErrors; a bare 400 comes from reading the body.
      return { code: 'validation_error', message: 'The request body is not valid JSON.', details: { body: 'is not valid JSON' } };
    }
    return {
      code: 'server_error',
      message: 'Something went wrong on our side. Quote the request id when you contact support.',
      details: { request_id: req.id ?? null },
    };
  }
}
