import { Clock } from '../shared/clock.port';
import { offerJobs } from '../shared/offer-jobs';
import { PushOutbox, PushQueue } from './push.port';

/**
 * Offers push outbox rows again that no job may hold any more (the relay could not reach the queue, or
 * Redis lost its data). The job id is the notification id, so offering one a job holds changes nothing.
 */
export class SweepPushes {
  constructor(
    private readonly outbox: PushOutbox,
    private readonly queue: PushQueue,
    private readonly clock: Clock,
    private readonly options: { sweepAfterMs: number; batchSize: number },
  ) {}

  async execute(): Promise<{ enqueued: number; queueDown: boolean }> {
    const due = await this.outbox.pendingBefore(new Date(this.clock.now().getTime() - this.options.sweepAfterMs), this.options.batchSize);
    return offerJobs(due, (job) => this.queue.enqueue(job));
  }
}
