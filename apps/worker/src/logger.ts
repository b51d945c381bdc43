import pino, { Logger } from 'pino';

/** JSON lines like the API's; mail bodies, signatures and connection URLs are never logged. */
export function createWorkerLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'invoicing-worker' },
    redact: { paths: ['*.password', '*.smtp_url', '*.redis_url', '*.signature_png'], censor: '[REDACTED]' },
  });
}

/** Injection token of the worker's logger (one pino instance per process). */
export const WORKER_LOG = 'WORKER_LOG';
