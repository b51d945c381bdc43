import { Module } from '@nestjs/common';
import { EndedSessions } from '@app/domain/auth/ended-sessions.port';
import { OverdueInvoices } from '@app/domain/invoices/overdue-invoices.port';
import { SqlEndedSessions } from '../auth/sql-ended-sessions';
import { Database } from '../database/database';
import { SqlOverdueInvoices } from '../invoices/sql-overdue-invoices';

/** The stores of the daily housekeeping jobs: invoices past their due date, sessions long ended. */
@Module({
  providers: [
    { provide: OverdueInvoices, useFactory: (db: Database) => new SqlOverdueInvoices(db), inject: [Database] },
    { provide: EndedSessions, useFactory: (db: Database) => new SqlEndedSessions(db), inject: [Database] },
  ],
  exports: [OverdueInvoices, EndedSessions],
})
export class HousekeepingAdaptersModule {}
