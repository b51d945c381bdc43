import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { WebhooksService } from '@app/domain/webhooks/webhooks.service';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { webhookAdapters } from '@app/infra/webhooks/webhooks.factory';
import { APP_CONFIG } from '../core/tokens';
import { WebhooksController } from './webhooks.controller';

/** `/v1/webhooks`: endpoints, secrets and delivery logs; the worker makes and sends the deliveries. */
@Module({
  controllers: [WebhooksController],
  providers: [
    {
      provide: WebhooksService,
      useFactory: (db: Database, config: AppConfig, tx: TransactionRunner, clock: Clock, activity: ActivityRecorder) => {
        const a = webhookAdapters(db, config);
        return new WebhooksService(a.store, a.transport, a.signer, tx, clock, activity);
      },
      inject: [Database, APP_CONFIG, TransactionRunner, Clock, ActivityRecorder],
    },
  ],
})
export class WebhooksModule {}
