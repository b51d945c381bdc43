import { SecretHasher } from '../shared/secret.port';
import { Clock } from '../shared/clock.port';
import { Conflict } from '../shared/domain-error';
import { StoreSubscriptionRepository } from './store-subscription.repository.port';
import { planFromSubscriptions, StoreSnapshot } from './store-subscription';

/**
 * Binds store subscriptions to accounts and keeps the account's plan in step with what the store says.
 * Callers run it inside a transaction. Identifiers are kept as SHA-256 hashes for lookups.
 */
export class StoreBinding {
  constructor(
    private readonly subscriptions: StoreSubscriptionRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  /**
   * Binds the subscription to the account (409 conflict when any of its identifiers already belongs to
   * another account) and sets the plan from it.
   */
  async bind(accountId: number, snapshot: StoreSnapshot): Promise<void> {
    await this.subscriptions.lockAccount(accountId);
    const hashes = this.hashes(snapshot);
    const existing = await this.subscriptions.findByKeyHashes(snapshot.store, hashes);
    if (existing.some((s) => s.accountId !== accountId)) {
      throw new Conflict('This store subscription already unlocks another account.', { store: snapshot.store });
    }
    const now = this.clock.now();
    let id = existing[0]?.id;
    if (id === undefined) id = await this.subscriptions.create(accountId, snapshot, now);
    else await this.subscriptions.update(id, snapshot, now);
    if (!(await this.subscriptions.addKeyHashes(id, snapshot.store, hashes))) {
      throw new Conflict('This store subscription already unlocks another account.', { store: snapshot.store });
    }
    await this.applyPlan(accountId);
  }

  /**
   * Brings a bound subscription up to date with the store's answer and re-derives the plan. Returns the
   * account id, or null when no account has confirmed this subscription yet (confirm will bind it).
   */
  async reconcile(snapshot: StoreSnapshot): Promise<number | null> {
    const hashes = this.hashes(snapshot);
    const [found] = await this.subscriptions.findByKeyHashes(snapshot.store, hashes);
    if (!found) return null;
    await this.subscriptions.lockAccount(found.accountId);
    await this.subscriptions.update(found.id, snapshot, this.clock.now());
    await this.subscriptions.addKeyHashes(found.id, snapshot.store, hashes);
    await this.applyPlan(found.accountId);
    return found.accountId;
  }

  private async applyPlan(accountId: number): Promise<void> {
    const change = planFromSubscriptions(await this.subscriptions.listForAccount(accountId));
    if (change) await this.subscriptions.setAccountPlan(accountId, change.expiresAt, change.cancelAtPeriodEnd, this.clock.now());
  }

  private hashes(snapshot: StoreSnapshot): string[] {
    return [...new Set(snapshot.keys)].map((key) => this.hasher.hash(`${snapshot.store}:${key}`));
  }
}
