import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { GenerateRecurringInvoices } from '@app/domain/recurring-invoices/generate-recurring-invoices.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { OnePassSchedule } from '../scheduling/one-pass-schedule';

/**
 * The invoices of recurring profiles, every RECURRING_INTERVAL_MS in every worker. No Redis lock: each run is
 * one transaction that locks its profile row (other processes skip it) and inserts the run under a unique
 * key on profile and run date, so workers running passes together, or one killed mid-run, make each
 * invoice once; and a worker that cannot reach Redis still makes them (their emails wait in the outbox).
 */
@Injectable()
export class RecurringInvoicesSchedule extends OnePassSchedule<number> {
  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly generate: GenerateRecurringInvoices,
    @Inject(WORKER_LOG) log: Logger,
  ) {
    super(registry, 'recurring-invoices', config.recurringIntervalMs, log, 'recurring invoices pass failed');
  }

  /** One pass over the profiles due today (by the clock); how many invoices it made, null when it failed. */
  runOnce(): Promise<number | null> {
    return this.runPass();
  }

  protected async pass(): Promise<number> {
    const made = await this.generate.execute();
    if (made) this.log.info({ made }, 'recurring invoices made');
    return made;
  }
}
