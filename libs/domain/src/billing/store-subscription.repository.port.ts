import { StoreKind, StoreSnapshot, StoreSubscription } from './store-subscription';

/** Store subscriptions bound to accounts, looked up by the SHA-256 of their identifiers. */
export abstract class StoreSubscriptionRepository {
  /** Locks the account's row until the transaction ends (serializes its plan changes). */
  abstract lockAccount(accountId: number): Promise<void>;
  /** The subscriptions any of these identifier hashes belong to. */
  abstract findByKeyHashes(store: StoreKind, keyHashes: string[]): Promise<StoreSubscription[]>;
  abstract listForAccount(accountId: number): Promise<StoreSubscription[]>;
  abstract create(accountId: number, snapshot: StoreSnapshot, now: Date): Promise<number>;
  abstract update(subscriptionId: number, snapshot: StoreSnapshot, now: Date): Promise<void>;
  /** Adds identifiers to a subscription; false when one already belongs to another subscription. */
  abstract addKeyHashes(subscriptionId: number, store: StoreKind, keyHashes: string[]): Promise<boolean>;
  /** Sets the account's plan to Pro until `expiresAt`. */
  abstract setAccountPlan(accountId: number, expiresAt: string, cancelAtPeriodEnd: boolean, now: Date): Promise<void>;
  /** Subscriptions whose Pro ends before `until` and that the store may still renew or end otherwise. */
  abstract findEndingBefore(until: string, notCheckedSince: string, limit: number): Promise<StoreSubscription[]>;
}
