import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { formatTimestamp } from '@app/domain/shared/fiscal-year';
import { RunBackfill } from '@app/domain/storefront/run-backfill.use-case';
import { ProcessStorefrontEvent } from '@app/domain/storefront/storefront-events';
import { EVENT_RETENTION_DAYS, StorefrontStore } from '@app/domain/storefront/storefront.ports';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { takeLock } from '@app/infra/queue/redis-lock';
import { loggedPass, OnePassAtATime } from '../scheduling/passes';
import { BullmqStorefrontQueue, startStorefrontWorkers, StorefrontWorkers } from '@app/infra/storefront/bullmq-storefront-queue';
import { WORKER_LOG } from '../logger';
import { ScheduleLocks } from '../scheduling/schedule-locks';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The worker's storefront integration: BullMQ processors for stored webhook events and for backfills, a
 * sweeper that offers again events whose job was lost and backfills left running by a worker that stopped
 * (at start, then every SWEEP_INTERVAL_MS), and the daily removal of events older than 30 days. Closing
 * stops the running backfills between orders; the next worker resumes them from their stored cursor.
 */
@Injectable()
export class StorefrontRuntime {
  private workers: StorefrontWorkers | null = null;
  private readonly stop = new AbortController();
  private readonly sweeping = new OnePassAtATime<number | null>();
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) readonly config: AppConfig,
    private readonly process: ProcessStorefrontEvent,
    private readonly backfill: RunBackfill,
    private readonly store: StorefrontStore,
    private readonly queue: BullmqStorefrontQueue,
    private readonly locks: ScheduleLocks,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {}

  start(): void {
    this.workers = startStorefrontWorkers(
      this.config.redis,
      this.config.queue,
      this.config.storefront,
      {
        event: async (id) => {
          try {
            const outcome = await this.process.execute(id);
            if (outcome) this.log.info({ event_id: id, state: outcome.state, reason: outcome.reason, invoice_id: outcome.invoiceId }, 'storefront event');
            return outcome?.state ?? 'skipped';
          } catch (err) {
            // Database or network trouble: the queue (then the sweeper) tries the event again; the others go on.
            this.log.warn({ event_id: id, err: (err as Error).message }, 'storefront event failed; it will be tried again');
            throw err;
          }
        },
        backfill: async (accountId) => {
          const run = await this.backfill.execute(accountId, this.stop.signal);
          this.log.info({ account_id: accountId, run }, 'storefront backfill');
          return run;
        },
      },
      (message) => this.log.warn({ err: message }, 'storefront worker: queue connection error'),
    );
  }

  /** Offers waiting events and running backfills to the queue again (one process per interval); null when it did not run. */
  sweepOnce(): Promise<number | null> {
    if (this.closing) return Promise.resolve(null);
    return this.sweeping.run(() =>
      loggedPass(this.log, 'storefront sweep failed', async () => {
        for (let i = 0; i < 40 && this.queue.redis.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 50));
        if (!(await this.locks.takeInterval('storefront:sweep-lock', this.config.queue.sweepIntervalMs))) return null;
        const before = formatTimestamp(new Date(Date.now() - this.config.queue.sweepAfterMs));
        const events = await this.store.waitingEvents(before, 500);
        for (const id of events) await this.queue.enqueueEvent(id);
        const backfills = await this.store.runningBackfills(100);
        for (const accountId of backfills) await this.queue.enqueueBackfill(accountId);
        return events.length + backfills.length;
      }),
    );
  }

  /** Deletes events (the logs) received more than 30 days ago; once a day across processes. */
  async purgeOnce(now = new Date()): Promise<number | null> {
    if (this.closing) return null;
    return loggedPass(this.log, 'storefront log purge failed', async () => {
      const key = `${this.config.queue.prefix}:storefront:purge:${now.toISOString().slice(0, 10)}`;
      if (!(await takeLock(this.queue.redis, key, 26 * 60 * 60 * 1000))) return null;
      return await this.purgeEvents(now);
    });
  }

  /** The purge itself, without the daily lock. */
  async purgeEvents(now = new Date()): Promise<number> {
    const purged = await this.store.purgeEvents(formatTimestamp(new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS)));
    if (purged) this.log.info({ purged }, 'storefront events older than 30 days deleted');
    return purged;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.stop.abort();
    await Promise.all([this.workers?.events.close().catch(() => undefined), this.workers?.backfills.close().catch(() => undefined)]);
    await this.sweeping.finished();
  }
}
