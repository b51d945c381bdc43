import { Module } from '@nestjs/common';
import { AppConfig } from '@app/infra/config/app-config';
import { StorefrontCoreModule } from '@app/infra/storefront/storefront-core.module';
import { APP_CONFIG } from '../core/tokens';
import { STOREFRONT_CONFIG, StorefrontController } from './storefront.controller';

/** `/v1/integrations/storefront`: connection, backfill, logs, and the shop's webhooks; the worker turns events into documents. */
@Module({
  imports: [StorefrontCoreModule],
  controllers: [StorefrontController],
  providers: [{ provide: STOREFRONT_CONFIG, useFactory: (config: AppConfig) => config.storefront, inject: [APP_CONFIG] }],
})
export class StorefrontModule {}
