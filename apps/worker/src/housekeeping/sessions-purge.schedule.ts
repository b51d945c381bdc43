import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PurgeEndedSessions } from '@app/domain/auth/purge-ended-sessions.use-case';
import { WORKER_LOG } from '../logger';
import { DailyJob } from '../scheduling/daily-job';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** The daily clean-up of mobile sessions that ended more than 30 days ago, once a day across workers. */
@Injectable()
export class SessionsPurgeSchedule extends DailyJob {
  constructor(registry: SchedulerRegistry, locks: ScheduleLocks, use: PurgeEndedSessions, @Inject(WORKER_LOG) log: Logger) {
    super(registry, locks, log, { job: 'sessions:purge', run: () => use.execute(), report: (purged) => [{ purged }, 'ended sessions purged'] });
  }
}
