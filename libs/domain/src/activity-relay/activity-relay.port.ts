import { ActivityEvent } from '../activity/activity-log.port';

/** An activity event read back from the log after its transaction committed. */
export interface CommittedActivity extends ActivityEvent {
  id: number;
}

/**
 * The activity log read as an outbox: events not yet relayed, oldest first. `claim` runs inside the
 * relay's transaction and locks what it returns (rows another relay holds, or whose transaction has
 * not committed yet, are skipped and come in a later batch); `markRelayed` closes them in the same
 * transaction.
 */
export abstract class ActivityOutbox {
  abstract claim(limit: number): Promise<CommittedActivity[]>;
  abstract markRelayed(ids: number[], now: Date): Promise<void>;
}

/**
 * A consumer of committed activity (notifications; outbound webhooks next). `consume` writes its own
 * rows inside the relay's transaction, so an event is consumed exactly once with them; it may return
 * work to run after the commit (offering jobs to a queue), which must tolerate failure: its own outbox
 * row and sweeper carry it when the queue is unreachable.
 */
export abstract class ActivityConsumer {
  abstract readonly name: string;
  abstract consume(events: CommittedActivity[]): Promise<(() => Promise<void>) | void>;
}
