import { Clock } from '../shared/clock.port';
import { DomainError } from '../shared/domain-error';
import { TransactionRunner } from '../shared/transaction.port';
import { StoreBinding } from './store-binding';
import { StoreGateways } from './store-gateway.port';
import { StoreNotificationRepository } from './store-notification.repository.port';

export type NotificationOutcome = 'reconciled' | 'unbound' | 'no_subscription' | 'waiting' | 'retry' | 'skipped';

/**
 * The worker's handling of one stored notification: re-fetch the subscription from the store (the
 * notification itself is never trusted for the plan) and reconcile the account's plan with it. Without
 * store credentials the row stays queued ("waiting") until a worker that has them takes it. A store that
 * cannot be reached leaves it queued for a retry.
 */
export class ProcessStoreNotification {
  constructor(
    private readonly inbox: StoreNotificationRepository,
    private readonly gateways: StoreGateways,
    private readonly binding: StoreBinding,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async execute(notificationId: number): Promise<{ outcome: NotificationOutcome; error?: string }> {
    const row = await this.inbox.find(notificationId);
    if (!row || row.status !== 'queued') return { outcome: 'skipped' };
    if (row.reference === null) {
      await this.inbox.markProcessed(row.id, 'no_subscription', this.clock.now());
      return { outcome: 'no_subscription' };
    }
    const gateway = this.gateways.of(row.store);
    if (!gateway.configured()) return { outcome: 'waiting' };
    try {
      const snapshot = await gateway.lookup(row.reference, 'reference');
      const accountId = await this.tx.run(() => this.binding.reconcile(snapshot));
      if (accountId !== null && snapshot.needsAcknowledgement) await gateway.acknowledge(snapshot);
      const outcome = accountId === null ? 'unbound' : 'reconciled';
      await this.inbox.markProcessed(row.id, outcome, this.clock.now());
      return { outcome };
    } catch (error) {
      const message = error instanceof DomainError ? `${error.code}: ${error.message}` : (error as Error).message;
      await this.inbox.recordAttempt(row.id, message.slice(0, 1000), this.clock.now());
      // A purchase the store does not know will not appear later: finish it.
      if (error instanceof DomainError && error.code === 'validation_error') {
        await this.inbox.markProcessed(row.id, 'unknown_purchase', this.clock.now());
        return { outcome: 'skipped', error: message };
      }
      return { outcome: 'retry', error: message };
    }
  }
}
