import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { RelayActivity, RelayResult } from '@app/domain/activity-relay/relay-activity.use-case';
import { PushSender } from '@app/domain/notifications/push.port';
import { SweepPushes } from '@app/domain/notifications/sweep-push.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { Schedule } from '../scheduling/schedule';
import { SingleFlight } from '../scheduling/single-flight';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/**
 * Every ACTIVITY_RELAY_INTERVAL_MS: relays committed activity events to their consumers (notifications,
 * webhook deliveries; one run at a time per process, SKIP LOCKED keeps processes apart), then sweeps the
 * push outbox (one process per interval). The relay needs only the database: while Redis is down,
 * notifications are still made and their pushes wait in the outbox.
 */
@Injectable()
export class ActivityRelaySchedule extends Schedule {
  private readonly relays: SingleFlight<RelayResult>;

  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly relay: RelayActivity,
    private readonly sweep: SweepPushes,
    private readonly sender: PushSender,
    private readonly locks: ScheduleLocks,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    super(registry, 'activity-relay', config.push.relayIntervalMs);
    this.relays = new SingleFlight(log, 'activity relay failed');
  }

  protected async tick(): Promise<void> {
    await this.relayOnce();
    await this.sweepPushesOnce();
  }

  /** One relay run (batches until the outbox is empty); joins the run in progress. */
  relayOnce(): Promise<RelayResult | null> {
    if (this.closing) return Promise.resolve(null);
    return this.relays.run(
      () => this.relay.execute(),
      (result) => {
        if (result.relayed) this.log.info({ relayed: result.relayed }, 'activity relayed');
      },
    );
  }

  private async sweepPushesOnce(): Promise<void> {
    if (this.closing || !this.sender.enabled) return;
    try {
      if (!(await this.locks.takeInterval('pushes:sweep-lock', this.config.push.relayIntervalMs))) return;
      const result = await this.sweep.execute();
      if (result.enqueued) this.log.info({ ...result }, 'push outbox sweep');
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'push outbox sweep failed');
    }
  }
}
