import { Module } from '@nestjs/common';
import { DeviceRepository } from '@app/domain/notifications/device.repository.port';
import { NotificationDirectory, NotificationPrefsRepository, NotificationRepository } from '@app/domain/notifications/notification.repository.port';
import { PushOutbox } from '@app/domain/notifications/push.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { bind } from '../core/providers';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { SqlNotificationDirectory } from './sql-notification-directory';
import { SqlNotificationPrefsRepository } from './sql-notification-prefs.repository';
import { SqlNotificationRepository } from './sql-notification.repository';
import { SqlPushDeviceRepository } from './sql-push-device.repository';
import { SqlPushOutbox } from './sql-push-outbox';

/** The notification stores (API and worker): the feed, push preferences, devices with sealed tokens, the recipients' directory and the push outbox. */
@Module({
  providers: [
    bind(NotificationRepository, SqlNotificationRepository, [Database]),
    bind(NotificationPrefsRepository, SqlNotificationPrefsRepository, [Database]),
    bind(NotificationDirectory, SqlNotificationDirectory, [Database]),
    bind(PushOutbox, SqlPushOutbox, [Database]),
    bind(DeviceRepository, SqlPushDeviceRepository, [Database, SecretHasher, SecretBox]),
  ],
  exports: [NotificationRepository, NotificationPrefsRepository, NotificationDirectory, PushOutbox, DeviceRepository],
})
export class NotificationsInfraModule {}
