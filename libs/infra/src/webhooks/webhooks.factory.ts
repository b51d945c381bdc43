import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { Clock } from '@app/domain/shared/clock.port';
import { DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { WebhookEventsConsumer } from '@app/domain/webhooks/webhook-consumer';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { TypeormTransactionRunner } from '../database/typeorm-transaction-runner';
import { NodeWebhookTransport } from './node-webhook-transport';
import { SqlWebhookStore } from './sql-webhook-store';
import { StandardWebhookSigner } from './standard-webhook-signer';
import { createResourceObjects } from './webhook-objects';

/** The webhook adapters on one database (API and worker). */
export function webhookAdapters(db: Database, config: Pick<AppConfig, 'encryptionKey' | 'webhooks'>) {
  return {
    store: new SqlWebhookStore(db, new SecretBox(config.encryptionKey)),
    transport: new NodeWebhookTransport({ allowInsecure: config.webhooks.allowInsecure }),
    signer: new StandardWebhookSigner(),
  };
}

/** The worker's side: the relay consumer that makes deliveries, and the dispatcher that sends them. */
export function createWebhookWorkerParts(db: Database, clock: Clock, activity: ActivityLog, config: Pick<AppConfig, 'encryptionKey' | 'webhooks'>) {
  const adapters = webhookAdapters(db, config);
  return {
    ...adapters,
    consumer: new WebhookEventsConsumer(adapters.store, clock, createResourceObjects(db, clock)),
    dispatch: new DispatchWebhooks(adapters.store, adapters.transport, adapters.signer, activity, clock, new TypeormTransactionRunner(db), {
      concurrency: config.webhooks.concurrency,
    }),
  };
}
