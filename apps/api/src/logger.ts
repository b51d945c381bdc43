import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { DestinationStream, Logger } from 'pino';
import pinoHttp from 'pino-http';
import { redactUrl, redactUserAgent } from './log-redaction';

/**
 * JSON logs; credentials never reach them (headers are not logged, URLs and the user agent are redacted: see log-redaction).
 * Without a destination, lines go to stdout through an asynchronous writer (lines that arrive while a write is in
 * flight go out together in the next one; flushed when the process exits): a synchronous write per request line took about a tenth of the API's CPU in the notification-feed
 * benchmark (docs/notifications.md).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'invoicing-api' },
      redact: { paths: ['*.password', '*.authorization', '*["x-api-key"]', '*.api_key', '*.access_token', '*.refresh_token'], censor: '[REDACTED]' },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

type RawRequest = IncomingMessage & { id?: string; originalUrl?: string };

/** One line per request with its id, status and duration; works on Node's own request and response. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as RawRequest).id ?? 'unknown',
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: RawRequest & { raw?: RawRequest }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl((req.raw ?? req).originalUrl ?? (req.raw ?? req).url ?? ''),
        remote: (req.raw ?? req).socket?.remoteAddress,
        user_agent: redactUserAgent((req.headers ?? {})['user-agent']),
      }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
  });
}
