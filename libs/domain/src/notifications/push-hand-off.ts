import { Clock } from '../shared/clock.port';
import { PushJob, PushOutbox, PushQueue, PushSender } from './push.port';

/**
 * How notifications become pushes: only when a sender is configured; first an outbox row in the
 * notification's transaction, then, after the commit, a queue job per push. A refused job (Redis down)
 * leaves its outbox row for the push sweeper.
 */
export class PushHandOff {
  constructor(
    private readonly outbox: PushOutbox,
    private readonly queue: PushQueue,
    private readonly sender: PushSender,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.sender.enabled;
  }

  /** The outbox rows of the account's notifications, in the caller's transaction. */
  record(accountId: number, notificationIds: number[]): Promise<void> {
    return this.outbox.add(accountId, notificationIds, this.clock.now());
  }

  /** Offers the jobs to the queue in order (after the commit); stops at the first refusal. */
  async offer(jobs: PushJob[]): Promise<void> {
    for (const job of jobs) await this.queue.enqueue(job);
  }
}
