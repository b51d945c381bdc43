import { Module } from '@nestjs/common';
import { StoreBillingInfraModule } from '@app/infra/billing/store-billing-infra.module';
import { BillingController } from './billing.controller';

/** Store confirmations and notifications (`/v1/billing/...`), on the store billing the worker binds the same way. */
@Module({
  imports: [StoreBillingInfraModule],
  controllers: [BillingController],
})
export class BillingModule {}
