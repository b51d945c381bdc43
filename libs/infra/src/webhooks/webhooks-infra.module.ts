import { Module } from '@nestjs/common';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { DispatchOptions, DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { ResourceObjects } from '@app/domain/webhooks/resource-objects';
import { WebhookEventsConsumer } from '@app/domain/webhooks/webhook-consumer';
import { WebhookEventLog } from '@app/domain/webhooks/webhook-event-log.port';
import { WebhookSigner, WebhookStore, WebhookTransport } from '@app/domain/webhooks/webhook.ports';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { bind, make, factory } from '../core/providers';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { NodeWebhookTransport } from './node-webhook-transport';
import { SqlWebhookEventLog } from './sql-webhook-event-log';
import { SqlWebhookStore } from './sql-webhook-store';
import { StandardWebhookSigner } from './standard-webhook-signer';

const DISPATCH_OPTIONS = Symbol('DISPATCH_OPTIONS');

/**
 * Outbound webhooks (API and worker): the endpoint store with sealed secrets, the events log, the HTTP transport with its
 * address guard, the Standard Webhooks signer, the relay's consumer that makes deliveries and the
 * dispatcher that sends them.
 */
@Module({
  providers: [
    bind(WebhookStore, SqlWebhookStore, [Database, SecretBox]),
    bind(WebhookEventLog, SqlWebhookEventLog, [Database]),
    factory(WebhookTransport, [APP_CONFIG], (config: AppConfig) => new NodeWebhookTransport({ allowInsecure: config.webhooks.allowInsecure })),
    { provide: WebhookSigner, useClass: StandardWebhookSigner },
    factory(DISPATCH_OPTIONS, [APP_CONFIG], (config: AppConfig): DispatchOptions => ({
      concurrency: config.webhooks.concurrency,
      endpointConcurrency: config.webhooks.endpointConcurrency,
      pollMs: config.webhooks.dispatchIntervalMs,
    })),
    make(WebhookEventsConsumer, [WebhookStore, Clock, ResourceObjects, WebhookEventLog]),
    make(DispatchWebhooks, [WebhookStore, WebhookTransport, WebhookSigner, ActivityLog, Clock, TransactionRunner, DISPATCH_OPTIONS]),
  ],
  exports: [WebhookStore, WebhookEventLog, WebhookTransport, WebhookSigner, WebhookEventsConsumer, DispatchWebhooks],
})
export class WebhooksInfraModule {}
