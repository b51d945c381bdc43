import { Job, Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { closeQueuesAndClient, openRedis, openWorker, queuePrefix, RedisTarget } from '../redis/redis-connection';
import { StoreNotificationQueue } from '@app/domain/billing/store-notification.repository.port';
import type { NotificationOutcome } from '@app/domain/billing/process-store-notification.use-case';
import type { QueueConfig } from '../config/queue-config';

/** Queue name; keys live under `<QUEUE_PREFIX>:store-notifications:*`. */
export const STORE_NOTIFICATION_QUEUE = 'store-notifications';

const jobId = (id: number) => `store-notification-${id}`;

/**
 * Store notifications on BullMQ: the job id is the row id, so offering a row twice is a no-op while its
 * job exists; finished jobs are removed (the row is the record), so the sweeper can offer a waiting row
 * again. Like the sendout queue, the connection fails fast and `enqueue` never holds a request for long.
 */
export class BullmqStoreNotificationQueue extends StoreNotificationQueue {
  readonly redis: Redis;
  private readonly queue: Queue;

  constructor(target: RedisTarget, config: Pick<QueueConfig, 'prefix'>) {
    super();
    this.redis = openRedis(target, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined);
    this.queue = new Queue(STORE_NOTIFICATION_QUEUE, {
      connection: this.redis,
      prefix: queuePrefix(target, config.prefix, STORE_NOTIFICATION_QUEUE),
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on('error', () => undefined);
  }

  async enqueue(notificationId: number): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`redis is ${this.redis.status}`);
    await this.queue.add('process', { notificationId }, { jobId: jobId(notificationId) });
  }

  /** A queue bound in a Nest module closes with the application (Nest calls this on the providers it made). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    await closeQueuesAndClient(this.redis, [this.queue]);
  }
}

/** Runs `process` for each job; an outcome of `retry` is thrown back so BullMQ retries with back-off. */
export function startStoreNotificationWorker(
  target: RedisTarget,
  config: Pick<QueueConfig, 'prefix'>,
  process: (notificationId: number) => Promise<{ outcome: NotificationOutcome; error?: string }>,
  onError: (message: string) => void,
): Worker {
  const worker = openWorker(
    target,
    STORE_NOTIFICATION_QUEUE,
    async (job: Job<{ notificationId: number }>) => {
      const result = await process(Number(job.data.notificationId));
      if (result.outcome === 'retry') throw new Error(result.error ?? 'store unavailable');
      return result.outcome;
    },
    { prefix: config.prefix, concurrency: 2 },
  );
  worker.on('error', (err) => onError(err.message));
  return worker;
}
