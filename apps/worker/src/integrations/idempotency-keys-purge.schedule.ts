import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { PurgeIdempotencyKeys } from '@app/domain/idempotency/idempotent-requests.use-case';
import { WORKER_LOG } from '../logger';
import { Schedule } from '../scheduling/schedule';

const EVERY_MS = 15 * 60 * 1000;

/** Deletes idempotency keys past their 24 hours every 15 minutes (any process may run it; the deletes do not collide). */
@Injectable()
export class IdempotencyKeysPurgeSchedule extends Schedule {
  constructor(
    registry: SchedulerRegistry,
    private readonly purge: PurgeIdempotencyKeys,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    super(registry, 'idempotency-keys-purge', EVERY_MS);
  }

  protected async tick(): Promise<number | null> {
    if (this.closing) return null;
    try {
      const purged = await this.purge.execute();
      if (purged) this.log.info({ purged }, 'expired idempotency keys deleted');
      return purged;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'idempotency key purge failed');
      return null;
    }
  }
}
