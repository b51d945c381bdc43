import { ActivityConsumer } from '@app/domain/activity-relay/activity-relay.port';
import { RelayActivity } from '@app/domain/activity-relay/relay-activity.use-case';
import { DeliverPush } from '@app/domain/notifications/deliver-push.use-case';
import { NotifyFromActivity } from '@app/domain/notifications/notify-from-activity';
import { PurgeOldNotifications } from '@app/domain/notifications/purge-notifications.use-case';
import { PushSender } from '@app/domain/notifications/push.port';
import { SweepPushes } from '@app/domain/notifications/sweep-push.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { ReadCommittedTransactionRunner, SqlActivityOutbox } from '../activity-relay/sql-activity-outbox';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { DisabledPushSender, FcmPushSender } from '../push/fcm-push-sender';
import { BullmqPushQueue } from '../queue/bullmq-push-queue';
import { SqlNotificationDirectory } from './sql-notification-directory';
import { SqlNotificationPrefsRepository } from './sql-notification-prefs.repository';
import { SqlNotificationRepository } from './sql-notification.repository';
import { SqlPushDeviceRepository } from './sql-push-device.repository';
import { SqlPushOutbox } from './sql-push-outbox';
import { PushHandOff } from '@app/domain/notifications/push-hand-off';
import { WebhookEventsConsumer } from '@app/domain/webhooks/webhook-consumer';
import { createResourceObjects } from '../webhooks/webhook-objects';
import { webhookAdapters } from '../webhooks/webhooks.factory';

/** The notification adapters on one database (API and worker). */
export function notificationAdapters(db: Database, secrets: SecretHasher, config: Pick<AppConfig, 'encryptionKey'>) {
  return {
    notifications: new SqlNotificationRepository(db),
    prefs: new SqlNotificationPrefsRepository(db),
    devices: new SqlPushDeviceRepository(db, secrets, new SecretBox(config.encryptionKey)),
    directory: new SqlNotificationDirectory(db),
    pushOutbox: new SqlPushOutbox(db),
  };
}

export function createPushSender(config: Pick<AppConfig, 'push'>): PushSender {
  return config.push.serviceAccount ? new FcmPushSender(config.push.serviceAccount, config.push.fcmBaseUrl) : new DisabledPushSender();
}

/**
 * The worker's side: the activity relay with its consumers (notifications, outbound webhooks), push delivery, the
 * push outbox sweeper and the retention clean-up.
 */
export function createNotificationWorkerParts(db: Database, clock: Clock, secrets: SecretHasher, config: AppConfig) {
  const adapters = notificationAdapters(db, secrets, config);
  const sender = createPushSender(config);
  const pushQueue = new BullmqPushQueue(config.redisUrl, config.queue.prefix);
  const consumers: ActivityConsumer[] = [
    new NotifyFromActivity(
      adapters.notifications,
      adapters.directory,
      adapters.prefs,
      adapters.devices,
      new PushHandOff(adapters.pushOutbox, pushQueue, sender, clock),
    ),
    new WebhookEventsConsumer(webhookAdapters(db, config).store, clock, createResourceObjects(db, clock)),
  ];
  const relay = new RelayActivity(new SqlActivityOutbox(db), consumers, new ReadCommittedTransactionRunner(db), clock, { batchSize: 200, maxBatches: 50 });
  const deliverPush = new DeliverPush(adapters.notifications, adapters.prefs, adapters.devices, adapters.pushOutbox, sender, {
    maxAttempts: config.push.maxAttempts,
  });
  const sweepPushes = new SweepPushes(adapters.pushOutbox, pushQueue, clock, { sweepAfterMs: Math.max(1000, config.queue.sweepAfterMs), batchSize: 500 });
  const purge = new PurgeOldNotifications(adapters.notifications, clock);
  return { ...adapters, sender, pushQueue, relay, deliverPush, sweepPushes, purge };
}
