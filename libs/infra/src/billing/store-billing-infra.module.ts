import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ConfirmStorePurchase, StoreProducts } from '@app/domain/billing/confirm-store-purchase.use-case';
import { AppStoreNotificationVerifier, PushTokenVerifier } from '@app/domain/billing/notification-verifiers.port';
import { ProcessStoreNotification } from '@app/domain/billing/process-store-notification.use-case';
import { ReceiveStoreNotification } from '@app/domain/billing/receive-store-notification.use-case';
import { RecheckSubscriptions } from '@app/domain/billing/recheck-subscriptions.use-case';
import { StoreBinding } from '@app/domain/billing/store-binding';
import { StoreGateways } from '@app/domain/billing/store-gateway.port';
import { StoreNotificationQueue, StoreNotificationRepository } from '@app/domain/billing/store-notification.repository.port';
import { StoreSubscriptionRepository } from '@app/domain/billing/store-subscription.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { bind, make, factory } from '../core/providers';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { AppleNotificationVerifier } from './apple-notification-verifier';
import { createAppleSignatureVerifier, createAppleVerifier, loadAppleRoots } from './apple-verifier';
import { AppStoreGateway } from './app-store-gateway';
import { BillingSql } from './billing-sql';
import { BullmqStoreNotificationQueue } from './bullmq-store-notification-queue';
import { GooglePushTokenVerifier } from './google-push-token-verifier';
import { PlayGateway } from './play-gateway';
import { SqlStoreNotificationRepository } from './sql-store-notification.repository';
import { SqlStoreSubscriptionRepository } from './sql-store-subscription.repository';

/** Apple's trusted roots (DER), read once. */
const APPLE_ROOTS = Symbol('APPLE_ROOTS');
/** Apple's signed-data verifier (null without a bundle id or roots), shared by the gateway and the notification verifier. */
const APPLE_VERIFIER = Symbol('APPLE_VERIFIER');
const STORE_PRODUCTS = Symbol('STORE_PRODUCTS');

/**
 * Store billing (API and worker): the App Store and Play gateways, the subscription and notification
 * stores, and the use cases that confirm purchases, receive and process store notifications and re-check
 * subscriptions. The API answers the billing endpoints with it; the worker processes the queue.
 */
@Module({
  providers: [
    make(BillingSql, [Database, SecretBox]),
    factory(APPLE_ROOTS, [APP_CONFIG], (config: AppConfig) => loadAppleRoots(config.stores.apple.rootCertPaths)),
    factory(APPLE_VERIFIER, [APP_CONFIG, APPLE_ROOTS], (config: AppConfig, roots: Buffer[]) => createAppleVerifier(config.stores.apple, roots)),
    factory(
      StoreGateways,
      [APP_CONFIG, APPLE_VERIFIER],
      (config: AppConfig, apple: ReturnType<typeof createAppleVerifier>) =>
        new StoreGateways([new AppStoreGateway(config.stores, apple), new PlayGateway(config.stores)]),
    ),
    factory(STORE_PRODUCTS, [APP_CONFIG], (config: AppConfig): StoreProducts => ({
      monthly: config.stores.productMonthly,
      yearly: config.stores.productYearly,
    })),
    bind(StoreSubscriptionRepository, SqlStoreSubscriptionRepository, [BillingSql]),
    bind(StoreNotificationRepository, SqlStoreNotificationRepository, [BillingSql]),
    factory(
      AppStoreNotificationVerifier,
      [APP_CONFIG, APPLE_ROOTS, APPLE_VERIFIER],
      (config: AppConfig, roots: Buffer[], apple: ReturnType<typeof createAppleVerifier>) =>
        new AppleNotificationVerifier(apple, createAppleSignatureVerifier(config.stores.apple, roots)),
    ),
    factory(PushTokenVerifier, [APP_CONFIG], (config: AppConfig) => new GooglePushTokenVerifier(config.stores.play)),
    factory(BullmqStoreNotificationQueue, [APP_CONFIG], (config: AppConfig) => new BullmqStoreNotificationQueue(config.redis, config.queue)),
    { provide: StoreNotificationQueue, useExisting: BullmqStoreNotificationQueue },
    make(StoreBinding, [StoreSubscriptionRepository, SecretHasher, Clock]),
    make(ConfirmStorePurchase, [StoreGateways, StoreBinding, AccountRepository, TransactionRunner, Clock, STORE_PRODUCTS]),
    make(ProcessStoreNotification, [StoreNotificationRepository, StoreGateways, StoreBinding, TransactionRunner, Clock]),
    make(RecheckSubscriptions, [StoreSubscriptionRepository, StoreGateways, StoreBinding, TransactionRunner, Clock]),
    make(ReceiveStoreNotification, [StoreNotificationRepository, StoreNotificationQueue, Clock]),
  ],
  exports: [
    ConfirmStorePurchase,
    ReceiveStoreNotification,
    ProcessStoreNotification,
    RecheckSubscriptions,
    AppStoreNotificationVerifier,
    PushTokenVerifier,
    StoreNotificationRepository,
    BullmqStoreNotificationQueue,
  ],
})
export class StoreBillingInfraModule {}
