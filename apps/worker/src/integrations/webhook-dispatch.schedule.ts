import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { DispatchFailure, DispatchResult, DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { OnePassSchedule } from '../scheduling/one-pass-schedule';

/**
 * Sends due webhook deliveries (the relay's consumer writes them) every WEBHOOK_DISPATCH_INTERVAL_MS; a
 * round joins the one in progress, which goes on at once while deliveries are due and ends on shutdown
 * once those in flight are recorded. Processes do not collide: each endpoint is leased in the database.
 * A delivery or endpoint that fails on this side is logged and set aside; the others go on.
 */
@Injectable()
export class WebhookDispatchSchedule extends OnePassSchedule<DispatchResult> {
  constructor(
    registry: SchedulerRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly dispatch: DispatchWebhooks,
    @Inject(WORKER_LOG) log: Logger,
  ) {
    super(registry, 'webhook-dispatch', config.webhooks.dispatchIntervalMs, log, 'webhook dispatch failed');
  }

  protected async pass(): Promise<DispatchResult> {
    const result = await this.dispatch.execute({
      keepGoing: () => !this.closing,
      onFailure: (f: DispatchFailure) =>
        this.log.warn(
          { endpointId: f.endpointId, deliveryId: f.deliveryId, err: (f.error as Error)?.message ?? String(f.error) },
          'webhook delivery set aside',
        ),
    });
    if (result.attempted) this.log.info({ ...result }, 'webhooks sent');
    return result;
  }
}
