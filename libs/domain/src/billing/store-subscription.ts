/** The two app stores that sell Pro (SPEC "Store billing confirmation"). */
export type StoreKind = 'ios' | 'android';

/** How the store sees a subscription right now. */
export type StoreState = 'active' | 'grace' | 'billing_retry' | 'expired' | 'revoked' | 'pending';

/** What a store answered about one subscription, in our terms. */
export interface StoreSnapshot {
  store: StoreKind;
  /**
   * Every identifier of this subscription: the iOS original transaction id; on Android the purchase token
   * and the token it replaced (`linkedPurchaseToken`), so an upgrade or resubscribe stays one subscription.
   */
  keys: string[];
  /** What the store is asked about later: the original transaction id, or the newest purchase token. */
  reference: string;
  productId: string;
  state: StoreState;
  /** 'Y-m-d H:i:s' UTC until which the store grants Pro: expiry, end of grace, or the refund or revocation time. */
  accessUntil: string;
  /** False when the subscriber has turned renewal off (Pro ends at `accessUntil`). */
  willRenew: boolean;
  /** Android: the purchase still needs acknowledging (Play refunds unacknowledged purchases after 3 days). */
  needsAcknowledgement: boolean;
}

/** A subscription bound to an account, as stored. */
export interface StoreSubscription {
  id: number;
  accountId: number;
  store: StoreKind;
  reference: string;
  productId: string;
  state: StoreState;
  accessUntil: string;
  willRenew: boolean;
}

export interface PlanChange {
  expiresAt: string;
  cancelAtPeriodEnd: boolean;
}

/**
 * The account's Pro period from its store subscriptions: the one that lasts longest decides the expiry, and
 * the plan shows cancel-at-period-end when that one will not renew. Pro after it is "lapsed".
 */
export function planFromSubscriptions(subscriptions: Array<Pick<StoreSubscription, 'accessUntil' | 'willRenew' | 'state'>>): PlanChange | null {
  if (!subscriptions.length) return null;
  const longest = subscriptions.reduce((a, b) => (b.accessUntil > a.accessUntil ? b : a));
  return { expiresAt: longest.accessUntil, cancelAtPeriodEnd: !longest.willRenew && (longest.state === 'active' || longest.state === 'grace') };
}

/** 'Y-m-d H:i:s' UTC of a Date. */
export function timestampOf(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
