import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HTTP_ADAPTER, startApp, TestAccount, TestApp } from './support/app-harness';
import { until } from './support/fake-fcm';
import { processTree } from './support/processes';
import { dropQueue, invoiceToSend, queuePrefixFor, startWorker, TestWorker, waitForStatus } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';
import { startWebhookReceiver, WebhookReceiver } from './support/webhook-receiver';

/**
 * The built worker killed (SIGKILL) while it delivers: one email held in the middle of its SMTP
 * transaction (the data sent, the answer not yet given) and one webhook held before its answer, with more
 * of both waiting. Another worker takes the work over:
 * - emails (docs/operations.md, "Sendouts and the worker"): the row the dead worker held in `sending` is queued again
 *   once its lease (SENDOUT_LEASE_MS, at least a minute) has run out; the email it was sending was never
 *   accepted, so every email goes out exactly once and none is lost;
 * - webhooks (at least once, deduplicated by `Webhook-Id`, docs/api-guide.md, "Outbound webhooks"): the endpoint's lease
 *   (three times the 10 s timeout) runs out and the event whose answer the dead worker never read is sent
 *   again; every other event comes once, and none is lost.
 * And a worker stopped (SIGTERM) while a job hangs: its graceful stop is cut short after
 * WORKER_SHUTDOWN_TIMEOUT_S, with a warning in its log.
 * The fault is one of processes, the same whichever HTTP adapter the API runs on, so this suite runs on
 * the Fastify edge only.
 */
const ROOT = path.resolve(__dirname, '..');
const EMAILS = 5;
const CLIENTS = 4;
const describeOnFastify = HTTP_ADAPTER === 'fastify' ? describe : describe.skip;

