import { Module } from '@nestjs/common';
import { RelayActivity } from '@app/domain/activity-relay/relay-activity.use-case';
import { DeliverPush } from '@app/domain/notifications/deliver-push.use-case';
import { DeviceRepository } from '@app/domain/notifications/device.repository.port';
import { NotificationDirectory, NotificationPrefsRepository, NotificationRepository } from '@app/domain/notifications/notification.repository.port';
import { NotifyFromActivity } from '@app/domain/notifications/notify-from-activity';
import { PurgeOldNotifications } from '@app/domain/notifications/purge-notifications.use-case';
import { PushHandOff } from '@app/domain/notifications/push-hand-off';
import { PushOutbox, PushQueue, PushSender } from '@app/domain/notifications/push.port';
import { SweepPushes } from '@app/domain/notifications/sweep-push.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { WebhookEventsConsumer } from '@app/domain/webhooks/webhook-consumer';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { make, factory } from '../core/providers';
import { Database } from '../database/database';
import { NotificationsInfraModule } from '../notifications/notifications-infra.module';
import { DisabledPushSender, FcmPushSender } from '../push/fcm-push-sender';
import { BullmqPushQueue } from '../queue/bullmq-push-queue';
import { WebhooksInfraModule } from '../webhooks/webhooks-infra.module';
import { ReadCommittedTransactionRunner, SqlActivityOutbox } from './sql-activity-outbox';

/**
 * The worker's relay of committed activity events to their consumers (in-app notifications with their push
 * hand-off, outbound webhook deliveries), push delivery and its outbox sweeper, and the notifications'
 * retention clean-up. Without an FCM service account the sender is disabled: notifications are still made.
 */
@Module({
  imports: [NotificationsInfraModule, WebhooksInfraModule],
  providers: [
    factory(PushSender, [APP_CONFIG], (config: AppConfig) =>
      config.push.serviceAccount ? new FcmPushSender(config.push.serviceAccount, config.push.fcmBaseUrl) : new DisabledPushSender(),
    ),
    factory(BullmqPushQueue, [APP_CONFIG], (config: AppConfig) => new BullmqPushQueue(config.redis, config.queue.prefix)),
    { provide: PushQueue, useExisting: BullmqPushQueue },
    make(PushHandOff, [PushOutbox, PushQueue, PushSender, Clock]),
    make(NotifyFromActivity, [NotificationRepository, NotificationDirectory, NotificationPrefsRepository, DeviceRepository, PushHandOff]),
    factory(
      RelayActivity,
      [Database, NotifyFromActivity, WebhookEventsConsumer, Clock],
      (db: Database, notify: NotifyFromActivity, webhooks: WebhookEventsConsumer, clock: Clock) =>
        new RelayActivity(new SqlActivityOutbox(db), [notify, webhooks], new ReadCommittedTransactionRunner(db), clock, { batchSize: 200, maxBatches: 50 }),
    ),
    factory(
      DeliverPush,
      [NotificationRepository, NotificationPrefsRepository, DeviceRepository, PushOutbox, PushSender, APP_CONFIG],
      (n: NotificationRepository, p: NotificationPrefsRepository, d: DeviceRepository, o: PushOutbox, s: PushSender, config: AppConfig) =>
        new DeliverPush(n, p, d, o, s, { maxAttempts: config.push.maxAttempts }),
    ),
    factory(
      SweepPushes,
      [PushOutbox, PushQueue, Clock, APP_CONFIG],
      (outbox: PushOutbox, queue: PushQueue, clock: Clock, config: AppConfig) =>
        new SweepPushes(outbox, queue, clock, { sweepAfterMs: Math.max(1000, config.queue.sweepAfterMs), batchSize: 500 }),
    ),
    make(PurgeOldNotifications, [NotificationRepository, Clock]),
  ],
  exports: [RelayActivity, DeliverPush, SweepPushes, PurgeOldNotifications, PushSender, BullmqPushQueue, WebhooksInfraModule],
})
export class ActivityRelayInfraModule {}
