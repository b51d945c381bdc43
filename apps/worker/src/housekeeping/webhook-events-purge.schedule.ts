import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PurgeOldWebhookEvents } from '@app/domain/webhooks/webhook-events-log.service';
import { WORKER_LOG } from '../logger';
import { DailyJob } from '../scheduling/daily-job';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** The daily clean-up of webhook events older than the 30 days `GET /v1/events` shows, once a day across workers. */
@Injectable()
export class WebhookEventsPurgeSchedule extends DailyJob {
  constructor(registry: SchedulerRegistry, locks: ScheduleLocks, use: PurgeOldWebhookEvents, @Inject(WORKER_LOG) log: Logger) {
    super(registry, locks, log, { job: 'webhook-events:purge', run: () => use.execute(), report: (purged) => [{ purged }, 'old webhook events purged'] });
  }
}
