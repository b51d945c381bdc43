import { QueryFailedError } from 'typeorm';
import { TemporarilyUnavailable } from '@app/domain/shared/domain-error';
import { transientDatabaseFailure } from './transient-failure';

const driverError = (fields: Record<string, unknown>, message = 'driver error') => Object.assign(new Error(message), fields);

describe('transientDatabaseFailure', () => {
  it.each([
    ['a reset socket', { code: 'ECONNRESET' }],
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a lost connection', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }],
    ['a connect timeout', { code: 'ETIMEDOUT' }],
    ['a full server', { code: 'ER_CON_COUNT_ERROR', errno: 1040 }],
    ['a connection killed by the server (errno only)', { errno: 1927 }],
    ['an interrupted query', { code: 'ER_QUERY_INTERRUPTED', errno: 1317 }],
    ['a lock wait timeout', { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 }],
    ['a deadlock', { code: 'ER_LOCK_DEADLOCK', errno: 1213 }],
    ['any fatal driver error', { code: 'SOMETHING_NEW', fatal: true }],
  ])('%s is 503 not_available with Retry-After', (_name, fields) => {
    const failure = transientDatabaseFailure(driverError(fields));
    expect(failure).toBeInstanceOf(TemporarilyUnavailable);
    expect(failure?.code).toBe('not_available');
    expect(failure?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(failure?.message).not.toMatch(/driver/);
  });

  it.each([
    "Can't add new command when connection is in closed state",
    'Queue limit reached.',
    'No connections available.',
    'Connection lost: The server closed the connection.',
  ])('the pool and connection message "%s" is transient', (message) => {
    expect(transientDatabaseFailure(new Error(message))).toBeInstanceOf(TemporarilyUnavailable);
  });

  it("finds the driver's error inside TypeORM's QueryFailedError and inside a cause", () => {
    const wrapped = new QueryFailedError('SELECT 1', [], driverError({ code: 'ECONNRESET' }));
    expect(transientDatabaseFailure(wrapped)).toBeInstanceOf(TemporarilyUnavailable);
    expect(transientDatabaseFailure(new Error('outer', { cause: driverError({ code: 'PROTOCOL_CONNECTION_LOST' }) }))).toBeInstanceOf(TemporarilyUnavailable);
  });

  it('a faulty statement or a broken rule stays what it is', () => {
    expect(transientDatabaseFailure(new QueryFailedError('SELEC 1', [], driverError({ code: 'ER_PARSE_ERROR', errno: 1064, fatal: false })))).toBeNull();
    expect(transientDatabaseFailure(driverError({ code: 'ER_DUP_ENTRY', errno: 1062 }))).toBeNull();
    expect(transientDatabaseFailure(new TypeError('x is undefined'))).toBeNull();
    expect(transientDatabaseFailure(undefined)).toBeNull();
    expect(transientDatabaseFailure('text')).toBeNull();
  });
});
