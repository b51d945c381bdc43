import { DelayedError, Job, Worker } from 'bullmq';
import { DeliverPush, PushResult } from '@app/domain/notifications/deliver-push.use-case';
import { PushJob } from '@app/domain/notifications/push.port';
import type { DeliveryLog } from './bullmq-sendout-worker';
import { PUSH_QUEUE } from './bullmq-push-queue';
import { openWorker, RedisTarget } from '../redis/redis-connection';

/** A push job's data: the job, the attempt to run and the devices already reached. */
interface PushJobData extends PushJob {
  attempt?: number;
  done?: number[];
}

export interface PushWorkerOptions {
  prefix: string;
  concurrency: number;
  /** Delay before attempt 2 when FCM gave no Retry-After; doubled each time, with jitter. */
  backoffMs: number;
}

/**
 * Runs DeliverPush for the jobs of the push queue. A retry is scheduled here rather than by BullMQ's
 * back-off, so that FCM's Retry-After is honoured: the job keeps the devices already reached in its
 * data and moves to the delayed set until then.
 */
export class BullmqPushWorker {
  private worker: Worker<PushJobData> | null = null;

  constructor(
    private readonly target: RedisTarget,
    private readonly options: PushWorkerOptions,
    private readonly deliver: DeliverPush,
    private readonly log: DeliveryLog,
  ) {}

  start(): void {
    if (this.worker) return;
    this.worker = openWorker<PushJobData, PushResult['outcome']>(this.target, PUSH_QUEUE, (job, token) => this.process(job, token), {
      prefix: this.options.prefix,
      concurrency: this.options.concurrency,
    });
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'push worker: queue connection error'));
  }

  private async process(job: Job<PushJobData>, token?: string): Promise<PushResult['outcome']> {
    const attempt = job.data.attempt ?? 1;
    const push = { notificationId: Number(job.data.notificationId), accountId: Number(job.data.accountId) };
    const result = await this.deliver.execute(push, { attempt, done: job.data.done ?? [] });
    const fields = { notification_id: push.notificationId, account_id: push.accountId, attempt };
    if (result.outcome === 'finished') {
      this.log.info({ ...fields, sent: result.sent, removed: result.removed, failed: result.failed, skipped: result.skipped }, 'push finished');
      return result.outcome;
    }
    const delay = result.retryAfterMs ?? Math.round(this.options.backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
    this.log.warn({ ...fields, error: result.error, retry_in_ms: delay }, 'push will be retried');
    await job.updateData({ ...job.data, attempt: attempt + 1, done: result.done });
    await job.moveToDelayed(Date.now() + delay, token);
    throw new DelayedError();
  }

  /** Waits for running jobs, then closes the connection. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.close();
  }
}
