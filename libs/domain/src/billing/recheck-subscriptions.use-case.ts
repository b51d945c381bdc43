import { Clock } from '../shared/clock.port';
import { TransactionRunner } from '../shared/transaction.port';
import { StoreBinding } from './store-binding';
import { StoreGateways } from './store-gateway.port';
import { StoreSubscriptionRepository } from './store-subscription.repository.port';
import { timestampOf } from './store-subscription';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily re-check: every bound subscription whose Pro ends within a day (or has just ended) is fetched
 * from its store again, so a renewal, expiry or refund whose notification was lost still reaches the plan.
 * Subscriptions of a store without credentials are left for a later run.
 */
export class RecheckSubscriptions {
  constructor(
    private readonly subscriptions: StoreSubscriptionRepository,
    private readonly gateways: StoreGateways,
    private readonly binding: StoreBinding,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async execute(batchSize = 500): Promise<{ checked: number; failed: number }> {
    const now = this.clock.now();
    const due = await this.subscriptions.findEndingBefore(
      timestampOf(new Date(now.getTime() + DAY_MS)),
      timestampOf(new Date(now.getTime() - DAY_MS / 2)),
      batchSize,
    );
    let checked = 0;
    let failed = 0;
    for (const subscription of due) {
      const gateway = this.gateways.of(subscription.store);
      if (!gateway.configured()) continue;
      try {
        const snapshot = await gateway.lookup(subscription.reference, 'reference');
        await this.tx.run(() => this.binding.reconcile(snapshot));
        checked++;
      } catch {
        failed++;
      }
    }
    return { checked, failed };
  }
}
