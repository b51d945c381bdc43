import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, ErrorCode, RateLimited } from '@app/domain/shared/domain-error';

export const STATUS = {
  validation_error: 400,
  unauthorized: 401,
  plan_limit_reached: 402,
  forbidden: 403,
  account_suspended: 403,
  subscription_expired: 403,
  not_found: 404,
  conflict: 409,
  session_limit: 409,
  payload_too_large: 413,
  signature_required: 422,
  rate_limited: 429,
  server_error: 500,
  not_available: 503,
  not_configured: 503,
} satisfies Record<ErrorCode, number>;

interface ErrorBody {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** Every error leaves as `{ok: false, error: {code, message, details}}`; a 500 reveals nothing inside. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request & { id?: string }>();
    const res = ctx.getResponse<Response>();
    const body = this.toBody(exception, req);
    if (exception instanceof RateLimited) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (body.code === 'server_error') {
      (res as unknown as { err?: unknown }).err = exception; // picked up by the request logger
      this.logger.error({ err: exception, request_id: req.id }, 'unhandled error');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(STATUS[body.code]).json({ ok: false, error: body });
  }

  private toBody(exception: unknown, req: Request & { id?: string }): ErrorBody {
    if (exception instanceof DomainError) {
      return { code: exception.code, message: exception.message, details: exception.details };
    }
    const raw = exception as { type?: string; status?: number; statusCode?: number };
    if (raw?.type === 'entity.parse.failed') {
      return { code: 'validation_error', message: 'The request body is not valid JSON.', details: { body: 'is not valid JSON' } };
    }
    if (raw?.type === 'entity.too.large') {
      return { code: 'payload_too_large', message: 'The request body is too large.', details: {} };
    }
    if (raw?.type && (raw.status ?? raw.statusCode) === 400) {
      return { code: 'validation_error', message: 'The request body could not be read.', details: { body: raw.type } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) {
        return {
          code: 'not_found',
          message: `No route for ${req.method} ${req.path}.`,
          details: { route: req.path, method: req.method },
        };
      }
      if (status === 413) return { code: 'payload_too_large', message: 'The request body is too large.', details: {} };
      if (status === 400) {
        // Nest turns body-parser's SyntaxError into a 400; our own code raises DomainErrors instead.
        return { code: 'validation_error', message: 'The request body is not valid JSON.', details: { body: 'is not valid JSON' } };
      }
    }
    return {
      code: 'server_error',
      message: 'Something went wrong on our side. Quote the request id when you contact support.',
      details: { request_id: req.id ?? null },
    };
  }
}
