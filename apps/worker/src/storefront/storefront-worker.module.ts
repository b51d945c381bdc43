import { Module } from '@nestjs/common';
import { StorefrontImportInfraModule } from '@app/infra/storefront/storefront-import-infra.module';
import { StorefrontRuntime } from './storefront-runtime';
import { StorefrontSchedule } from './storefront.schedule';

/** The storefront's event and backfill processors, their sweeper and the daily log purge, on the services the API's documents use. */
@Module({
  imports: [StorefrontImportInfraModule],
  providers: [StorefrontRuntime, StorefrontSchedule],
  exports: [StorefrontRuntime],
})
export class StorefrontWorkerModule {}
