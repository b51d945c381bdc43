import { loadConfig } from './app-config';
import { ConfigError } from './env-reader';

describe('queue configuration', () => {
  it('defaults: prefix from the database name, local-machine values', () => {
    const { queue } = loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/invoicing_shop' });
    expect(queue).toEqual({
      prefix: 'q-invoicing_shop',
      sendoutConcurrency: 4,
      sendoutMaxAttempts: 5,
      sendoutBackoffMs: 30000,
      sweepIntervalMs: 15000,
      sweepAfterMs: 45000,
      sendoutLeaseMs: 600000,
    });
  });

  it('reads every variable', () => {
    const { queue } = loadConfig({
      QUEUE_PREFIX: 'suite-1',
      SENDOUT_CONCURRENCY: '8',
      SENDOUT_MAX_ATTEMPTS: '3',
      SENDOUT_BACKOFF_MS: '100',
      SWEEP_INTERVAL_MS: '500',
      SWEEP_AFTER_MS: '0',
      SENDOUT_LEASE_MS: '120000',
    });
    expect(queue).toEqual({
      prefix: 'suite-1',
      sendoutConcurrency: 8,
      sendoutMaxAttempts: 3,
      sendoutBackoffMs: 100,
      sweepIntervalMs: 500,
      sweepAfterMs: 0,
      sendoutLeaseMs: 120000,
    });
  });

  it('reports every bad value at once', () => {
    let message = '';
    try {
      loadConfig({ QUEUE_PREFIX: 'bad prefix:x', SENDOUT_CONCURRENCY: '0', SENDOUT_MAX_ATTEMPTS: 'many', SWEEP_INTERVAL_MS: '5', SENDOUT_LEASE_MS: '10' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const name of ['QUEUE_PREFIX', 'SENDOUT_CONCURRENCY', 'SENDOUT_MAX_ATTEMPTS', 'SWEEP_INTERVAL_MS', 'SENDOUT_LEASE_MS'])
      expect(message).toContain(name);
  });
});
