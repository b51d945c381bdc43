import { Inject, Injectable } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { ProcessStoreNotification } from '@app/domain/billing/process-store-notification.use-case';
import { RecheckSubscriptions } from '@app/domain/billing/recheck-subscriptions.use-case';
import { StoreNotificationRepository } from '@app/domain/billing/store-notification.repository.port';
import { timestampOf } from '@app/domain/billing/store-subscription';
import { BullmqStoreNotificationQueue, startStoreNotificationWorker } from '@app/infra/billing/bullmq-store-notification-queue';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '@app/infra/config/app-config.token';
import { WORKER_LOG } from '../logger';
import { loggedPass } from '../scheduling/passes';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/**
 * The worker's store billing: a BullMQ processor for stored store notifications, a sweeper that offers
 * queued ones again (those that waited for credentials, or whose job was lost), and the daily re-check of
 * subscriptions ending within a day, run by one process a day (a Redis lock per Asia/Kolkata date).
 */
@Injectable()
export class StoreBillingRuntime {
  private worker: Worker | null = null;
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly process: ProcessStoreNotification,
    private readonly recheck: RecheckSubscriptions,
    private readonly inbox: StoreNotificationRepository,
    private readonly queue: BullmqStoreNotificationQueue,
    private readonly locks: ScheduleLocks,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {}

  start(): void {
    this.worker = startStoreNotificationWorker(
      this.config.redis,
      this.config.queue,
      async (id) => {
        const result = await this.process.execute(id);
        this.log.info({ notification_id: id, outcome: result.outcome, error: result.error }, 'store notification');
        return result;
      },
      (message) => this.log.warn({ err: message }, 'store notification worker: queue connection error'),
    );
  }

  /** Offers queued notifications untouched for SWEEP_AFTER_MS to the queue again (one process per interval). */
  async sweepOnce(): Promise<number | null> {
    if (this.closing) return null;
    return loggedPass(this.log, 'store notification sweep failed', async () => {
      if (!(await this.locks.takeInterval('store-notifications:sweep-lock', this.config.queue.sweepIntervalMs))) return null;
      const ids = await this.inbox.findQueued(timestampOf(new Date(Date.now() - this.config.queue.sweepAfterMs)), 500);
      for (const id of ids) await this.queue.enqueue(id);
      return ids.length;
    });
  }

  /** The daily re-check of subscriptions ending within a day; null when another process ran it today. */
  async recheckOnce(): Promise<{ checked: number; failed: number } | null> {
    if (this.closing) return null;
    return loggedPass(this.log, 'subscription re-check failed', async () => {
      if (!(await this.locks.takeToday('subscriptions:recheck'))) return null;
      const result = await this.recheck.execute();
      this.log.info(result, 'store subscriptions re-checked');
      return result;
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.worker?.close().catch(() => undefined);
  }
}
