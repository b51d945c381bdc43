import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { SendReminders } from '@app/domain/reminders/send-reminders.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { OnePassSchedule } from '../scheduling/one-pass-schedule';

/**
 * Payment reminders, every RECURRING_INTERVAL_MS in every worker: a step is due on its day, and each is sent
 * once (its row, unique on invoice and step, goes in with its email), so no lock is needed across workers.
 */
@Injectable()
export class RemindersSchedule extends OnePassSchedule<number> {
  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly reminders: SendReminders,
    @Inject(WORKER_LOG) log: Logger,
  ) {
    super(registry, 'payment-reminders', config.recurringIntervalMs, log, 'payment reminders pass failed');
  }

  /** One pass for today (by the calendar); how many emails it queued, null when it failed. */
  runOnce(): Promise<number | null> {
    return this.runPass();
  }

  protected async pass(): Promise<number> {
    const sent = await this.reminders.execute();
    if (sent) this.log.info({ sent }, 'payment reminders queued');
    return sent;
  }
}
