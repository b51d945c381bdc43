import { Job, Worker } from 'bullmq';
import { DeliverSendout, DeliveryResult } from '@app/domain/sendouts/deliver-sendout.use-case';
import { SendoutJob } from '@app/domain/sendouts/sendout';
import type { QueueConfig } from '../config/queue-config';
import { SENDOUT_QUEUE } from './sendout-queue.config';
import { openWorker, RedisTarget } from '../redis/redis-connection';

export interface DeliveryLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Raised for a transient failure so that BullMQ schedules the next attempt with its back-off. */
export class RetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLater';
  }
}

/**
 * Runs DeliverSendout for the jobs of the sendout queue (`concurrency` at once). A transient failure
 * is thrown back to BullMQ, which retries after an exponential back-off; every other outcome completes
 * the job. The blocking connection uses `maxRetriesPerRequest: null`, as BullMQ requires.
 */
export class BullmqSendoutWorker {
  private worker: Worker<SendoutJob, DeliveryResult['outcome']> | null = null;
  private stopping: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly target: RedisTarget,
    private readonly config: QueueConfig,
    private readonly deliver: DeliverSendout,
    private readonly log: DeliveryLog,
  ) {}

  start(): void {
    if (this.worker || this.closed) return;
    this.worker = openWorker<SendoutJob, DeliveryResult['outcome']>(this.target, SENDOUT_QUEUE, (job) => this.process(job), {
      prefix: this.config.prefix,
      concurrency: this.config.sendoutConcurrency,
      autorun: true,
    });
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'sendout worker: queue connection error'));
  }

  private async process(job: Job<SendoutJob>): Promise<DeliveryResult['outcome']> {
    const { sendoutId, accountId } = job.data;
    const result = await this.deliver.execute({ sendoutId: Number(sendoutId), accountId: Number(accountId) });
    const fields = { sendout_id: sendoutId, account_id: accountId, job_attempt: job.attemptsMade + 1 };
    if (result.outcome === 'sent') this.log.info({ ...fields, attempts: result.attempts }, 'sendout sent');
    else if (result.outcome === 'failed') this.log.warn({ ...fields, attempts: result.attempts, error: result.error }, 'sendout failed');
    else if (result.outcome === 'retry') {
      this.log.warn({ ...fields, attempts: result.attempts, error: result.error }, 'sendout will be retried');
      throw new RetryLater(result.error);
    }
    if ((result.outcome === 'sent' || result.outcome === 'failed') && result.unrecorded) {
      this.log.error({ ...fields, outcome: result.outcome, err: result.unrecorded }, 'sendout status recorded without its activity event');
    }
    return result.outcome;
  }

  /**
   * Stops taking jobs; running ones finish first. (BullMQ's own pause() lets a fetch already blocked in
   * Redis still take one job, so the BullMQ worker is closed instead and made anew by resume().)
   */
  pause(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) this.stopping = this.stopping.then(() => worker.close());
    return this.stopping;
  }

  resume(): void {
    this.start();
  }

  /** Waits for running jobs, then closes the connections. Idempotent; no start() afterwards. */
  close(): Promise<void> {
    this.closed = true;
    return this.pause();
  }
}
