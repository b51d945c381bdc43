import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { PurgeIdempotencyKeys } from '@app/domain/idempotency/idempotent-requests.use-case';
import { SystemClock } from '@app/domain/shared/clock.port';
import { DispatchResult, DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { SqlIdempotencyStore } from '@app/infra/idempotency/sql-idempotency-store';
import { createWebhookWorkerParts } from '@app/infra/webhooks/webhooks.factory';
import { createActivityLog } from '@app/infra/webhooks/webhook-objects';
import { loggedPass, OnePassAtATime } from '../scheduling/passes';

/**
 * The worker's side of the integrator features: sends outbound webhooks (the relay's consumer writes
 * the deliveries; this sends them, every WEBHOOK_DISPATCH_INTERVAL_MS) and removes expired idempotency keys.
 */
export class IntegrationsRuntime {
  readonly purgeKeys: PurgeIdempotencyKeys;
  readonly dispatch: DispatchWebhooks;
  private readonly dispatching = new OnePassAtATime<DispatchResult | null>();
  private closing = false;

  constructor(
    readonly config: AppConfig,
    dataSource: DataSource,
    private readonly log: Logger,
  ) {
    const db = new Database(dataSource);
    const clock = new SystemClock();
    this.purgeKeys = new PurgeIdempotencyKeys(new SqlIdempotencyStore(db), clock);
    this.dispatch = createWebhookWorkerParts(db, clock, createActivityLog(db, clock), config).dispatch;
  }

  /** One round of webhook sending; joins the round in progress. */
  dispatchOnce(): Promise<DispatchResult | null> {
    if (this.closing) return Promise.resolve(null);
    return this.dispatching.run(() =>
      loggedPass(this.log, 'webhook dispatch failed', async () => {
        const result = await this.dispatch.execute();
        if (result.attempted) this.log.info({ ...result }, 'webhooks sent');
        return result;
      }),
    );
  }

  /** Deletes idempotency keys past their 24 hours (any process may run it; the deletes do not collide). */
  async purgeKeysOnce(): Promise<number | null> {
    if (this.closing) return null;
    return loggedPass(this.log, 'idempotency key purge failed', async () => {
      const purged = await this.purgeKeys.execute();
      if (purged) this.log.info({ purged }, 'expired idempotency keys deleted');
      return purged;
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.dispatching.finished();
  }
}
