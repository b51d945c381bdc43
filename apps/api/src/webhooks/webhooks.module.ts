import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { WebhookSigner, WebhookStore, WebhookTransport } from '@app/domain/webhooks/webhook.ports';
import { WebhooksService } from '@app/domain/webhooks/webhooks.service';
import { WebhookEventLog } from '@app/domain/webhooks/webhook-event-log.port';
import { WebhookEventsService } from '@app/domain/webhooks/webhook-events-log.service';
import { make } from '@app/infra/core/providers';
import { WebhooksInfraModule } from '@app/infra/webhooks/webhooks-infra.module';
import { EventsController } from './events.controller';
import { WebhooksController } from './webhooks.controller';

/** `/v1/webhooks`: endpoints, secrets, delivery logs and test pings; `/v1/events`: the events log. The worker makes and sends the deliveries. */
@Module({
  imports: [WebhooksInfraModule],
  controllers: [WebhooksController, EventsController],
  providers: [
    make(WebhooksService, [WebhookStore, WebhookTransport, WebhookSigner, TransactionRunner, Clock, ActivityRecorder, WebhookEventLog]),
    make(WebhookEventsService, [WebhookEventLog, Clock]),
  ],
})
export class WebhooksModule {}
