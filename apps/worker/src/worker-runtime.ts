import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { SystemClock } from '@app/domain/shared/clock.port';
import { DeliverSendout } from '@app/domain/sendouts/deliver-sendout.use-case';
import { SweepResult, SweepSendouts } from '@app/domain/sendouts/sweep-sendouts.use-case';
import { AppConfig } from '@app/infra/config/app-config';
import { NodeSecretHasher } from '@app/infra/crypto/node-secret-hasher';
import { Database } from '@app/infra/database/database';
import { NodemailerMailer } from '@app/infra/mail/nodemailer-mailer';
import { PuppeteerPdfRenderer } from '@app/infra/pdf/puppeteer-pdf-renderer';
import { BullmqSendoutQueue } from '@app/infra/queue/bullmq-sendout-queue';
import { BullmqSendoutWorker } from '@app/infra/queue/bullmq-sendout-worker';
import { takeLock } from '@app/infra/queue/redis-lock';
import { MarkOverdueInvoices } from '@app/domain/invoices/mark-overdue.use-case';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { SqlOverdueInvoices } from '@app/infra/invoices/sql-overdue-invoices';
import { PurgeEndedSessions } from '@app/domain/auth/purge-ended-sessions.use-case';
import { SqlEndedSessions } from '@app/infra/auth/sql-ended-sessions';
import { createMailer, createSendoutDelivery, createSendoutQueue } from '@app/infra/wiring/sendouts.wiring';
import { ScheduledRun, SendCaSync } from '@app/domain/ca-sync/send-ca-sync.use-case';
import { isSendDay } from '@app/domain/ca-sync/ca-sync-period';
import { TypeormAccountRepository } from '@app/infra/accounts/typeorm-account.repository';
import { SqlCaSyncRepository } from '@app/infra/ca-sync/sql-ca-sync.repository';
import { BullmqCaSyncWorker } from '@app/infra/queue/bullmq-ca-sync';
import { createCaSync } from '@app/infra/wiring/ca-sync.wiring';

/** A queued CA-sync send this old that no job has taken is sent by the hourly pass. */
const CA_SYNC_STALE_MS = 10 * 60 * 1000;

/**
 * Everything the worker process runs, owned in one place so that shutdown happens in order: stop taking
 * jobs and let running ones finish, stop the sweeper, then close the queue, the mailer, Chromium and the
 * database. Nest calls `onApplicationBootstrap` and `onModuleDestroy`; nothing else here has hooks.
 */
