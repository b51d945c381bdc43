import { Inject, Injectable } from '@nestjs/common';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { BullmqSendoutQueue } from '@app/infra/queue/bullmq-sendout-queue';
import { takeLock } from '@app/infra/queue/redis-lock';

/** A day's lock outlives the day, so a process that starts late in the day does not run the job again. */
const DAY_LOCK_MS = 26 * 60 * 60 * 1000;

/**
 * Redis locks that keep a scheduled job to one process across the workers of a database (the keys sit
 * under QUEUE_PREFIX), on the sendout queue's connection. A lock is never released early: it also spaces
 * the runs.
 */
@Injectable()
export class ScheduleLocks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SendoutQueue) private readonly queue: BullmqSendoutQueue,
  ) {}

  /** Takes `name` for `ttlMs`; false when another process holds it or Redis does not answer. */
  take(name: string, ttlMs: number): Promise<boolean> {
    return takeLock(this.queue.redis, `${this.config.queue.prefix}:${name}`, ttlMs);
  }

  /** Takes the job's lock of today (Asia/Kolkata): true in the first process that asks each day. */
  takeToday(job: string): Promise<boolean> {
    return this.take(`${job}:${kolkataDate(new Date())}`, DAY_LOCK_MS);
  }

  /** The lock of one run in every `intervalMs` (held for most of the interval). */
  takeInterval(job: string, intervalMs: number): Promise<boolean> {
    return this.take(job, Math.floor(intervalMs * 0.9));
  }
}
