import { DomainError, NotConfigured, ValidationFailed } from '../shared/domain-error';
import { StoreKind, StoreSnapshot } from './store-subscription';

/** The store timed out, could not be reached or answered 5xx: nothing was changed; try again later. */
export class StoreUnavailable extends DomainError {
  readonly code = 'store_unavailable';
  constructor(store: StoreKind, reason: string) {
    super(`The ${store === 'ios' ? 'App Store' : 'Google Play'} could not be reached to verify the purchase; nothing was changed. Try again later.`, {
      store,
      reason,
    });
  }
}

export function storeNotConfigured(store: StoreKind): NotConfigured {
  return new NotConfigured(`${store === 'ios' ? 'App Store' : 'Google Play'} verification is not configured on this server.`, { store });
}

/** The store does not know the purchase (or it is for another app): 400 keyed by the request field. */
export function unknownPurchase(field: string, reason: string): ValidationFailed {
  return ValidationFailed.field(field, reason);
}

/** One store's server API (App Store Server API, Google Play Developer API). */
export abstract class StoreGateway {
  abstract readonly store: StoreKind;
  /** Credentials are configured: lookups may be made. */
  abstract configured(): boolean;
  /**
   * What the store says now about the subscription of `reference` (iOS: any transaction id; Android: a
   * purchase token). Throws StoreUnavailable on a timeout or 5xx, and ValidationFailed keyed by `field`
   * when the store does not know it.
   */
  abstract lookup(reference: string, field: string): Promise<StoreSnapshot>;
  /** Android acknowledges a new purchase; iOS needs nothing. */
  abstract acknowledge(snapshot: StoreSnapshot): Promise<void>;
}

/** Both stores, by kind. */
export class StoreGateways {
  constructor(private readonly gateways: readonly StoreGateway[]) {}

  of(store: StoreKind): StoreGateway {
    const gateway = this.gateways.find((g) => g.store === store);
    if (!gateway) throw new Error(`no gateway for ${store}`);
    return gateway;
  }
}
