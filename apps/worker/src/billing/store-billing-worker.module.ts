import { Module } from '@nestjs/common';
import { StoreBillingModule } from '@app/infra/billing/store-billing.module';
import { StoreBillingRuntime } from './store-billing.runtime';
import { StoreNotificationProcessor, StoreNotificationSweep, SubscriptionRecheck } from './store-billing.schedules';

/** Store notifications from their queue, their sweeper and the daily subscription re-check, on the store billing the API binds the same way. */
@Module({
  imports: [StoreBillingModule],
  providers: [StoreBillingRuntime, StoreNotificationProcessor, StoreNotificationSweep, SubscriptionRecheck],
})
export class StoreBillingWorkerModule {}
