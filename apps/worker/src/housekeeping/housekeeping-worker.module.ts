import { Module } from '@nestjs/common';
import { EndedSessions } from '@app/domain/auth/ended-sessions.port';
import { PurgeEndedSessions } from '@app/domain/auth/purge-ended-sessions.use-case';
import { MarkOverdueInvoices } from '@app/domain/invoices/mark-overdue.use-case';
import { OverdueInvoices } from '@app/domain/invoices/overdue-invoices.port';
import { Clock } from '@app/domain/shared/clock.port';
import { PurgeTombstones } from '@app/domain/shared/purge-tombstones.use-case';
import { Tombstones } from '@app/domain/shared/tombstones.port';
import { HousekeepingInfraModule } from '@app/infra/housekeeping/housekeeping-infra.module';
import { OverdueSchedule } from './overdue.schedule';
import { SessionsPurgeSchedule } from './sessions-purge.schedule';
import { WebhookEventsPurgeSchedule } from './webhook-events-purge.schedule';
import { PurgeOldWebhookEvents } from '@app/domain/webhooks/webhook-events-log.service';
import { WebhookEventLog } from '@app/domain/webhooks/webhook-event-log.port';
import { TombstonesPurgeSchedule } from './tombstones-purge.schedule';
import { make } from '@app/infra/core/providers';

/** The daily housekeeping: overdue invoices, long-ended sessions, webhook events older than 30 days, list tombstones past their 30 days. */
@Module({
  imports: [HousekeepingInfraModule],
  providers: [
    make(MarkOverdueInvoices, [OverdueInvoices, Clock]),
    make(PurgeEndedSessions, [EndedSessions, Clock]),
    make(PurgeOldWebhookEvents, [WebhookEventLog, Clock]),
    make(PurgeTombstones, [Tombstones, Clock]),
    OverdueSchedule,
    SessionsPurgeSchedule,
    WebhookEventsPurgeSchedule,
    TombstonesPurgeSchedule,
  ],
})
export class HousekeepingWorkerModule {}
