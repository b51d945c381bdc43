import { JobsOptions, Queue } from 'bullmq';
import type Redis from 'ioredis';
import { closeQueuesAndClient, openRedis, queuePrefix, RedisTarget } from '../redis/redis-connection';

export class QueueUnavailable extends Error {
  constructor(queue: string, reason: string) {
    super(`The ${queue} queue is unavailable: ${reason}`);
    this.name = 'QueueUnavailable';
  }
}

/**
 * The producer side of a queue whose jobs mirror committed outbox rows (sendouts, pushes). Its Redis
 * connection fails fast: no offline command queue, one retry per command, and `add` gives up at once
 * while the connection is not ready and after `timeoutMs` otherwise, so a caller never hangs on Redis
 * (the row stays and a sweeper offers it again). Adding a job id that exists is a BullMQ no-op.
 */
export class BullmqOutboxQueue<T extends object> {
  /** Also used by the worker for its locks. */
  readonly redis: Redis;
  private readonly queue: Queue;
  private closed = false;

  constructor(
    private readonly name: string,
    target: RedisTarget,
    prefix: string,
    defaultJobOptions: JobsOptions,
    private readonly timeoutMs = 1000,
  ) {
    this.redis = openRedis(target, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
    });
    this.redis.on('error', () => undefined); // reported through add failures and /health
    this.queue = new Queue(name, { connection: this.redis, prefix: queuePrefix(target, prefix, name), defaultJobOptions });
    this.queue.on('error', () => undefined);
  }

  async add(jobName: string, data: T, jobId: string): Promise<void> {
    if (this.closed) throw new QueueUnavailable(this.name, 'closed');
    if (this.redis.status !== 'ready') throw new QueueUnavailable(this.name, `redis is ${this.redis.status}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailable(this.name, `no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.queue.add(jobName, data as never, { jobId }), timeout]);
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

  /** A queue bound in a Nest module closes with the application (Nest calls this on the providers it made). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await closeQueuesAndClient(this.redis, [this.queue]);
  }
}
