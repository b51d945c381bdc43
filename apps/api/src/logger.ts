import pino, { DestinationStream, Logger } from 'pino';
import pinoHttp from 'pino-http';
import type { Request, Response } from 'express';
import { redactUrl } from './common/http-middleware';

/** JSON logs; credentials never reach them (headers are not logged, URLs are redacted). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({
    level,
    base: { service: 'invoicing-api' },
    redact: { paths: ['*.password', '*.authorization', '*["x-api-key"]', '*.api_key', '*.access_token', '*.refresh_token'], censor: '[REDACTED]' },
  }, destination);
}

/** One line per request with its id, status and duration. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as Request & { id?: string }).id ?? 'unknown',
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: Request & { id?: string; raw?: Request }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl((req.raw ?? req).originalUrl ?? req.url),
        remote: (req.raw ?? req).socket?.remoteAddress,
        user_agent: (req.headers ?? {})['user-agent'],
      }),
      res: (res: Response) => ({ status: res.statusCode }),
    },
  });
}
