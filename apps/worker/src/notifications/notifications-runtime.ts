import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { RelayResult } from '@app/domain/activity-relay/relay-activity.use-case';
import { SystemClock } from '@app/domain/shared/clock.port';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { AppConfig } from '@app/infra/config/app-config';
import { NodeSecretHasher } from '@app/infra/crypto/node-secret-hasher';
import { Database } from '@app/infra/database/database';
import { createNotificationWorkerParts } from '@app/infra/notifications/notification-adapters';
import { BullmqPushWorker } from '@app/infra/queue/bullmq-push-worker';
import { takeLock } from '@app/infra/queue/redis-lock';
import { loggedPass, OnePassAtATime } from '../scheduling/passes';

type Parts = ReturnType<typeof createNotificationWorkerParts>;

/**
 * The worker's notification side: relays committed activity events to their consumers (one run at a
 * time per process; SKIP LOCKED keeps processes apart), runs the push queue, sweeps the push outbox and
 * removes old notifications once a day. The relay needs only the database: while Redis is down,
 * notifications are still made and their pushes wait in the outbox.
 */
export class NotificationsRuntime {
  readonly parts: Parts;
  private readonly pushWorker: BullmqPushWorker;
  private readonly relaying = new OnePassAtATime<RelayResult | null>();
  private closing: Promise<void> | null = null;

  constructor(
    private readonly config: AppConfig,
    dataSource: DataSource,
    private readonly log: Logger,
  ) {
    this.parts = createNotificationWorkerParts(new Database(dataSource), new SystemClock(), new NodeSecretHasher(), config);
    this.pushWorker = new BullmqPushWorker(
      config.redisUrl,
      { prefix: config.queue.prefix, concurrency: config.push.concurrency, backoffMs: config.push.backoffMs },
      this.parts.deliverPush,
      log,
    );
  }

  get intervalMs(): number {
    return this.config.push.relayIntervalMs;
  }

  start(): void {
    if (this.parts.sender.enabled) this.pushWorker.start();
    else this.log.info({}, 'push disabled: no FCM service account configured; notifications are made, pushes skipped');
  }

  /** One relay run (batches until the outbox is empty); joins the run in progress. */
  relayOnce(): Promise<RelayResult | null> {
    if (this.closing) return Promise.resolve(null);
    return this.relaying.run(() =>
      loggedPass(this.log, 'activity relay failed', async () => {
        const result = await this.parts.relay.execute();
        if (result.relayed) this.log.info({ relayed: result.relayed }, 'activity relayed');
        return result;
      }),
    );
  }

  async sweepPushesOnce(): Promise<void> {
    if (this.closing || !this.parts.sender.enabled) return;
    await loggedPass(this.log, 'push outbox sweep failed', async () => {
      const key = `${this.config.queue.prefix}:pushes:sweep-lock`;
      if (!(await takeLock(this.parts.pushQueue.redis, key, Math.floor(this.config.push.relayIntervalMs * 0.9)))) return;
      const result = await this.parts.sweepPushes.execute();
      if (result.enqueued) this.log.info({ ...result }, 'push outbox sweep');
    });
  }

  /** The daily removal of notifications past retention (once a day across processes, by a Redis lock). */
  async purgeOnce(): Promise<number | null> {
    if (this.closing) return null;
    return loggedPass(this.log, 'notification purge failed', async () => {
      const key = `${this.config.queue.prefix}:notifications:purge:${kolkataDate(new Date())}`;
      if (!(await takeLock(this.parts.pushQueue.redis, key, 26 * 60 * 60 * 1000))) return null;
      const purged = await this.parts.purge.execute();
      this.log.info({ purged }, 'old notifications purged');
      return purged;
    });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.pushWorker.close().catch((err: Error) => this.log.warn({ err: err.message }, 'closing the push worker failed'));
      await this.relaying.finished();
      await this.parts.pushQueue.close();
    })();
    return this.closing;
  }
}
