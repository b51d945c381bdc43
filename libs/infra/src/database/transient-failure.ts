import { TemporarilyUnavailable } from '@app/domain/shared/domain-error';

/** Seconds a client is asked to wait after a passing database failure. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * Error codes of the MySQL driver and of the server that mean the database was briefly out of reach
 * or refused to finish the statement for a passing reason: the connection was lost, killed, refused
 * or timed out, the server had no connection slot or thread left, was shutting down, or gave up on a
 * lock. Retrying the same request later can succeed; none of them says the request is wrong.
 */
const TRANSIENT_CODES = new Set([
  // The socket and the protocol.
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  // The server.
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_SHUTDOWN_COMPLETE',
  'ER_ABORTING_CONNECTION',
  'ER_NEW_ABORTING_CONNECTION',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
  'ER_OUT_OF_RESOURCES',
  'ER_OUTOFMEMORY',
  'ER_CANT_CREATE_THREAD',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
  'ER_CLIENT_INTERACTION_TIMEOUT',
]);

/** The same failures by server error number, for errors that carry no symbolic code. */
const TRANSIENT_ERRNOS = new Set([
  1037, 1040, 1041, 1053, 1077, 1079, 1135, 1152, 1158, 1159, 1160, 1161, 1184, 1203, 1205, 1213, 1317, 1927, 1969, 3024, 4031,
]);

/** Messages of the driver's pool and connection that come without a code. */
const TRANSIENT_MESSAGES = [
  /^Can't add new command when connection is in closed state/,
  /^Connection lost/,
  /^Queue limit reached/,
  /^No connections available/,
];

interface DriverError {
  code?: unknown;
  errno?: unknown;
  fatal?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

function isTransient(error: DriverError): boolean {
  if (typeof error.code === 'string' && TRANSIENT_CODES.has(error.code)) return true;
  if (typeof error.errno === 'number' && TRANSIENT_ERRNOS.has(error.errno)) return true;
  // The driver marks an error fatal when the connection it happened on is gone.
  if (error.fatal === true) return true;
  return typeof error.message === 'string' && TRANSIENT_MESSAGES.some((m) => m.test(error.message as string));
}

/**
 * A passing database failure (TypeORM's QueryFailedError wraps the driver's error in `driverError`;
 * other wrappers keep it in `cause`) as a 503 `not_available` with Retry-After; anything else null.
 */
export function transientDatabaseFailure(error: unknown): TemporarilyUnavailable | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (current instanceof TemporarilyUnavailable) return null;
    const candidate = current as DriverError;
    if (isTransient(candidate)) {
      return new TemporarilyUnavailable('The database is briefly unavailable; try again shortly.', DATABASE_RETRY_AFTER_SECONDS);
    }
    current = candidate.driverError ?? candidate.cause;
  }
  return null;
}
