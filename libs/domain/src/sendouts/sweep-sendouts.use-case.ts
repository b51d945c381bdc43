import { Clock } from '../shared/clock.port';
import { offerJobs } from '../shared/offer-jobs';
import { SendoutQueue } from './sendout-queue.port';
import { SendoutRepository } from './sendout.repository.port';
import { DeliveryRecording, sendoutOutcomeEvent } from './deliver-sendout.use-case';

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
    private readonly recording: DeliveryRecording,
  ) {}

  async execute(): Promise<SweepResult> {
    const now = this.clock.now();
    const lockedBefore = new Date(now.getTime() - this.options.leaseMs);
    // Rows whose last attempt died with its worker fail here, with their outcome event in the same transaction.
    const failed = await this.recording.tx.run(async () => {
      const rows = await this.sendouts.failStale(lockedBefore, this.options.maxAttempts, now);
      for (const row of rows) await this.recording.activity.append(sendoutOutcomeEvent(row, 'failed', now, { last_error: row.lastError }));
      return rows.length;
    });
    const recovered = failed + (await this.sendouts.recoverStale(lockedBefore, this.options.maxAttempts, now));
    const due = await this.sendouts.queuedBefore(new Date(now.getTime() - this.options.sweepAfterMs), this.options.batchSize);
    return { recovered, ...(await offerJobs(due, (job) => this.queue.enqueue(job))) };
  }
}