export class WorkerRuntime {
  readonly renderer: PuppeteerPdfRenderer;
  readonly mailer: NodemailerMailer;
  readonly queue: BullmqSendoutQueue;
  readonly deliver: DeliverSendout;
  readonly sweep: SweepSendouts;
  readonly markOverdue: MarkOverdueInvoices;
  readonly purgeSessions: PurgeEndedSessions;
  readonly caSync: SendCaSync;
  private readonly caSyncRepo: SqlCaSyncRepository;
  private readonly caSyncWorker: BullmqCaSyncWorker;
  private readonly worker: BullmqSendoutWorker;
  private sweeping: Promise<SweepResult | null> | null = null;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly log: Logger,
    outboxDir?: string,
  ) {
    // The same render timeout as the API's; no account cap or queue bound: sendouts already run a few at a time.
    this.renderer = new PuppeteerPdfRenderer({
      executablePath: config.chromiumPath,
      concurrency: config.pdfConcurrency,
      renderTimeoutMs: config.limits.pdfRenderTimeoutMs,
    });
    this.mailer = createMailer(config, outboxDir);
    this.queue = createSendoutQueue(config);
    const built = createSendoutDelivery(new Database(dataSource), new SystemClock(), new NodeSecretHasher(), config, {
      renderer: this.renderer,
      mailer: this.mailer,
      queue: this.queue,
    });
    this.deliver = built.deliver;
    this.markOverdue = new MarkOverdueInvoices(new SqlOverdueInvoices(new Database(dataSource)), new SystemClock());
    this.purgeSessions = new PurgeEndedSessions(new SqlEndedSessions(new Database(dataSource)), new SystemClock());
    this.sweep = built.sweep;
    this.worker = new BullmqSendoutWorker(config.redisUrl, config.queue, this.deliver, log);
    const db = new Database(dataSource);
    const caSync = createCaSync(db, new TypeormAccountRepository(db), this.mailer, new SystemClock(), config);
    this.caSync = caSync.send;
    this.caSyncRepo = caSync.repo;
    this.caSyncWorker = new BullmqCaSyncWorker(config.redisUrl, config.queue, this.caSync, log);
  }

  onApplicationBootstrap(): void {
    this.worker.start();
    this.caSyncWorker.start();
    this.log.info(
      { concurrency: this.config.queue.sendoutConcurrency, queue_prefix: this.config.queue.prefix, mail: this.config.smtpUrl ? 'smtp' : 'outbox' },
      'worker started',
    );
  }

  /**
   * One sweep, if this process wins the lock for this interval (so two workers never sweep together)
   * and no sweep of its own is still running. Null when it did not run.
   */
  sweepOnce(): Promise<SweepResult | null> {
    if (this.closing) return Promise.resolve(null);
    this.sweeping ??= (async () => {
      try {
        const key = `${this.config.queue.prefix}:sendouts:sweep-lock`;
        if (!(await takeLock(this.queue.redis, key, Math.floor(this.config.queue.sweepIntervalMs * 0.9)))) return null;
        const result = await this.sweep.execute();
        if (result.recovered || result.enqueued) this.log.info({ ...result }, 'outbox sweep');
        return result;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'outbox sweep failed');
        return null;
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  /**
   * The daily overdue marking (docs/decisions.md, "Documents, numbering and payments"): runs in whichever worker first takes the lock of the
   * day in Asia/Kolkata, so every process may call it hourly and it still runs once a day.
   */
  async markOverdueOnce(): Promise<number | null> {
    return this.daily('invoices:overdue', async () => {
      const marked = await this.markOverdue.execute();
      this.log.info({ marked }, 'overdue invoices marked');
      return marked;
    });
  }

  /** The daily clean-up of mobile sessions that ended more than 30 days ago (same once-a-day lock). */
  async purgeSessionsOnce(): Promise<number | null> {
    return this.daily('sessions:purge', async () => {
      const purged = await this.purgeSessions.execute();
      this.log.info({ purged }, 'ended sessions purged');
      return purged;
    });
  }

  /**
   * The scheduled CA-sync sends of `today` (Asia/Kolkata; only the first day of a month does anything).
   * The hour's lock keeps processes from scanning together; the claim of each account's period in the
   * database is what makes each email go out once. Also sends queued test sends that no job took.
   * Null when another process holds the lock.
   */
  async caSyncOnce(today: string = kolkataDate(new Date())): Promise<ScheduledRun | null> {
    if (this.closing) return null;
    try {
      for (const stale of await this.caSyncRepo.staleQueued(CA_SYNC_STALE_MS, 100)) await this.caSync.deliverQueued(stale);
      if (!isSendDay(today, 'monthly')) return { sent: 0, failed: 0 };
      const key = `${this.config.queue.prefix}:ca-sync:scheduled:${today}:${new Date().getUTCHours()}`;
      if (!(await takeLock(this.queue.redis, key, 50 * 60 * 1000))) return null;
      const run = await this.caSync.runScheduled(today);
      if (run.sent || run.failed) this.log.info({ ...run, day: today }, 'ca-sync scheduled sends');
      return run;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'ca-sync pass failed');
      return null;
    }
  }

  /** Runs `job` if this process takes the job's lock for today (Asia/Kolkata); null when another did. */
  private async daily(job: string, run: () => Promise<number>): Promise<number | null> {
    if (this.closing) return null;
    try {
      const key = `${this.config.queue.prefix}:${job}:${kolkataDate(new Date())}`;
      if (!(await takeLock(this.queue.redis, key, 26 * 60 * 60 * 1000))) return null;
      return await run();
    } catch (err) {
      this.log.warn({ err: (err as Error).message, job }, 'daily job failed');
      return null;
    }
  }

  /** Stops taking new jobs (running ones finish). */
  pause(): Promise<void> {
    return this.worker.pause();
  }

  resume(): void {
    this.worker.resume();
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.worker.close().catch((err: Error) => this.log.warn({ err: err.message }, 'closing the queue worker failed'));
      await this.caSyncWorker.close().catch((err: Error) => this.log.warn({ err: err.message }, 'closing the ca-sync worker failed'));
      await this.sweeping;
      await this.queue.close();
      this.mailer.close();
      await this.renderer.close();
      if (this.dataSource.isInitialized) await this.dataSource.destroy();
      this.log.info({}, 'worker stopped');
    })();
    return this.closing;
  }
}
