import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { DispatchResult, DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { Schedule } from '../scheduling/schedule';
import { SingleFlight } from '../scheduling/single-flight';

/**
 * Sends due webhook deliveries (the relay's consumer writes them) every WEBHOOK_DISPATCH_INTERVAL_MS; a
 * round joins the one in progress. Processes do not collide: each delivery is claimed in the database.
 */
@Injectable()
export class WebhookDispatchSchedule extends Schedule {
  private readonly round: SingleFlight<DispatchResult>;

  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly dispatch: DispatchWebhooks,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    super(registry, 'webhook-dispatch', config.webhooks.dispatchIntervalMs);
    this.round = new SingleFlight(log, 'webhook dispatch failed');
  }

  protected tick(): Promise<DispatchResult | null> {
    if (this.closing) return Promise.resolve(null);
    return this.round.run(
      () => this.dispatch.execute(),
      (result) => {
        if (result.attempted) this.log.info({ ...result }, 'webhooks sent');
      },
    );
  }
}
