import { Clock } from '../shared/clock.port';
import { TransactionRunner } from '../shared/transaction.port';
import { ActivityConsumer, ActivityOutbox, CommittedActivity } from './activity-relay.port';

/** An event no consumer could take, even alone and tried again: relayed without its consumers' rows (why: `error`). */
export interface SetAsideEvent {
  eventId: number;
  accountId: number;
  error: string;
}

export interface RelayResult {
  /** Events handed to the consumers. */
  relayed: number;
  /** Batches run (the last one was not full). */
  batches: number;
  /** Events set aside so that the others go on; the caller logs them. */
  setAside: SetAsideEvent[];
}

/** How often an event taken alone may fail before it is set aside (one more failure is a deadlock or a race, not the event). */
const TRIES_ALONE = 2;

interface Batch {
  count: number;
  after: Array<() => Promise<void>>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'unknown error';

/**
 * Hands committed activity events to every consumer, in batches, until the outbox is empty or
 * `maxBatches` ran. Each batch is one transaction: claim, every consumer's writes, mark relayed; then
 * the consumers' after-commit work (queue offers), whose failure loses nothing. A batch that fails is
 * taken again one event at a time, so that an event no consumer can take (one account's bad data) is set
 * aside, marked relayed without its consumers' rows, and never holds up the events of other accounts.
 */
export class RelayActivity {
  constructor(
    private readonly outbox: ActivityOutbox,
    private readonly consumers: ActivityConsumer[],
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly options: { batchSize: number; maxBatches: number },
  ) {}

  async execute(): Promise<RelayResult> {
    let relayed = 0;
    let batches = 0;
    const setAside: SetAsideEvent[] = [];
    while (batches < this.options.maxBatches) {
      batches++;
      let batch: Batch;
      try {
        batch = await this.tx.run(() => this.relay(this.options.batchSize));
      } catch {
        batch = await this.oneByOne(this.options.batchSize, setAside);
      }
      for (const run of batch.after) await run().catch(() => undefined);
      relayed += batch.count;
      if (batch.count < this.options.batchSize) break;
    }
    return { relayed, batches, setAside };
  }

  /** Claims up to `limit` events and hands them to every consumer; runs inside the caller's transaction. */
  private async relay(limit: number, claimed?: (events: CommittedActivity[]) => void): Promise<Batch> {
    const events = await this.outbox.claim(limit);
    claimed?.(events);
    const after: Batch['after'] = [];
    if (events.length) {
      for (const consumer of this.consumers) {
        const next = await consumer.consume(events);
        if (next) after.push(next);
      }
      await this.outbox.markRelayed(
        events.map((e) => e.id),
        this.clock.now(),
      );
    }
    return { count: events.length, after };
  }

  /**
   * Up to `limit` events, each in a transaction of its own. An event that fails TRIES_ALONE times is set
   * aside; a failure before any event is claimed (the database) ends the pass.
   */
  private async oneByOne(limit: number, setAside: SetAsideEvent[]): Promise<Batch> {
    const batch: Batch = { count: 0, after: [] };
    const failures = new Map<number, number>();
    while (batch.count < limit) {
      const taken: { event?: CommittedActivity } = {};
      try {
        const one = await this.tx.run(() => this.relay(1, (events) => (taken.event = events[0])));
        if (!one.count) break;
        batch.count++;
        batch.after.push(...one.after);
      } catch (error) {
        const { event } = taken;
        if (!event) throw error;
        const failed = (failures.get(event.id) ?? 0) + 1;
        failures.set(event.id, failed);
        if (failed < TRIES_ALONE) continue;
        const { id, accountId } = event;
        await this.tx.run(() => this.outbox.markRelayed([id], this.clock.now()));
        setAside.push({ eventId: id, accountId, error: errorText(error) });
        batch.count++;
      }
    }
    return batch;
  }
}
