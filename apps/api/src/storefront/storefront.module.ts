import { Module } from '@nestjs/common';
import { AppConfig } from '@app/infra/config/app-config';
import { StorefrontInfraModule } from '@app/infra/storefront/storefront-infra.module';
import { APP_CONFIG } from '../core/tokens';
import { STOREFRONT_CONFIG, StorefrontController } from './storefront.controller';
import { factory } from '@app/infra/core/providers';

/** `/v1/integrations/storefront`: connection, backfill, logs, and the shop's webhooks; the worker turns events into documents. */
@Module({
  imports: [StorefrontInfraModule],
  controllers: [StorefrontController],
  providers: [factory(STOREFRONT_CONFIG, [APP_CONFIG], (config: AppConfig) => config.storefront)],
})
export class StorefrontModule {}
