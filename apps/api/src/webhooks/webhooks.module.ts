import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { WebhookSigner, WebhookStore, WebhookTransport } from '@app/domain/webhooks/webhook.ports';
import { WebhooksService } from '@app/domain/webhooks/webhooks.service';
import { make } from '@app/infra/core/providers';
import { WebhookAdaptersModule } from '@app/infra/webhooks/webhook-adapters.module';
import { WebhooksController } from './webhooks.controller';

/** `/v1/webhooks`: endpoints, secrets and delivery logs; the worker makes and sends the deliveries. */
@Module({
  imports: [WebhookAdaptersModule],
  controllers: [WebhooksController],
  providers: [make(WebhooksService, [WebhookStore, WebhookTransport, WebhookSigner, TransactionRunner, Clock, ActivityRecorder])],
})
export class WebhooksModule {}
