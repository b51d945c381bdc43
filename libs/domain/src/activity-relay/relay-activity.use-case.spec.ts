import { FakeClock } from '../../testing/fake-clock';
import { TransactionRunner } from '../shared/transaction.port';
import { ActivityConsumer, ActivityOutbox, CommittedActivity } from './activity-relay.port';
import { RelayActivity } from './relay-activity.use-case';

const event = (id: number, accountId: number): CommittedActivity => ({
  id,
  accountId,
  actorKind: 'api_key',
  actorUserId: null,
  action: 'created',
  entityType: 'client',
  entityId: id,
  label: `Client ${id}`,
  before: null,
  after: null,
  occurredAt: new Date('2025-08-10T06:00:00Z'),
});

/** The activity log as an outbox in memory. */
class MemoryOutbox extends ActivityOutbox {
  relayed = new Set<number>();
  down = false;
  constructor(readonly events: CommittedActivity[]) {
    super();
  }
  async claim(limit: number): Promise<CommittedActivity[]> {
    if (this.down) throw new Error('connect ECONNREFUSED');
    return this.events.filter((e) => !this.relayed.has(e.id)).slice(0, limit);
  }
  async markRelayed(ids: number[]): Promise<void> {
    for (const id of ids) this.relayed.add(id);
  }
}

/** A consumer that keeps the ids it consumed and refuses the events `refuse` picks (a write the database refuses). */
class RecordingConsumer extends ActivityConsumer {
  readonly name = 'recording';
  consumed: number[] = [];
  constructor(private readonly refuse: (e: CommittedActivity) => boolean) {
    super();
  }
  async consume(events: CommittedActivity[]): Promise<void> {
    for (const e of events) {
      if (this.refuse(e)) throw new Error(`Data too long for column 'title' at row 1`);
      this.consumed.push(e.id);
    }
  }
}

/** Transactions over the two in-memory stores: a failed one rolls both back. */
class RollbackTransactions extends TransactionRunner {
  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly consumer: RecordingConsumer,
  ) {
    super();
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    const relayed = new Set(this.outbox.relayed);
    const consumed = [...this.consumer.consumed];
    try {
      return await work();
    } catch (error) {
      this.outbox.relayed = relayed;
      this.consumer.consumed = consumed;
      throw error;
    }
  }
}

function relayOf(events: CommittedActivity[], refuse: (e: CommittedActivity) => boolean, batchSize = 10) {
  const outbox = new MemoryOutbox(events);
  const consumer = new RecordingConsumer(refuse);
  const relay = new RelayActivity(outbox, [consumer], new RollbackTransactions(outbox, consumer), new FakeClock('2025-08-10T06:00:00Z'), {
    batchSize,
    maxBatches: 5,
  });
  return { outbox, consumer, relay };
}

describe('RelayActivity', () => {
  it('relays every event in batches', async () => {
    const { consumer, relay } = relayOf([event(1, 1), event(2, 2), event(3, 1)], () => false, 2);
    expect(await relay.execute()).toEqual({ relayed: 3, batches: 2, setAside: [] });
    expect(consumer.consumed).toEqual([1, 2, 3]);
  });

  it('an event no consumer can take is set aside alone; the events of other accounts, before and after it, are relayed', async () => {
    const { outbox, consumer, relay } = relayOf([event(1, 1), event(2, 7), event(3, 2), event(4, 1)], (e) => e.id === 2);
    const result = await relay.execute();
    expect(result.setAside).toEqual([{ eventId: 2, accountId: 7, error: "Data too long for column 'title' at row 1" }]);
    expect(result.relayed).toBe(4);
    expect(consumer.consumed).toEqual([1, 3, 4]);
    expect([...outbox.relayed].sort()).toEqual([1, 2, 3, 4]);
    // The next pass has nothing left to do.
    expect(await relay.execute()).toEqual({ relayed: 0, batches: 1, setAside: [] });
  });

  it('an event that fails once (a deadlock, a race) is tried again, not set aside', async () => {
    let refusals = 1;
    const { consumer, relay } = relayOf([event(1, 1), event(2, 2)], (e) => e.id === 2 && refusals-- > 0);
    expect(await relay.execute()).toMatchObject({ relayed: 2, setAside: [] });
    expect(consumer.consumed).toEqual([1, 2]);
  });

  it('a database that does not answer ends the pass and sets nothing aside', async () => {
    const { outbox, relay } = relayOf([event(1, 1)], () => false);
    outbox.down = true;
    await expect(relay.execute()).rejects.toThrow('ECONNREFUSED');
    outbox.down = false;
    expect(await relay.execute()).toMatchObject({ relayed: 1, setAside: [] });
  });
});
