import { Module } from '@nestjs/common';
import { EndedSessions } from '@app/domain/auth/ended-sessions.port';
import { OverdueInvoices } from '@app/domain/invoices/overdue-invoices.port';
import { SqlEndedSessions } from '../auth/sql-ended-sessions';
import { Database } from '../database/database';
import { SqlOverdueInvoices } from '../invoices/sql-overdue-invoices';
import { Tombstones } from '@app/domain/shared/tombstones.port';
import { SqlTombstones } from '../shared/sql-tombstones';
import { bind } from '../core/providers';
import { WebhookEventLog } from '@app/domain/webhooks/webhook-event-log.port';
import { SqlWebhookEventLog } from '../webhooks/sql-webhook-event-log';

/** The stores of the daily housekeeping jobs: invoices past their due date, sessions long ended, webhook events past 30 days, old list tombstones. */
@Module({
  providers: [
    bind(OverdueInvoices, SqlOverdueInvoices, [Database]),
    bind(EndedSessions, SqlEndedSessions, [Database]),
    bind(WebhookEventLog, SqlWebhookEventLog, [Database]),
    bind(Tombstones, SqlTombstones, [Database]),
  ],
  exports: [OverdueInvoices, EndedSessions, WebhookEventLog, Tombstones],
})
export class HousekeepingInfraModule {}
