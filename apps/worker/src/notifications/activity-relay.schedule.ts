import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { RelayActivity, RelayResult } from '@app/domain/activity-relay/relay-activity.use-case';
import { PushSender } from '@app/domain/notifications/push.port';
import { SweepPushes } from '@app/domain/notifications/sweep-push.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { OnePassSchedule } from '../scheduling/one-pass-schedule';
import { loggedPass } from '../scheduling/passes';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/**
 * Every ACTIVITY_RELAY_INTERVAL_MS: relays committed activity events to their consumers (notifications,
 * webhook deliveries; one run at a time per process, SKIP LOCKED keeps processes apart), then sweeps the
 * push outbox (one process per interval). The relay needs only the database: while Redis is down,
 * notifications are still made and their pushes wait in the outbox.
 */
@Injectable()
export class ActivityRelaySchedule extends OnePassSchedule<RelayResult> {
  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly relay: RelayActivity,
    private readonly sweep: SweepPushes,
    private readonly sender: PushSender,
    private readonly locks: ScheduleLocks,
    @Inject(WORKER_LOG) log: Logger,
  ) {
    super(registry, 'activity-relay', config.push.relayIntervalMs, log, 'activity relay failed');
  }

  protected override async tick(): Promise<void> {
    await this.relayOnce();
    await this.sweepPushesOnce();
  }

  /** One relay run (batches until the outbox is empty); joins the run in progress. */
  relayOnce(): Promise<RelayResult | null> {
    return this.runPass();
  }

  protected async pass(): Promise<RelayResult> {
    const result = await this.relay.execute();
    for (const event of result.setAside) {
      this.log.error(
        { event_id: event.eventId, account_id: event.accountId, err: event.error },
        'activity relay: an event no consumer could take was set aside',
      );
    }
    if (result.relayed) this.log.info({ relayed: result.relayed }, 'activity relayed');
    return result;
  }

  private async sweepPushesOnce(): Promise<void> {
    if (this.closing || !this.sender.enabled) return;
    await loggedPass(this.log, 'push outbox sweep failed', async () => {
      if (!(await this.locks.takeInterval('pushes:sweep-lock', this.config.push.relayIntervalMs))) return;
      const result = await this.sweep.execute();
      if (result.enqueued) this.log.info({ ...result }, 'push outbox sweep');
    });
  }
}
