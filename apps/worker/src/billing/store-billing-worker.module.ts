import { Module } from '@nestjs/common';
import { StoreBillingInfraModule } from '@app/infra/billing/store-billing-infra.module';
import { StoreBillingRuntime } from './store-billing.runtime';
import { StoreNotificationProcessor, StoreNotificationSweep, SubscriptionRecheck } from './store-billing.schedules';

/** Store notifications from their queue, their sweeper and the daily subscription re-check, on the store billing the API binds the same way. */
@Module({
  imports: [StoreBillingInfraModule],
  providers: [StoreBillingRuntime, StoreNotificationProcessor, StoreNotificationSweep, SubscriptionRecheck],
})
export class StoreBillingWorkerModule {}
