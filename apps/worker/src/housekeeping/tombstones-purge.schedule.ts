import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PurgeTombstones } from '@app/domain/shared/purge-tombstones.use-case';
import { WORKER_LOG } from '../logger';
import { DailyJob } from '../scheduling/daily-job';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** The daily clean-up of list tombstones older than 30 days, once a day across workers. */
@Injectable()
export class TombstonesPurgeSchedule extends DailyJob {
  constructor(registry: SchedulerRegistry, locks: ScheduleLocks, use: PurgeTombstones, @Inject(WORKER_LOG) log: Logger) {
    super(registry, locks, log, { job: 'tombstones:purge', run: () => use.execute(), report: (purged) => [{ purged }, 'list tombstones purged'] });
  }
}
