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

  it('a poisoned outbox row beside healthy rows of other accounts, across a Redis restart: every healthy email goes once, the poisoned row fails alone', async () => {
    // The poisoned account's emails have subjects of 400 characters (its outcome events once failed on a label
    // column of 255), and the database refuses every outcome event of theirs (a trigger of this test), so the
    // sweeper cannot record the row whose last attempt died with its worker.
    const poisoned = (name: string) => `Poisoned ${name} `.padEnd(400, 'x');
    const healthy = [];
    for (const n of [1, 2]) {
      const account = await t.createAccount({ name: `Healthy Traders ${n}`, email: `healthy${n}@example.com` });
      healthy.push({ account, ...(await invoiceToSend(t, account)) });
    }
    await t.dataSource.query(`CREATE TRIGGER test_poisoned_outcome BEFORE INSERT ON activity_events FOR EACH ROW
      BEGIN
        IF NEW.actor_kind = 'system' AND NEW.label LIKE 'Poisoned %' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poisoned outcome event'; END IF;
      END`);
    try {
      await redis.stop();
      const stale = (await post(poisoned('stale')).expect(200)).body.data.queue_id;
      const lockedAt = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
      await t.dataSource.query("UPDATE sendouts SET status = 'sending', attempts = 5, claim_token = 'dead-worker', locked_at = ? WHERE id = ?", [
        lockedAt,
        stale,
      ]);
      const poisonedSend = (await post(poisoned('sent')).expect(200)).body.data.queue_id;
      const healthyRows: Array<{ auth: object; id: number; subject: string }> = [];
      for (const [i, h] of healthy.entries()) {
        for (const n of [1, 2]) {
          const subject = `healthy ${i + 1}.${n} after the restart`;
          const res = await t.http
            .post('/v1/sendouts')
            .set(h.account.auth)
            .send({ client_id: h.clientId, document_type: 'invoice', document_id: h.invoiceId, subject, message: 'Hello' })
            .expect(200);
          healthyRows.push({ auth: h.account.auth, id: res.body.data.queue_id, subject });
        }
      }
      await new Promise((r) => setTimeout(r, 1500)); // past SWEEP_AFTER_MS: every queued row is due to the sweeper
      await redis.start(); // empty: no job of any of them exists

      for (const { auth, id } of healthyRows)
        expect(await waitForStatus(t, auth, id, ['sent', 'failed'], 30_000)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await waitForStatus(t, a.auth, poisonedSend, ['sent', 'failed'], 30_000)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await waitForStatus(t, a.auth, stale, ['sent', 'failed'], 30_000)).toMatchObject({
        status: 'failed',
        attempts: 5,
        last_error: 'The worker stopped during delivery.',
      });
      await new Promise((r) => setTimeout(r, 1500)); // several more sweeps: nothing goes out again
      for (const { subject } of healthyRows) expect(sink.bySubject(subject)).toHaveLength(1);
      expect(sink.bySubject(poisoned('sent'))).toHaveLength(1); // sent once: its refused event did not leave it in sending
      expect(sink.bySubject(poisoned('stale'))).toHaveLength(0);
      expect(await row(poisonedSend)).toMatchObject({ status: 'sent', attempts: 1 });
      const outcomes = await t.dataSource.query("SELECT entity_id FROM activity_events WHERE entity_type = 'sendout' AND actor_kind = 'system'");
      const recorded = outcomes.map((e: { entity_id: number }) => Number(e.entity_id));
      for (const { id } of healthyRows) expect(recorded).toContain(id);
      expect(recorded).not.toContain(stale);
      expect(recorded).not.toContain(poisonedSend);
    } finally {
      await t.dataSource.query('DROP TRIGGER IF EXISTS test_poisoned_outcome');
    }
  }, 120_000);
});
