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

/**
 * The worker's side of the integrator features: sends outbound webhooks (the relay's consumer writes
 * the deliveries; this sends them, every WEBHOOK_DISPATCH_INTERVAL_MS) and removes expired idempotency keys.
 */
export class IntegrationsRuntime {
  readonly purgeKeys: PurgeIdempotencyKeys;
  readonly dispatch: DispatchWebhooks;
  private dispatching: Promise<DispatchResult | null> | null = null;
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
    this.dispatching ??= this.dispatch
      .execute()
      .then((result) => {
        if (result.attempted) this.log.info({ ...result }, 'webhooks sent');
        return result;
      })
      .catch((err: Error) => {
        this.log.warn({ err: err.message }, 'webhook dispatch failed');
        return null;
      })
      .finally(() => {
        this.dispatching = null;
      });
    return this.dispatching;
  }

  /** Deletes idempotency keys past their 24 hours (any process may run it; the deletes do not collide). */
  async purgeKeysOnce(): Promise<number | null> {
    if (this.closing) return null;
    try {
      const purged = await this.purgeKeys.execute();
      if (purged) this.log.info({ purged }, 'expired idempotency keys deleted');
      return purged;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'idempotency key purge failed');
      return null;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.dispatching;
  }
}
