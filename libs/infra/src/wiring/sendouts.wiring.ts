import { resolve } from 'node:path';
import { DeliverSendout } from '@app/domain/sendouts/deliver-sendout.use-case';
import { SweepSendouts } from '@app/domain/sendouts/sweep-sendouts.use-case';
import { PdfRenderer } from '@app/domain/documents/pdf-renderer.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import type { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { NodemailerMailer } from '../mail/nodemailer-mailer';
import { BullmqSendoutQueue } from '../queue/bullmq-sendout-queue';
import { SqlSendoutRepository } from '../sendouts/sql-sendout.repository';
import { createDocumentOutputService } from './document-output.wiring';
import { TypeormTransactionRunner } from '../database/typeorm-transaction-runner';
import { createActivityLog } from '../webhooks/webhook-objects';

/** Where mail goes without SMTP_URL (relative to the working directory, the project root). */
export const OUTBOX_DIR = resolve('var/outbox');

/** The producer side of the sendout queue (API and worker sweeper). */
export function createSendoutQueue(config: Pick<AppConfig, 'redisUrl' | 'queue'>): BullmqSendoutQueue {
  return new BullmqSendoutQueue(config.redisUrl, config.queue);
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'queue'>, outboxDir = OUTBOX_DIR): NodemailerMailer {
  return new NodemailerMailer({ smtpUrl: config.smtpUrl, outboxDir, maxConnections: Math.min(config.queue.sendoutConcurrency, 8) });
}

/** The worker's use cases on one database, renderer, mailer and queue. */
export function createSendoutDelivery(
  db: Database,
  clock: Clock,
  secrets: SecretHasher,
  config: AppConfig,
  deps: { renderer: PdfRenderer; mailer: NodemailerMailer; queue: BullmqSendoutQueue },
) {
  const sendouts = new SqlSendoutRepository(db);
  const { output, accounts } = createDocumentOutputService(db, clock, secrets, config, deps.renderer);
  const recording = { tx: new TypeormTransactionRunner(db), activity: createActivityLog(db, clock) };
  const deliver = new DeliverSendout(sendouts, accounts, output, deps.mailer, secrets, clock, {
    mailFrom: config.mailFrom,
    maxAttempts: config.queue.sendoutMaxAttempts,
    recording,
  });
  const sweep = new SweepSendouts(
    sendouts,
    deps.queue,
    clock,
    { sweepAfterMs: config.queue.sweepAfterMs, leaseMs: config.queue.sendoutLeaseMs, maxAttempts: config.queue.sendoutMaxAttempts, batchSize: 500 },
    recording,
  );
  return { sendouts, deliver, sweep };
}
