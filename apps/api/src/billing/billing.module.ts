import { Module } from '@nestjs/common';
import { StoreBillingModule } from '@app/infra/billing/store-billing.module';
import { BillingController } from './billing.controller';

/** Store confirmations and notifications (`/v1/billing/...`), on the store billing the worker binds the same way. */
@Module({
  imports: [StoreBillingModule],
  controllers: [BillingController],
})
export class BillingModule {}
