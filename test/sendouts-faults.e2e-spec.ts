import { Queue } from 'bullmq';
import { SENDOUT_QUEUE } from '@app/infra/queue/sendout-queue.config';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { freePort, RedisChild } from './support/redis-child';
import { dropQueue, invoiceToSend, queuePrefixFor, startWorker, TestWorker, waitForStatus } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';

describe('sendouts under faults: Redis outage, SMTP refusals, duplicate jobs', () => {
  let redis: RedisChild;
  let t: TestApp;
  let worker: TestWorker;
  let sink: SmtpSink;
  let a: TestAccount;
  let clientId: number;
  let invoiceId: number;

  const post = (subject: string) =>
    t.http.post('/v1/sendouts').set(a.auth).send({ client_id: clientId, document_type: 'invoice', document_id: invoiceId, subject, message: 'Hello' });
  const row = async (id: number) => (await t.dataSource.query('SELECT status, attempts, last_error FROM sendouts WHERE id = ?', [id]))[0];

  beforeAll(async () => {
    redis = new RedisChild(await freePort());
    await redis.start();
    sink = await startSmtpSink();
    t = await startApp('sendouts_faults', {
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      SMTP_URL: sink.url,
      QUEUE_PREFIX: queuePrefixFor('faults'),
      SENDOUT_BACKOFF_MS: '150',
      SENDOUT_MAX_ATTEMPTS: '5',
      SWEEP_INTERVAL_MS: '300',
      SWEEP_AFTER_MS: '1000',
    });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Fault Tolerant Traders', email: 'ftt@example.com' });
    ({ clientId, invoiceId } = await invoiceToSend(t, a));
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await redis?.stop();
    await sink?.close();
  });

  it('Redis down: POST still commits the row and answers; once Redis is back the sweeper delivers it exactly once', async () => {
    await redis.stop();
    const started = Date.now();
    const res = await post('sent after the outage').expect(200);
    expect(Date.now() - started).toBeLessThan(1500); // the API does not wait on Redis
    expect(res.body.data).toMatchObject({ success: true, queue_id: expect.any(Number) });
    expect(res.body.data.message).toMatch(/queue/);
    const id = res.body.data.queue_id;
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await new Promise((r) => setTimeout(r, 1500)); // sweeps fail while Redis is away; nothing is lost
    expect(await row(id)).toMatchObject({ status: 'queued' });

    await redis.start(); // empty: the job never existed there
    await waitForStatus(t, a.auth, id, ['sent'], 30_000);
    await new Promise((r) => setTimeout(r, 1500)); // several more sweeps: nothing is sent again
    expect(sink.bySubject('sent after the outage')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('SMTP refuses the first two attempts with 4xx: the third succeeds and the row shows 3 attempts', async () => {
    sink.refuse = (mail, attempt) => (mail.subject === 'third time lucky' && attempt <= 2 ? { code: 451, message: 'Try again later' } : null);
    const refusedBefore = sink.refused;
    const res = await post('third time lucky').expect(200);
    const id = res.body.data.queue_id;
    const done = await waitForStatus(t, a.auth, id, ['sent', 'failed']);
    expect(done).toMatchObject({ status: 'sent', attempts: 3 });
    expect(done.last_error).toBeNull();
    expect(sink.refused - refusedBefore).toBe(2);
    expect(sink.bySubject('third time lucky')).toHaveLength(1);
    sink.refuse = null;
  });

  it('a permanent SMTP rejection (5xx) fails at once with the error', async () => {
    sink.refuse = (mail) => (mail.subject === 'rejected for good' ? { code: 550, message: 'Mailbox unavailable' } : null);
    const res = await post('rejected for good').expect(200);
    const done = await waitForStatus(t, a.auth, res.body.data.queue_id, ['sent', 'failed']);
    expect(done).toMatchObject({ status: 'failed', attempts: 1 });
    expect(done.last_error).toMatch(/550/);
    sink.refuse = null;
  });

  it('a job run twice sends once: the deliver use case twice, and a duplicate job in the queue', async () => {
    await worker.runtime.pause();
    const first = (await post('twice via use case').expect(200)).body.data.queue_id;
    const job = { sendoutId: first, accountId: a.accountId };
    const results = await Promise.all([worker.runtime.deliver.execute(job), worker.runtime.deliver.execute(job)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['sent', 'skipped']);
    expect((await worker.runtime.deliver.execute(job)).outcome).toBe('skipped');

    const second = (await post('twice via queue').expect(200)).body.data.queue_id;
    // The same job id again is a no-op; a job under another id naming the same row is a real duplicate.
    await worker.runtime.queue.enqueue({ sendoutId: second, accountId: a.accountId });
    const raw = new Queue(SENDOUT_QUEUE, { connection: { url: t.config.redisUrl }, prefix: t.config.queue.prefix });
    try {
      await raw.add('deliver', { sendoutId: second, accountId: a.accountId }, { jobId: `duplicate-${second}`, removeOnComplete: true });
      await raw.add('deliver', { sendoutId: second, accountId: a.accountId }, { jobId: `duplicate2-${second}`, removeOnComplete: true });
    } finally {
      await raw.close();
    }
    worker.runtime.resume();
    await waitForStatus(t, a.auth, second, ['sent']);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.bySubject('twice via use case')).toHaveLength(1);
    expect(sink.bySubject('twice via queue')).toHaveLength(1);
    expect(await row(second)).toMatchObject({ status: 'sent', attempts: 1 });
    await dropQueue(t.config);
  });
});
