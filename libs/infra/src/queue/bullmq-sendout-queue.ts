import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { SendoutJob } from '@app/domain/sendouts/sendout';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import type { QueueConfig } from '../config/app-config';
import { SENDOUT_QUEUE, sendoutJobId, sendoutJobOptions } from './sendout-queue.config';

export class QueueUnavailable extends Error {
  constructor(reason: string) {
    super(`The sendout queue is unavailable: ${reason}`);
    this.name = 'QueueUnavailable';
  }
}

/**
 * SendoutQueue on BullMQ. Its Redis connection fails fast: no offline command queue, one retry per
 * command, and `enqueue` gives up at once while the connection is not ready and after `timeoutMs`
 * otherwise, so an API request never hangs on Redis. Adding a job id that exists is a BullMQ no-op.
 */
export class BullmqSendoutQueue extends SendoutQueue {
  /** Also used by the worker for the sweeper lock. */
  readonly redis: Redis;
  private readonly queue: Queue;
  private closed = false;

  constructor(
    redisUrl: string,
    config: QueueConfig,
    private readonly timeoutMs = 1000,
  ) {
    super();
    this.redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
    });
    this.redis.on('error', () => undefined); // reported through enqueue failures and /health
    this.queue = new Queue(SENDOUT_QUEUE, { connection: this.redis, prefix: config.prefix, defaultJobOptions: sendoutJobOptions(config) });
    this.queue.on('error', () => undefined);
  }

  async enqueue(job: SendoutJob): Promise<void> {
    if (this.closed) throw new QueueUnavailable('closed');
    if (this.redis.status !== 'ready') throw new QueueUnavailable(`redis is ${this.redis.status}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailable(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.queue.add('deliver', job, { jobId: sendoutJobId(job.sendoutId) }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Jobs waiting, delayed or active (tests and benchmarks). */
  async counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('wait', 'delayed', 'active', 'paused', 'prioritized');
  }

  /** Removes every job and key of the queue (tests and benchmarks). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.close().catch(() => undefined);
    this.redis.disconnect();
  }
}
