import { Clock } from '../shared/clock.port';
import { NOTIFICATION_RETENTION_DAYS } from './notification';
import { NotificationRepository } from './notification.repository.port';

/** The daily clean-up: notifications older than the retention period leave every feed. */
export class PurgeOldNotifications {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    return this.notifications.deleteCreatedBefore(new Date(this.clock.now().getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000));
  }
}
