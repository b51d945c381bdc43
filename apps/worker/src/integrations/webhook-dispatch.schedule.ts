import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { DispatchResult, DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { OnePassSchedule } from '../scheduling/one-pass-schedule';

/**
 * Sends due webhook deliveries (the relay's consumer writes them) every WEBHOOK_DISPATCH_INTERVAL_MS; a
 * round joins the one in progress. Processes do not collide: each delivery is claimed in the database.
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
    const result = await this.dispatch.execute();
    if (result.attempted) this.log.info({ ...result }, 'webhooks sent');
    return result;
  }
}
