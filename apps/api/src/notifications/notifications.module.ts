import { Module } from '@nestjs/common';
import { DevicesService } from '@app/domain/notifications/devices.service';
import { NotificationsService } from '@app/domain/notifications/notifications.service';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { notificationAdapters } from '@app/infra/notifications/notification-adapters';
import { APP_CONFIG } from '../core/tokens';
import { DevicesController, NotificationsController } from './notifications.controller';

const ADAPTERS = 'NOTIFICATION_ADAPTERS';
type Adapters = ReturnType<typeof notificationAdapters>;

/** The feed, read state, push prefs and devices (`/v1/notifications`, `/v1/devices`); the worker makes and pushes notifications. */
@Module({
  controllers: [NotificationsController, DevicesController],
  providers: [
    {
      provide: ADAPTERS,
      useFactory: (db: Database, s: SecretHasher, config: AppConfig) => notificationAdapters(db, s, config),
      inject: [Database, SecretHasher, APP_CONFIG],
    },
    {
      provide: NotificationsService,
      useFactory: (a: Adapters, clock: Clock) => new NotificationsService(a.notifications, a.prefs, clock),
      inject: [ADAPTERS, Clock],
    },
    { provide: DevicesService, useFactory: (a: Adapters, clock: Clock) => new DevicesService(a.devices, clock), inject: [ADAPTERS, Clock] },
  ],
})
export class NotificationsModule {}
