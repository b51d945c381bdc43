import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { PurgeIdempotencyKeys } from '@app/domain/idempotency/idempotent-requests.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { SystemClock } from '@app/domain/shared/clock.port';
import { Database } from '@app/infra/database/typeorm-transaction-runner';
import { SqlIdempotencyStore } from '@app/infra/idempotency/sql-idempotency-store';

/** The worker's side of the integrator features: removes expired idempotency keys. */
export class IntegrationsRuntime {
  readonly purgeKeys: PurgeIdempotencyKeys;
  private closing = false;

  constructor(
    readonly config: AppConfig,
    dataSource: DataSource,
    private readonly log: Logger,
  ) {
    this.purgeKeys = new PurgeIdempotencyKeys(new SqlIdempotencyStore(new Database(dataSource)), new SystemClock());
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

  close(): Promise<void> {
    this.closing = true;
    return Promise.resolve();
  }
}
