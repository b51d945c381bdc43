import { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from '@app/infra/config/app-config';
import { BullmqSendoutQueue } from '@app/infra/queue/bullmq-sendout-queue';
import { createWorkerApp } from '../../apps/worker/src/worker.factory';
import { DeliverSendout } from '@app/domain/sendouts/deliver-sendout.use-case';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { CaSyncSchedule } from '../../apps/worker/src/ca-sync/ca-sync.schedule';
import { OverdueSchedule } from '../../apps/worker/src/housekeeping/overdue.schedule';
import { SessionsPurgeSchedule } from '../../apps/worker/src/housekeeping/sessions-purge.schedule';
import { SendoutProcessor } from '../../apps/worker/src/sendouts/sendout.processor';
import { SendoutSweepSchedule } from '../../apps/worker/src/sendouts/sendout-sweep.schedule';
import { RecurringInvoicesSchedule } from '../../apps/worker/src/recurring-invoices/recurring.schedule';
import { RemindersSchedule } from '../../apps/worker/src/reminders/reminders.schedule';
import type { Clock } from '@app/domain/shared/clock.port';
import type { TestAccount, TestApp } from './app-harness';
import type { RedisChild } from './redis-child';
import { insertProductDocument } from './sql-documents';

/** A BullMQ key prefix of its own per suite run, so parallel suites and earlier runs never share jobs. */
export function queuePrefixFor(suite: string): string {
  return `test-${suite}-${process.pid}-${Date.now().toString(36)}`;
}

/** The worker's processors and schedules the suites drive directly (each is one injectable of the worker). */
export interface WorkerHandles {
  deliver: DeliverSendout;
  queue: BullmqSendoutQueue;
  pause(): Promise<void>;
  resume(): void;
  sweepOnce: SendoutSweepSchedule['runOnce'];
  markOverdueOnce: OverdueSchedule['runOnce'];
  purgeSessionsOnce: SessionsPurgeSchedule['runOnce'];
  caSyncOnce: CaSyncSchedule['runOnce'];
  recurringOnce: RecurringInvoicesSchedule['runOnce'];
  remindersOnce: RemindersSchedule['runOnce'];
}

export interface TestWorker {
  app: INestApplicationContext;
  runtime: WorkerHandles;
  close(): Promise<void>;
}

function handlesOf(app: INestApplicationContext): WorkerHandles {
  const processor = app.get(SendoutProcessor);
  const sweep = app.get(SendoutSweepSchedule);
  const overdue = app.get(OverdueSchedule);
  const purge = app.get(SessionsPurgeSchedule);
  const caSync = app.get(CaSyncSchedule);
  const recurring = app.get(RecurringInvoicesSchedule);
  const reminders = app.get(RemindersSchedule);
  return {
    deliver: app.get(DeliverSendout),
    queue: app.get<SendoutQueue, BullmqSendoutQueue>(SendoutQueue),
    pause: () => processor.pause(),
    resume: () => processor.resume(),
    sweepOnce: () => sweep.runOnce(),
    markOverdueOnce: () => overdue.runOnce(),
    purgeSessionsOnce: () => purge.runOnce(),
    caSyncOnce: (today) => caSync.runOnce(today),
    recurringOnce: () => recurring.runOnce(),
    remindersOnce: () => reminders.runOnce(),
  };
}

/** Starts the real worker in this process, on the API's database, Redis and queue prefix (its recurring invoices on the day of `calendar`, when given). */
export async function startWorker(config: AppConfig, outboxDir?: string, calendar?: Clock): Promise<TestWorker> {
  const app = await createWorkerApp(config, { outboxDir, recurringCalendar: calendar });
  return {
    app,
    runtime: handlesOf(app),
    async close() {
      await app.close();
    },
  };
}

/** Removes every job and key under the suite's queue prefix. */
export async function dropQueue(config: AppConfig): Promise<void> {
  const queue = new BullmqSendoutQueue(config.redis, config.queue);
  try {
    for (let i = 0; i < 50 && queue.redis.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 50));
    if (queue.redis.status === 'ready') await queue.obliterate();
  } finally {
    await queue.close();
  }
}

/** Polls GET /v1/sendouts until the row reaches one of the statuses. */
export async function waitForStatus(t: TestApp, auth: object, queueId: number, statuses: string[], timeoutMs = 30_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  let last: Record<string, any> | undefined;
  for (;;) {
    const res = await t.http.get('/v1/sendouts?limit=200').set(auth as Record<string, string>);
    last = (res.body.data?.history ?? []).find((r: { queue_id: number }) => r.queue_id === queueId);
    if (last && statuses.includes(last.status)) return last;
    if (Date.now() > deadline) throw new Error(`sendout ${queueId} did not reach ${statuses.join('/')}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A 1x1 PNG: the signature image the PDFs of the sendout suites carry. */
export const SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What a sendout suite mails: the account signs its PDFs, has a client with an email, and one invoice INV/25-26/0001. */
export async function invoiceToSend(t: TestApp, account: TestAccount): Promise<{ clientId: number; invoiceId: number }> {
  await t.http.patch('/v1/settings/business').set(account.auth).send({ signature_png: SIGNATURE_PNG }).expect(200);
  const client = await t.http.post('/v1/clients').set(account.auth).send({ name: 'Buyer', phone: '9876543210', email: 'buyer@example.com' }).expect(201);
  const clientId = client.body.data.client.client_id as number;
  const invoiceId = await insertProductDocument(t.dataSource, 'invoice', account.accountId, clientId, 'INV/25-26/0001', '2025-08-05', [
    { description: 'Item', rate: 100, total: 118, taxRate: 18, igst: 18 },
  ]);
  return { clientId, invoiceId };
}

/**
 * Closes a suite that stops its own Redis: Redis is started again first when the suite left it down (so the
 * queue connections can close), then the worker, the suite's queue keys, the app and Redis itself.
 */
export async function closeAfterRedisOutage(suite: { redis?: RedisChild; redisUp: boolean; worker?: TestWorker; t?: TestApp }): Promise<void> {
  if (!suite.redisUp) await suite.redis?.start();
  await suite.worker?.close();
  if (suite.t) await dropQueue(suite.t.config);
  await suite.t?.close();
  await suite.redis?.stop();
}
