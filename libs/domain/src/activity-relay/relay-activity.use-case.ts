import { Clock } from '../shared/clock.port';
import { TransactionRunner } from '../shared/transaction.port';
import { ActivityConsumer, ActivityOutbox } from './activity-relay.port';

export interface RelayResult {
  /** Events handed to the consumers. */
  relayed: number;
  /** Batches run (the last one was not full). */
  batches: number;
}

/**
 * Hands committed activity events to every consumer, in batches, until the outbox is empty or
 * `maxBatches` ran. Each batch is one transaction: claim, every consumer's writes, mark relayed; then
 * the consumers' after-commit work (queue offers), whose failure loses nothing.
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
    while (batches < this.options.maxBatches) {
      batches++;
      const { count, after } = await this.tx.run(async () => {
        const events = await this.outbox.claim(this.options.batchSize);
        const work: Array<() => Promise<void>> = [];
        if (events.length) {
          for (const consumer of this.consumers) {
            const next = await consumer.consume(events);
            if (next) work.push(next);
          }
          await this.outbox.markRelayed(
            events.map((e) => e.id),
            this.clock.now(),
          );
        }
        return { count: events.length, after: work };
      });
      for (const run of after) await run().catch(() => undefined);
      relayed += count;
      if (count < this.options.batchSize) break;
    }
    return { relayed, batches };
  }
}
