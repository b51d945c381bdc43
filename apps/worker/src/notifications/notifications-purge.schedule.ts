import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PurgeOldNotifications } from '@app/domain/notifications/purge-notifications.use-case';
import { WORKER_LOG } from '../logger';
import { DailyJob } from '../scheduling/daily-job';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** The daily removal of notifications past their retention period, once a day across workers. */
@Injectable()
export class NotificationsPurgeSchedule extends DailyJob {
  constructor(registry: SchedulerRegistry, locks: ScheduleLocks, use: PurgeOldNotifications, @Inject(WORKER_LOG) log: Logger) {
    super(registry, locks, log, { job: 'notifications:purge', run: () => use.execute(), report: (purged) => [{ purged }, 'old notifications purged'] });
  }
}
