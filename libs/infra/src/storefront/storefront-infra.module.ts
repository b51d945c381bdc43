import { Module } from '@nestjs/common';
import { Clock } from '@app/domain/shared/clock.port';
import { ReceiveStorefrontWebhook } from '@app/domain/storefront/storefront-events';
import { StorefrontService } from '@app/domain/storefront/storefront.service';
import { SecretSealer, ShopAdminApi, StorefrontQueue, StorefrontSigner, StorefrontStore } from '@app/domain/storefront/storefront.ports';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { bind, make, factory } from '../core/providers';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { BullmqStorefrontQueue } from './bullmq-storefront-queue';
import { HttpShopAdminApi } from './http-shop-admin-api';
import { SqlStorefrontStore } from './sql-storefront-store';
import { HmacStorefrontSigner, SecretBoxSealer } from './storefront-crypto';

/** The service's public address, where the shop's webhooks are registered to. */
const PUBLIC_BASE_URL = Symbol('PUBLIC_BASE_URL');

/**
 * The storefront integration's adapters and the API's use cases: the connection and event store, the
 * shop's admin API, the HMAC signer, the token sealer and the BullMQ queues; connect/status/disconnect,
 * backfill start, logs and webhook receipt.
 */
@Module({
  providers: [
    bind(StorefrontStore, SqlStorefrontStore, [Database]),
    factory(ShopAdminApi, [APP_CONFIG], (config: AppConfig) => new HttpShopAdminApi(config.storefront)),
    { provide: StorefrontSigner, useClass: HmacStorefrontSigner },
    bind(SecretSealer, SecretBoxSealer, [SecretBox]),
    factory(BullmqStorefrontQueue, [APP_CONFIG], (config: AppConfig) => new BullmqStorefrontQueue(config.redis, config.queue)),
    { provide: StorefrontQueue, useExisting: BullmqStorefrontQueue },
    factory(PUBLIC_BASE_URL, [APP_CONFIG], (config: AppConfig) => config.publicBaseUrl),
    make(StorefrontService, [StorefrontStore, ShopAdminApi, StorefrontSigner, SecretSealer, StorefrontQueue, Clock, PUBLIC_BASE_URL]),
    make(ReceiveStorefrontWebhook, [StorefrontStore, StorefrontSigner, SecretSealer, StorefrontQueue, Clock]),
  ],
  exports: [StorefrontStore, ShopAdminApi, SecretSealer, BullmqStorefrontQueue, StorefrontService, ReceiveStorefrontWebhook],
})
export class StorefrontInfraModule {}
