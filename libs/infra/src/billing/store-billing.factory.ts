import { ConfirmStorePurchase } from '@app/domain/billing/confirm-store-purchase.use-case';
import { ProcessStoreNotification } from '@app/domain/billing/process-store-notification.use-case';
import { RecheckSubscriptions } from '@app/domain/billing/recheck-subscriptions.use-case';
import { StoreBinding } from '@app/domain/billing/store-binding';
import { StoreGateways } from '@app/domain/billing/store-gateway.port';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { TypeormTransactionRunner } from '../database/typeorm-transaction-runner';
import { AppStoreGateway } from './app-store-gateway';
import { BillingSql } from './billing-sql';
import { AppleNotificationVerifier } from './apple-notification-verifier';
import { createAppleVerifier } from './apple-verifier';
import { GooglePushTokenVerifier } from './google-push-token-verifier';
import { PlayGateway } from './play-gateway';
import { SqlStoreNotificationRepository } from './sql-store-notification.repository';
import { SqlStoreSubscriptionRepository } from './sql-store-subscription.repository';

/** Store billing on one database: the store adapters and the use cases the API and the worker run. */
export function createStoreBilling(db: Database, clock: Clock, secrets: SecretHasher, accounts: AccountRepository, config: AppConfig) {
  const sql = new BillingSql(db, new SecretBox(config.encryptionKey));
  const tx = new TypeormTransactionRunner(db);
  const appleVerifier = createAppleVerifier(config.stores.apple);
  const gateways = new StoreGateways([new AppStoreGateway(config.stores, appleVerifier), new PlayGateway(config.stores)]);
  const subscriptions = new SqlStoreSubscriptionRepository(sql);
  const inbox = new SqlStoreNotificationRepository(sql);
  const binding = new StoreBinding(subscriptions, secrets, clock);
  return {
    inbox,
    appleNotifications: new AppleNotificationVerifier(appleVerifier),
    pushTokens: new GooglePushTokenVerifier(config.stores.play),
    confirm: new ConfirmStorePurchase(gateways, binding, accounts, tx, clock, { monthly: config.stores.productMonthly, yearly: config.stores.productYearly }),
    process: new ProcessStoreNotification(inbox, gateways, binding, tx, clock),
    recheck: new RecheckSubscriptions(subscriptions, gateways, binding, tx, clock),
  };
}

export type StoreBilling = ReturnType<typeof createStoreBilling>;
