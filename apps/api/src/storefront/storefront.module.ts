import { Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '@app/domain/shared/clock.port';
import { ReceiveStorefrontWebhook } from '@app/domain/storefront/storefront-events';
import { StorefrontService } from '@app/domain/storefront/storefront.service';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { BullmqStorefrontQueue } from '@app/infra/storefront/bullmq-storefront-queue';
import { createStorefrontApi } from '@app/infra/storefront/storefront.factory';
import { APP_CONFIG } from '../core/tokens';
import { STOREFRONT_CONFIG, StorefrontController } from './storefront.controller';

const STOREFRONT = 'STOREFRONT';

@Injectable()
class QueueShutdown implements OnModuleDestroy {
  constructor(private readonly queue: BullmqStorefrontQueue) {}
  onModuleDestroy(): Promise<void> {
    return this.queue.close();
  }
}

/** `/v1/integrations/storefront`: connection, backfill, logs, and the shop's webhooks; the worker turns events into documents. */
@Module({
  controllers: [StorefrontController],
  providers: [
    { provide: BullmqStorefrontQueue, useFactory: (config: AppConfig) => new BullmqStorefrontQueue(config.redisUrl, config.queue), inject: [APP_CONFIG] },
    {
      provide: STOREFRONT,
      useFactory: (db: Database, clock: Clock, config: AppConfig, queue: BullmqStorefrontQueue) => createStorefrontApi(db, clock, config, queue),
      inject: [Database, Clock, APP_CONFIG, BullmqStorefrontQueue],
    },
    { provide: StorefrontService, useFactory: (s: ReturnType<typeof createStorefrontApi>) => s.service, inject: [STOREFRONT] },
    { provide: ReceiveStorefrontWebhook, useFactory: (s: ReturnType<typeof createStorefrontApi>) => s.receive, inject: [STOREFRONT] },
    { provide: STOREFRONT_CONFIG, useFactory: (config: AppConfig) => config.storefront, inject: [APP_CONFIG] },
    QueueShutdown,
  ],
})
export class StorefrontModule {}
