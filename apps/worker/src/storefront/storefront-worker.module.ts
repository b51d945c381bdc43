import { Module } from '@nestjs/common';
import { StorefrontImportModule } from '@app/infra/storefront/storefront-core.module';
import { StorefrontRuntime } from './storefront-runtime';
import { StorefrontSchedule } from './storefront.schedule';

/** The storefront's event and backfill processors, their sweeper and the daily log purge, on the services the API's documents use. */
@Module({
  imports: [StorefrontImportModule],
  providers: [StorefrontRuntime, StorefrontSchedule],
  exports: [StorefrontRuntime],
})
export class StorefrontWorkerModule {}