describeOnFastify('a worker killed mid-job', () => {
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  let t: TestApp;
  let a: TestAccount;
  let worker: TestWorker | null = null;
  let env: Record<string, string>;
  let clientId: number;
  let invoiceId: number;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist/apps/worker/src/main.js'))) {
      const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    }
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    env = {
      SMTP_URL: sink.url,
      QUEUE_PREFIX: queuePrefixFor('worker-faults'),
      WEBHOOKS_ALLOW_INSECURE: 'on',
      WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      ACTIVITY_RELAY_INTERVAL_MS: '200',
      SENDOUT_BACKOFF_MS: '200',
      SENDOUT_LEASE_MS: '60000', // the shortest the config allows
      SWEEP_INTERVAL_MS: '500',
      SWEEP_AFTER_MS: '1000',
    };
    t = await startApp('worker_faults', env);
    a = await t.createAccount({ name: 'Sturdy Traders', email: 'sturdy@example.com' });
    await t.http
      .post('/v1/webhooks')
      .set(a.auth)
      .send({ url: `${receiver.url}/hooks`, events: ['client.created'], description: 'kill receiver' })
      .expect(201);
    ({ clientId, invoiceId } = await invoiceToSend(t, a));
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await receiver?.close();
    await sink?.close();
  }, 60_000);

  it('another worker takes the jobs over: every email exactly once, every webhook at least once (only the interrupted one twice), none lost', async () => {
    const heldMail = sink.holdNext();
    const heldHook = receiver.holdNext();
    // The built worker, one email at a time, so the held one is the only email in flight when it dies.
    const child = spawn(process.execPath, ['scripts/run.js', 'worker'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATABASE_URL: t.databaseUrl, REDIS_URL: t.config.redisUrl, SENDOUT_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let browsers: number[] = [];
    try {
      const ids: number[] = [];
      for (let n = 1; n <= EMAILS; n++) {
        const res = await t.http
          .post('/v1/sendouts')
          .set(a.auth)
          .send({ client_id: clientId, document_type: 'invoice', document_id: invoiceId, subject: `email ${n}`, message: 'Hello' })
          .expect(200);
        ids.push(res.body.data.queue_id);
      }
      for (let n = 1; n <= CLIENTS; n++) {
        await t.http
          .post('/v1/clients')
          .set(a.auth)
          .send({ name: `Client ${n}`, phone: String(9200000000 + n), email: `c${n}@example.com` })
          .expect(201);
      }
      // The first webhook (the Buyer's client.created) and the first email are in flight.
      const [mail] = await Promise.race([
        Promise.all([heldMail.reached, heldHook.reached]),
        exited.then(() => Promise.reject(new Error(`the worker exited:\n${output}`))),
      ]);
      browsers = processTree(child.pid!)
        .filter((p) => /chrom/i.test(p.comm))
        .map((p) => p.pid);
      child.kill('SIGKILL');
      await exited;
      await Promise.all([heldMail.gone, heldHook.gone]);
      heldMail.release(); // too late: the sender is gone, the sink keeps nothing
      heldHook.release();
      expect(sink.messages).toEqual([]);
      const [killedRow] = await t.dataSource.query('SELECT status FROM sendouts WHERE subject = ?', [mail.subject]);
      expect(killedRow.status).toBe('sending');

      worker = await startWorker(t.config);
      for (const id of ids) expect(await waitForStatus(t, a.auth, id, ['sent', 'failed'], 100_000)).toMatchObject({ status: 'sent' });
      await until('every webhook delivered', async () => {
        const [row] = await t.dataSource.query("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE account_id = ? AND status = 'succeeded'", [a.accountId]);
        return Number(row.n) === CLIENTS + 1;
      });
      await new Promise((r) => setTimeout(r, 1500)); // more sweeps and dispatch rounds: nothing more goes out

      for (let n = 1; n <= EMAILS; n++) expect(sink.bySubject(`email ${n}`)).toHaveLength(1);
      expect(sink.messages).toHaveLength(EMAILS);
      const [killed] = await t.dataSource.query('SELECT status, attempts FROM sendouts WHERE subject = ?', [mail.subject]);
      expect(killed).toEqual({ status: 'sent', attempts: 2 }); // the interrupted attempt, then the one that sent it

      const deliveries = (await t.dataSource.query('SELECT event_id FROM webhook_deliveries WHERE account_id = ?', [a.accountId])) as Array<{
        event_id: string;
      }>;
      const counts = receiver.counts();
      expect([...counts.keys()].sort()).toEqual(deliveries.map((d) => d.event_id).sort()); // none lost
      const interrupted = (await heldHook.reached).id;
      expect(counts.get(interrupted)).toBe(2);
      expect([...counts.entries()].filter(([id, n]) => id !== interrupted && n !== 1)).toEqual([]);
      // The dead worker's Chromium did not outlive it.
      expect(browsers.length).toBeGreaterThan(0);
      await until('the killed worker’s Chromium to exit', () => browsers.every((pid) => !processTree(pid).some((p) => p.state !== 'Z')));
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  }, 180_000);

  it('a graceful stop that hangs (an email held by the SMTP server) is cut short after WORKER_SHUTDOWN_TIMEOUT_S, with a warning', async () => {
    await worker?.close(); // the built worker alone takes the email
    worker = null;
    const held = sink.holdNext();
    const child = spawn(process.execPath, ['scripts/run.js', 'worker'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: t.databaseUrl,
        REDIS_URL: t.config.redisUrl,
        SENDOUT_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
        WORKER_SHUTDOWN_TIMEOUT_S: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await t.http
        .post('/v1/sendouts')
        .set(a.auth)
        .send({ client_id: clientId, document_type: 'invoice', document_id: invoiceId, subject: 'held at shutdown', message: 'Hello' })
        .expect(200);
      await Promise.race([held.reached, exited.then(() => Promise.reject(new Error(`the worker exited:\n${output}`)))]);
      // The running job waits for the SMTP server's answer, so the stop cannot finish on its own.
      const stopped = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 15_000))]);
      const took = Date.now() - stopped;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(8_000);
      const warning = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => String(line.msg).includes('graceful stop did not end in time'));
      expect(warning).toMatchObject({ level: 40, signal: 'SIGTERM', timeout_s: 2 });
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      held.release();
    }
  }, 60_000);
});
