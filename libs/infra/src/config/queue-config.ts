import { Env, envReader } from './env-reader';

/** Sendout queue and worker (docs/operations.md, "Sendouts and the worker"). */
export interface QueueConfig {
  /** BullMQ key prefix; API and worker of one database must share it. Default `q-<database name>`. */
  prefix: string;
  /** Jobs one worker process runs at once. */
  sendoutConcurrency: number;
  /** Delivery attempts of one email before a transient failure becomes final. */
  sendoutMaxAttempts: number;
  /** First retry delay; each later one doubles, with jitter. */
  sendoutBackoffMs: number;
  /** How often the worker's outbox sweeper runs (one process at a time, by a Redis lock). */
  sweepIntervalMs: number;
  /** A queued row untouched this long is enqueued again by the sweeper. */
  sweepAfterMs: number;
  /** A row held in `sending` this long belongs to a dead worker and is recovered. */
  sendoutLeaseMs: number;
}

/** QUEUE_PREFIX (default `q-<database name>`), SENDOUT_* and SWEEP_* variables. */
export function readQueueConfig(env: Env, databaseName: string, problems: string[]): QueueConfig {
  const { int, str } = envReader(env, problems);
  const prefix = str('QUEUE_PREFIX', `q-${databaseName}`);
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) problems.push('QUEUE_PREFIX must be 1 to 64 letters, digits, ".", "_" or "-"');
  return {
    prefix,
    sendoutConcurrency: int('SENDOUT_CONCURRENCY', 4, 1, 64),
    sendoutMaxAttempts: int('SENDOUT_MAX_ATTEMPTS', 5, 1, 25),
    sendoutBackoffMs: int('SENDOUT_BACKOFF_MS', 30_000, 1, 3_600_000),
    sweepIntervalMs: int('SWEEP_INTERVAL_MS', 15_000, 100, 3_600_000),
    sweepAfterMs: int('SWEEP_AFTER_MS', 45_000, 0, 86_400_000),
    sendoutLeaseMs: int('SENDOUT_LEASE_MS', 600_000, 60_000, 86_400_000),
  };
}
