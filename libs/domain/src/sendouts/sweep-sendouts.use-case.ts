import { Clock } from '../shared/clock.port';
import { offerJobs } from '../shared/offer-jobs';
import { SendoutJob } from './sendout';
import { SendoutQueue } from './sendout-queue.port';
import { SendoutRepository } from './sendout.repository.port';
import { DeliveryRecording, errorText, sendoutOutcomeEvent } from './deliver-sendout.use-case';

export interface SweepOptions {
  /** A queued row untouched this long is offered to the queue again. */
  sweepAfterMs: number;
  /** A row held in sending this long belongs to a worker that died. */
  leaseMs: number;
  maxAttempts: number;
  /** Rows per sweep. */
  batchSize: number;
}

/** A row the sweep could not record: it failed without its outcome event (why: `error`); the caller logs it. */
export interface IsolatedSendout extends SendoutJob {
  error: string;
}

export interface SweepResult {
  recovered: number;
  enqueued: number;
  /** The queue refused (unreachable): the rest waits for the next sweep. */
  queueDown: boolean;
  /** Rows that failed on their own, without stopping the sweep of the others. */
  isolated: IsolatedSendout[];
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
    const isolated: IsolatedSendout[] = [];
    // Rows whose last attempt died with its worker fail here, each with its outcome event in a transaction of
    // its own: a row whose event cannot be written is left to the recovery below, which fails it without one,
    // and the other rows, of any account, go on.
    let failed = 0;
    for (const job of await this.sendouts.exhaustedStale(lockedBefore, this.options.maxAttempts, this.options.batchSize)) {
      try {
        const done = await this.recording.tx.run(async () => {
          const row = await this.sendouts.failStale(job.accountId, job.sendoutId, lockedBefore, this.options.maxAttempts, now);
          if (row) await this.recording.activity.append(sendoutOutcomeEvent(row, 'failed', now, { last_error: row.lastError }));
          return row !== null;
        });
        if (done) failed++;
      } catch (error) {
        isolated.push({ ...job, error: errorText(error) });
      }
    }
    const recovered = failed + (await this.sendouts.recoverStale(lockedBefore, this.options.maxAttempts, now));
    const due = await this.sendouts.queuedBefore(new Date(now.getTime() - this.options.sweepAfterMs), this.options.batchSize);
    return { recovered, ...(await offerJobs(due, (job) => this.queue.enqueue(job))), isolated };
  }
}
