import { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from '@app/infra/config/app-config';
import { BullmqSendoutQueue } from '@app/infra/queue/bullmq-sendout-queue';
import { createWorkerApp } from '../../apps/worker/src/worker.factory';
import { WorkerRuntime } from '../../apps/worker/src/worker-runtime';
import type { TestApp } from './app-harness';

/** A BullMQ key prefix of its own per suite run, so parallel suites and earlier runs never share jobs. */
export function queuePrefixFor(suite: string): string {
  return `test-${suite}-${process.pid}-${Date.now().toString(36)}`;
}

export interface TestWorker {
  app: INestApplicationContext;
  runtime: WorkerRuntime;
  close(): Promise<void>;
}

/** Starts the real worker in this process, on the API's database, Redis and queue prefix. */
export async function startWorker(config: AppConfig, outboxDir?: string): Promise<TestWorker> {
  const app = await createWorkerApp(config, { outboxDir });
  return {
    app,
    runtime: app.get(WorkerRuntime),
    async close() {
      await app.close();
    },
  };
}

/** Removes every job and key under the suite's queue prefix. */
export async function dropQueue(config: AppConfig): Promise<void> {
  const queue = new BullmqSendoutQueue(config.redisUrl, config.queue);
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
