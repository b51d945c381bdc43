import { Job, Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { closeQueuesAndClient, openRedis, openWorker, queuePrefix, RedisTarget } from '../redis/redis-connection';
import { StorefrontQueue } from '@app/domain/storefront/storefront.ports';
import type { QueueConfig } from '../config/queue-config';

/** Queue names; keys live under `<QUEUE_PREFIX>:storefront-events:*` and `<QUEUE_PREFIX>:storefront-backfill:*`. */
export const STOREFRONT_EVENT_QUEUE = 'storefront-events';
export const STOREFRONT_BACKFILL_QUEUE = 'storefront-backfill';

/**
 * Storefront jobs on BullMQ. An event's job id is its row id and a backfill's is its account id, so offering
 * one twice is a no-op while its job exists (one backfill per account at a time); finished jobs are removed
 * (the rows are the record), so the sweeper can offer a waiting row again.
 */
export class BullmqStorefrontQueue extends StorefrontQueue {
  readonly redis: Redis;
  private readonly events: Queue;
  private readonly backfills: Queue;

  constructor(target: RedisTarget, config: Pick<QueueConfig, 'prefix'>) {
    super();
    this.redis = openRedis(target, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined);
    const defaultJobOptions = { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: true };
    this.events = new Queue(STOREFRONT_EVENT_QUEUE, {
      connection: this.redis,
      prefix: queuePrefix(target, config.prefix, STOREFRONT_EVENT_QUEUE),
      defaultJobOptions,
    });
    this.backfills = new Queue(STOREFRONT_BACKFILL_QUEUE, {
      connection: this.redis,
      prefix: queuePrefix(target, config.prefix, STOREFRONT_BACKFILL_QUEUE),
      defaultJobOptions: { ...defaultJobOptions, attempts: 1 },
    });
    this.events.on('error', () => undefined);
    this.backfills.on('error', () => undefined);
  }

  async enqueueEvent(eventId: number): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`redis is ${this.redis.status}`);
    await this.events.add('process', { eventId }, { jobId: `storefront-event-${eventId}` });
  }

  async enqueueBackfill(accountId: number): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`redis is ${this.redis.status}`);
    await this.backfills.add('backfill', { accountId }, { jobId: `storefront-backfill-${accountId}` });
  }

  /** A queue bound in a Nest module closes with the application (Nest calls this on the providers it made). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    await closeQueuesAndClient(this.redis, [this.events, this.backfills]);
  }
}

export interface StorefrontWorkers {
  events: Worker;
  backfills: Worker;
}

/** Runs `event` for each event job and `backfill` for each backfill job (a thrown error is retried by BullMQ for events). */
export function startStorefrontWorkers(
  target: RedisTarget,
  config: Pick<QueueConfig, 'prefix'>,
  options: { concurrency: number; backfillLockMs: number },
  handlers: { event: (eventId: number) => Promise<unknown>; backfill: (accountId: number) => Promise<unknown> },
  onError: (message: string) => void,
): StorefrontWorkers {
  const events = openWorker(target, STOREFRONT_EVENT_QUEUE, async (job: Job<{ eventId: number }>) => handlers.event(Number(job.data.eventId)), {
    prefix: config.prefix,
    concurrency: options.concurrency,
  });
  // A backfill holds its job for minutes; the lock is renewed while it runs, and a dead worker's job is
  // found stalled and run again, resuming from the stored cursor.
  const backfills = openWorker(target, STOREFRONT_BACKFILL_QUEUE, async (job: Job<{ accountId: number }>) => handlers.backfill(Number(job.data.accountId)), {
    prefix: config.prefix,
    concurrency: 2,
    lockDuration: options.backfillLockMs,
    stalledInterval: Math.max(500, Math.floor(options.backfillLockMs / 2)),
  });
  events.on('error', (err) => onError(err.message));
  backfills.on('error', (err) => onError(err.message));
  return { events, backfills };
}
