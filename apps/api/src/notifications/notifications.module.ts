import { Module } from '@nestjs/common';
import { DevicesService } from '@app/domain/notifications/devices.service';
import { DeviceRepository } from '@app/domain/notifications/device.repository.port';
import { NotificationPrefsRepository, NotificationRepository } from '@app/domain/notifications/notification.repository.port';
import { NotificationsService } from '@app/domain/notifications/notifications.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { make } from '@app/infra/core/providers';
import { NotificationsInfraModule } from '@app/infra/notifications/notifications-infra.module';
import { DevicesController, NotificationsController } from './notifications.controller';

/** The feed, read state, push prefs and devices (`/v1/notifications`, `/v1/devices`); the worker makes and pushes notifications. */
@Module({
  imports: [NotificationsInfraModule],
  controllers: [NotificationsController, DevicesController],
  providers: [
    make(NotificationsService, [NotificationRepository, NotificationPrefsRepository, Clock]),
    make(DevicesService, [DeviceRepository, TransactionRunner, ActivityLog, Clock]),
  ],
})
export class NotificationsModule {}
