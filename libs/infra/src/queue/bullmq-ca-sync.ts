import { Job, Worker } from 'bullmq';
import { CaSyncJob, CaSyncQueue } from '@app/domain/ca-sync/ca-sync.port';
import { CaSyncOutcome, SendCaSync } from '@app/domain/ca-sync/send-ca-sync.use-case';
import type { QueueConfig } from '../config/queue-config';
import { BullmqOutboxQueue } from './bullmq-outbox-queue';
import { openWorker, RedisTarget } from '../redis/redis-connection';
import type { DeliveryLog } from './bullmq-sendout-worker';

/** Queue name; keys live under `<QUEUE_PREFIX>:ca-sync:*`. */
export const CA_SYNC_QUEUE = 'ca-sync';

/** The producer of CA-sync test sends: one job per recorded send, its id as job id (fail-fast, see BullmqOutboxQueue). */
export class BullmqCaSyncQueue extends BullmqOutboxQueue<CaSyncJob> implements CaSyncQueue {
  constructor(target: RedisTarget, config: QueueConfig, timeoutMs = 1000) {
    super(CA_SYNC_QUEUE, target, config.prefix, { attempts: 1, removeOnComplete: true, removeOnFail: true }, timeoutMs);
  }

  enqueue(job: CaSyncJob): Promise<void> {
    return this.add('send', job, `ca-sync-${job.sendId}`);
  }
}

/** Runs queued CA-sync sends one at a time; the send's row records the outcome, so jobs are not retried. */
export class BullmqCaSyncWorker {
  private worker: Worker<CaSyncJob, CaSyncOutcome> | null = null;

  constructor(
    private readonly target: RedisTarget,
    private readonly config: QueueConfig,
    private readonly send: SendCaSync,
    private readonly log: DeliveryLog,
  ) {}

  start(): void {
    if (this.worker) return;
    this.worker = openWorker<CaSyncJob, CaSyncOutcome>(this.target, CA_SYNC_QUEUE, (job) => this.process(job), {
      prefix: this.config.prefix,
      concurrency: 1,
    });
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'ca-sync worker: queue connection error'));
  }

  private async process(job: Job<CaSyncJob>): Promise<CaSyncOutcome> {
    const { sendId, accountId } = job.data;
    const outcome = await this.send.deliverQueued({ sendId: Number(sendId), accountId: Number(accountId) });
    this.log.info({ send_id: sendId, account_id: accountId, outcome }, 'ca-sync send');
    return outcome;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.close();
  }
}
