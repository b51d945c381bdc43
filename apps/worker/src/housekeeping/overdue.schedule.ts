import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { MarkOverdueInvoices } from '@app/domain/invoices/mark-overdue.use-case';
import { WORKER_LOG } from '../logger';
import { DailyJob } from '../scheduling/daily-job';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** The daily overdue marking (docs/decisions.md, "Documents, numbering and payments"), once a day across workers. */
@Injectable()
export class OverdueSchedule extends DailyJob {
  constructor(registry: SchedulerRegistry, locks: ScheduleLocks, use: MarkOverdueInvoices, @Inject(WORKER_LOG) log: Logger) {
    super(registry, locks, log, { job: 'invoices:overdue', run: () => use.execute(), report: (marked) => [{ marked }, 'overdue invoices marked'] });
  }
}
