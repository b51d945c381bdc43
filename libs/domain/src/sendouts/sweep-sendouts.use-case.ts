import { Clock } from '../shared/clock.port';
import { offerJobs } from '../shared/offer-jobs';
import { SendoutQueue } from './sendout-queue.port';
import { SendoutRepository } from './sendout.repository.port';

export interface SweepOptions {
  /** A queued row untouched this long is offered to the queue again. */
  sweepAfterMs: number;
  /** A row held in sending this long belongs to a worker that died. */
  leaseMs: number;
  maxAttempts: number;
  /** Rows per sweep. */
  batchSize: number;
}

export interface SweepResult {
  recovered: number;
  enqueued: number;
  /** The queue refused (unreachable): the rest waits for the next sweep. */
  queueDown: boolean;
}

/**
 * The outbox sweeper: re-offers queued rows that no job may hold (the POST could not reach the queue,
 * or Redis lost its data). Offering a row that a job holds is a no-op (the job id is the row id), and
 * the worker's claim makes a second job harmless. Rows stuck in sending are recovered first.
 */
export class SweepSendouts {
  constructor(
    private readonly sendouts: SendoutRepository,
    private readonly queue: SendoutQueue,
    private readonly clock: Clock,
    private readonly options: SweepOptions,
  ) {}

  async execute(): Promise<SweepResult> {
    const now = this.clock.now();
    const recovered = await this.sendouts.recoverStale(new Date(now.getTime() - this.options.leaseMs), this.options.maxAttempts, now);
    const due = await this.sendouts.queuedBefore(new Date(now.getTime() - this.options.sweepAfterMs), this.options.batchSize);
    return { recovered, ...(await offerJobs(due, (job) => this.queue.enqueue(job))) };
  }
}
