import { Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ConfirmStorePurchase } from '@app/domain/billing/confirm-store-purchase.use-case';
import { AppStoreNotificationVerifier, PushTokenVerifier } from '@app/domain/billing/notification-verifiers.port';
import { ReceiveStoreNotification } from '@app/domain/billing/receive-store-notification.use-case';
import { StoreNotificationQueue } from '@app/domain/billing/store-notification.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { BullmqStoreNotificationQueue } from '@app/infra/billing/bullmq-store-notification-queue';
import { createStoreBilling, StoreBilling } from '@app/infra/billing/store-billing.factory';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { APP_CONFIG } from '../core/tokens';
import { BillingController } from './billing.controller';

const STORE_BILLING = 'STORE_BILLING';

@Injectable()
class QueueShutdown implements OnModuleDestroy {
  constructor(private readonly queue: StoreNotificationQueue) {}
  onModuleDestroy(): Promise<void> {
    return (this.queue as BullmqStoreNotificationQueue).close();
  }
}

/** Store confirmations and notifications (`/v1/billing/...`). */
@Module({
  controllers: [BillingController],
  providers: [
    {
      provide: STORE_BILLING,
      useFactory: (db: Database, clock: Clock, secrets: SecretHasher, accounts: AccountRepository, config: AppConfig) =>
        createStoreBilling(db, clock, secrets, accounts, config),
      inject: [Database, Clock, SecretHasher, AccountRepository, APP_CONFIG],
    },
    {
      provide: StoreNotificationQueue,
      useFactory: (config: AppConfig) => new BullmqStoreNotificationQueue(config.redisUrl, config.queue),
      inject: [APP_CONFIG],
    },
    { provide: ConfirmStorePurchase, useFactory: (b: StoreBilling) => b.confirm, inject: [STORE_BILLING] },
    { provide: AppStoreNotificationVerifier, useFactory: (b: StoreBilling) => b.appleNotifications, inject: [STORE_BILLING] },
    { provide: PushTokenVerifier, useFactory: (b: StoreBilling) => b.pushTokens, inject: [STORE_BILLING] },
    {
      provide: ReceiveStoreNotification,
      useFactory: (b: StoreBilling, queue: StoreNotificationQueue, clock: Clock) => new ReceiveStoreNotification(b.inbox, queue, clock),
      inject: [STORE_BILLING, StoreNotificationQueue, Clock],
    },
    QueueShutdown,
  ],
})
export class BillingModule {}
