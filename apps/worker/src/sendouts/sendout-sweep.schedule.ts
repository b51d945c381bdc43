import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { SweepResult, SweepSendouts } from '@app/domain/sendouts/sweep-sendouts.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { OnePassSchedule } from '../scheduling/one-pass-schedule';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** The outbox sweeper, every SWEEP_INTERVAL_MS: re-offers queued sendouts the queue lost and recovers stale ones. */
@Injectable()
export class SendoutSweepSchedule extends OnePassSchedule<SweepResult> {
  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly locks: ScheduleLocks,
    private readonly sweep: SweepSendouts,
    @Inject(WORKER_LOG) log: Logger,
  ) {
    super(registry, 'sendout-outbox-sweeper', config.queue.sweepIntervalMs, log, 'outbox sweep failed');
  }

  /**
   * One sweep, if this process wins the lock for this interval (so two workers never sweep together)
   * and no sweep of its own is still running. Null when it did not run.
   */
  runOnce(): Promise<SweepResult | null> {
    return this.runPass();
  }

  protected async pass(): Promise<SweepResult | null> {
    if (!(await this.locks.takeInterval('sendouts:sweep-lock', this.config.queue.sweepIntervalMs))) return null;
    const result = await this.sweep.execute();
    const { isolated, ...counts } = result;
    for (const row of isolated) {
      this.log.error({ sendout_id: row.sendoutId, account_id: row.accountId, err: row.error }, 'outbox sweep: the row failed without its outcome event');
    }
    if (counts.recovered || counts.enqueued) this.log.info(counts, 'outbox sweep');
    return result;
  }
}
