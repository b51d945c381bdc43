import { Account } from '../shared/account';
import { AccountRepository } from '../accounts/account.repository.port';
import { EffectivePlan, planOf } from '../accounts/plan';
import { Clock } from '../shared/clock.port';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { TransactionRunner } from '../shared/transaction.port';
import { StoreBinding } from './store-binding';
import { StoreGateways, storeNotConfigured } from './store-gateway.port';
import { StoreKind } from './store-subscription';

export interface ConfirmPurchaseInput {
  store: StoreKind;
  /** iOS `transaction_id` or Android `purchase_token`. */
  reference: string;
  /** The request field that carried `reference` (for error details). */
  referenceField: 'transaction_id' | 'purchase_token';
  productId?: string;
  /** iOS only: when sent, it must be the store's original transaction id. */
  originalTransactionId?: string;
}

export interface StoreProducts {
  monthly: string;
  yearly: string;
}

/**
 * `POST /v1/billing/{store}/confirm`: asks the store about the purchase, then in one transaction binds the
 * subscription to the account and sets the plan from the store's expiry. Nothing changes when the store
 * cannot be reached (503), does not know the purchase or sells another product (400), or the subscription
 * already unlocks another account (409).
 */
export class ConfirmStorePurchase {
  constructor(
    private readonly gateways: StoreGateways,
    private readonly binding: StoreBinding,
    private readonly accounts: AccountRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly products: StoreProducts,
  ) {}

  async execute(account: Pick<Account, 'id'>, input: ConfirmPurchaseInput): Promise<EffectivePlan> {
    const gateway = this.gateways.of(input.store);
    if (!gateway.configured()) throw storeNotConfigured(input.store);
    const known = [this.products.monthly, this.products.yearly];
    if (input.productId !== undefined && !known.includes(input.productId)) {
      throw ValidationFailed.field('product_id', `must be ${known.join(' or ')}`);
    }
    const snapshot = await gateway.lookup(input.reference, input.referenceField);
    if (!known.includes(snapshot.productId)) throw ValidationFailed.field('product_id', `the store sold ${snapshot.productId}, which is not a Pro product`);
    if (input.productId !== undefined && input.productId !== snapshot.productId) {
      throw ValidationFailed.field('product_id', `does not match the store's product ${snapshot.productId}`);
    }
    if (input.originalTransactionId !== undefined && input.originalTransactionId !== snapshot.reference) {
      throw ValidationFailed.field('original_transaction_id', "does not match the store's original transaction");
    }
    await this.tx.run(() => this.binding.bind(account.id, snapshot));
    if (snapshot.needsAcknowledgement) await gateway.acknowledge(snapshot).catch(() => undefined); // retried by reconciliation
    const updated = await this.accounts.findById(account.id);
    if (!updated) throw NotFound.of('Account', account.id);
    return planOf(updated, this.clock.now());
  }
}
