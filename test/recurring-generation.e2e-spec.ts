import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FakeClock } from '../libs/domain/testing/fake-clock';
import { fiscalYearOf, kolkataDate } from '@app/domain/shared/fiscal-year';
import { addDays, CatchUp, RecurringSchedule, runsOver } from '@app/domain/recurring-invoices/recurring-schedule';
import { HTTP_ADAPTER, startApp, TestAccount, TestApp } from './support/app-harness';
import { until } from './support/fake-fcm';
import { freePort, RedisChild } from './support/redis-child';
import { createClient, line } from './support/sales-document-helpers';
import { closeAfterRedisOutage, dropQueue, queuePrefixFor, SIGNATURE_PNG, startWorker, TestWorker } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';
import { startWebhookReceiver, WebhookReceiver } from './support/webhook-receiver';

/**
 * The generation of recurring invoices by the worker, driven by a clock the suite moves (never by waits):
 * - two workers tick through a month, both at once each day: every profile makes exactly the invoices its
 *   schedule (the domain's pure model, runsOver) says, once each, numbered gapless per financial year (a
 *   monthly profile crossing 1 April starts the new year at 0001), with `source: recurring` in the audit
 *   trail and the invoice.created webhook, and auto_send emails queued once per invoice;
 * - the built worker killed (SIGKILL) in the middle of a catch-up, then another worker: no duplicate,
 *   nothing missed, no number lost;
 * - Redis stopped in the middle of the month and started again: the invoices are made all the same, and
 *   every auto_send email goes out exactly once once Redis is back.
 * The faults are of processes, the same whichever HTTP adapter the API runs on, so this suite runs on the
 * Fastify edge only.
 */
const ROOT = path.resolve(__dirname, '..');
const describeOnFastify = HTTP_ADAPTER === 'fastify' ? describe : describe.skip;

interface ProfileRead {
  recurring_invoice_id: number;
  frequency: RecurringSchedule['frequency'];
  interval: number;
  start_date: string;
  end_date: string | null;
  occurrences: number | null;
  day_of_month: number | 'last' | null;
  catch_up: CatchUp;
}

const scheduleOf = (p: ProfileRead): RecurringSchedule => ({
  frequency: p.frequency,
  interval: p.interval,
  startDate: p.start_date,
  endDate: p.end_date,
  occurrences: p.occurrences,
  dayOfMonth: p.day_of_month,
});

function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** 09:30 in Asia/Kolkata on `day`. */
const morningOf = (day: string) => `${day}T04:00:00Z`;

async function runsOf(t: TestApp, profileId: number): Promise<Array<{ run_date: string; status: string; invoice_id: number | null }>> {
  return t.dataSource.query('SELECT run_date, status, invoice_id FROM recurring_invoice_runs WHERE recurring_invoice_id = ? ORDER BY run_date', [profileId]);
}

/** Every invoice number of the account is unique, and each financial year's numbers run 1..n with no gap. */
async function expectGaplessNumbers(t: TestApp, accountId: number): Promise<Map<string, string[]>> {
  const rows: Array<{ invoice_number: string; invoice_date: string }> = await t.dataSource.query(
    'SELECT invoice_number, invoice_date FROM invoices WHERE account_id = ? ORDER BY invoice_date, id',
    [accountId],
  );
  const byYear = new Map<string, string[]>();
  for (const r of rows) {
    const fy = r.invoice_number.split('/')[1];
    expect(fy).toBe(`${String(fiscalYearOf(r.invoice_date) % 100).padStart(2, '0')}-${String((fiscalYearOf(r.invoice_date) + 1) % 100).padStart(2, '0')}`);
    byYear.set(fy, [...(byYear.get(fy) ?? []), r.invoice_number]);
  }
  for (const [fy, numbers] of byYear) {
    const sequences = numbers.map((n) => Number(n.split('/')[2])).sort((x, y) => x - y);
    expect([fy, sequences]).toEqual([fy, sequences.map((_, i) => i + 1)]);
  }
  return byYear;
}

describeOnFastify('recurring invoices made by the workers', () => {
  describe('two workers and a month of daily ticks', () => {
    let t: TestApp;
    let a: TestAccount;
    let sink: SmtpSink;
    let receiver: WebhookReceiver;
    const clock = new FakeClock(morningOf('2027-03-14'));
    const workers: TestWorker[] = [];

    beforeAll(async () => {
      sink = await startSmtpSink();
      receiver = await startWebhookReceiver();
      t = await startApp('recurring_month', {
        QUEUE_PREFIX: queuePrefixFor('recurring-month'),
        SMTP_URL: sink.url,
        RECURRING_INTERVAL_MS: '86400000', // the suite runs the passes itself
        WEBHOOKS_ALLOW_INSECURE: 'on',
        WEBHOOK_DISPATCH_INTERVAL_MS: '200',
        ACTIVITY_RELAY_INTERVAL_MS: '200',
        SWEEP_INTERVAL_MS: '300',
      });
      workers.push(await startWorker(t.config, undefined, clock), await startWorker(t.config, undefined, clock));
      a = await t.createAccount({ name: 'Retainers Ltd', email: 'retainers@example.com' });
    }, 120_000);
    afterAll(async () => {
      for (const w of workers) await w.close();
      if (t) await dropQueue(t.config);
      await t?.close();
      await sink?.close();
      await receiver?.close();
    }, 60_000);

    it('makes each profile’s invoices exactly once, gapless per financial year, with source recurring; auto_send emails once each', async () => {
      await t.http.patch('/v1/settings/business').set(a.auth).send({ signature_png: SIGNATURE_PNG }).expect(200);
      await t.http
        .post('/v1/webhooks')
        .set(a.auth)
        .send({ url: `${receiver.url}/hooks`, events: ['invoice.created'], description: 'recurring' })
        .expect(201);
      const client = await createClient(t, a, 'Retainer Client');
      const profiles: Array<Record<string, unknown>> = [
        { frequency: 'monthly', start_date: '2027-03-01', day_of_month: 'last' }, // 31 March, 30 April: two financial years
        { frequency: 'monthly', start_date: '2027-01-31' }, // from the 31st: 28 February (before the ticks), 31 March
        { frequency: 'weekly', start_date: '2027-03-17' },
        { frequency: 'weekly', interval: 2, start_date: '2027-03-15', occurrences: 2 },
        { frequency: 'quarterly', start_date: '2027-04-01', day_of_month: 1 },
        { frequency: 'monthly', start_date: '2027-03-20', end_date: '2027-03-31' },
        { frequency: 'monthly', start_date: '2027-03-15', day_of_month: 20, auto_send: true, email_subject: 'Your invoice {{invoice_number}}' },
        { frequency: 'weekly', start_date: '2027-03-16', status: 'paused' },
      ];
      const ids: number[] = [];
      for (const body of profiles) {
        const res = await t.http
          .post('/v1/recurring-invoices')
          .set(a.auth)
          .send({ client_id: client, items: [line('Monthly retainer', 1, 5000)], payment_terms_days: 10, ...body })
          .expect(201);
        ids.push(res.body.data.recurring_invoice_id);
      }
      // Before the ticks: a profile whose first date has passed by the clock of the workers (28 February) is caught up as downtime.
      const days = daysFrom('2027-03-15', '2027-04-30');
      for (const day of days) {
        clock.set(morningOf(day));
        // Both workers at once, twice: they race for the same profiles every day.
        await Promise.all([
          workers[0].runtime.recurringOnce(),
          workers[1].runtime.recurringOnce(),
          workers[0].runtime.recurringOnce(),
          workers[1].runtime.recurringOnce(),
        ]);
      }

      let total = 0;
      for (const [n, id] of ids.entries()) {
        const read: ProfileRead & { status: string } = (await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data;
        const expected = read.status === 'paused' ? [] : runsOver(scheduleOf(read), read.catch_up, ['2027-03-14', ...days]);
        const runs = await runsOf(t, id);
        expect([n, runs.map((r) => r.run_date)]).toEqual([n, expected]);
        for (const run of runs) expect(run).toMatchObject({ status: 'created', invoice_id: expect.any(Number) });
        const [{ count }] = await t.dataSource.query(
          'SELECT COUNT(*) AS count FROM invoices WHERE account_id = ? AND id IN (SELECT invoice_id FROM recurring_invoice_runs WHERE recurring_invoice_id = ?)',
          [a.accountId, id],
        );
        expect(Number(count)).toBe(expected.length);
        total += expected.length;
      }
      expect(total).toBeGreaterThan(10);
      const [{ count: invoices }] = await t.dataSource.query('SELECT COUNT(*) AS count FROM invoices WHERE account_id = ?', [a.accountId]);
      expect(Number(invoices)).toBe(total);

      const years = await expectGaplessNumbers(t, a.accountId);
      expect([...years.keys()].sort()).toEqual(['26-27', '27-28']);
      expect(years.get('27-28')).toContain('INV/27-28/0001');

      // The profile crossing 1 April: 31 March numbered in 2026-27, 30 April in 2027-28.
      const monthEnd = await runsOf(t, ids[0]);
      expect(monthEnd.map((r) => r.run_date)).toEqual(['2027-03-31', '2027-04-30']);
      const numbersOf = async (invoiceIds: number[]) =>
        (await t.dataSource.query(`SELECT invoice_number FROM invoices WHERE id IN (${invoiceIds.join(',')}) ORDER BY invoice_date`, [])).map(
          (r: { invoice_number: string }) => r.invoice_number.slice(0, 10),
        );
      expect(await numbersOf(monthEnd.map((r) => r.invoice_id!))).toEqual(['INV/26-27/', 'INV/27-28/']);
      // The first invoice dated in the new year (1 April, the quarterly profile) is its 0001.
      const [first] = await t.dataSource.query(
        "SELECT invoice_number FROM invoices WHERE account_id = ? AND invoice_date >= '2027-04-01' ORDER BY invoice_date, id LIMIT 1",
        [a.accountId],
      );
      expect(first.invoice_number).toBe('INV/27-28/0001');

      // Audit trail: made by the service, source recurring.
      const created: Array<{ actor_kind: string; after_summary: string }> = await t.dataSource.query(
        "SELECT actor_kind, after_summary FROM activity_events WHERE account_id = ? AND entity_type = 'invoice' AND action = 'created'",
        [a.accountId],
      );
      expect(created).toHaveLength(total);
      for (const e of created) {
        expect(e.actor_kind).toBe('system');
        expect(JSON.parse(e.after_summary)).toMatchObject({ source: 'recurring', recurring_invoice_id: expect.any(Number), run_date: expect.any(String) });
      }
      const audit = (await t.http.get('/v1/audit-log?actor=system&entity_type=invoice&limit=200').set(a.auth).expect(200)).body.data;
      expect(audit.total).toBe(total);

      // invoice.created webhooks name their source and profile.
      await until('every invoice.created webhook', () => receiver.received.length >= total);
      const events = receiver.received.map(
        (r) => JSON.parse(r.body) as { type: string; data: { object: { invoice_id: number }; source?: string; recurring_invoice_id?: number } },
      );
      expect(new Set(events.map((e) => e.data.object.invoice_id)).size).toBe(total);
      for (const e of events) expect(e).toMatchObject({ type: 'invoice.created', data: { source: 'recurring', recurring_invoice_id: expect.any(Number) } });

      // auto_send: one email per invoice of that profile, through the sendout queue.
      const autoRuns = (await runsOf(t, ids[6])).slice(0, 1);
      expect(autoRuns.map((r) => r.run_date)).toEqual(['2027-03-20']);
      const numbers: Array<{ invoice_number: string }> = await t.dataSource.query('SELECT invoice_number FROM invoices WHERE id = ?', [autoRuns[0].invoice_id]);
      await sink.waitFor((m) => m.some((x) => x.subject === `Your invoice ${numbers[0].invoice_number}`));
      expect(sink.bySubject(`Your invoice ${numbers[0].invoice_number}`)).toHaveLength(1);
      const [{ count: sendouts }] = await t.dataSource.query('SELECT COUNT(*) AS count FROM sendouts WHERE account_id = ?', [a.accountId]);
      expect(Number(sendouts)).toBe((await runsOf(t, ids[6])).length);
    }, 300_000);
  });

  describe('a worker killed mid-run, and Redis restarted mid-run', () => {
    let t: TestApp;
    let a: TestAccount;
    let redis: RedisChild;
    let sink: SmtpSink;
    const suite: { redis?: RedisChild; redisUp: boolean; worker?: TestWorker; t?: TestApp } = { redisUp: true };

    beforeAll(async () => {
      if (!existsSync(path.join(ROOT, 'dist/apps/worker/src/recurring-invoices/recurring.schedule.js'))) {
        const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
        if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
      }
      redis = new RedisChild(await freePort());
      await redis.start();
      suite.redis = redis;
      sink = await startSmtpSink();
      t = await startApp('recurring_faults', {
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        QUEUE_PREFIX: queuePrefixFor('recurring-faults'),
        SMTP_URL: sink.url,
        RECURRING_INTERVAL_MS: '86400000',
        SWEEP_INTERVAL_MS: '300',
        SWEEP_AFTER_MS: '500',
        SENDOUT_BACKOFF_MS: '100',
      });
      suite.t = t;
      a = await t.createAccount({ name: 'Catch Up Traders', email: 'catchup@example.com' });
      await t.http.patch('/v1/settings/business').set(a.auth).send({ signature_png: SIGNATURE_PNG }).expect(200);
    }, 180_000);
    afterAll(async () => {
      await closeAfterRedisOutage(suite);
      await sink?.close();
    }, 60_000);

    it('the built worker killed in the middle of a catch-up: the next worker makes no duplicate and misses none', async () => {
      const client = await createClient(t, a, 'Weekly Client');
      const today = kolkataDate(new Date());
      const since = addDays(today, -280); // the workers were down for forty weeks
      const ids: number[] = [];
      for (let n = 0; n < 8; n++) {
        const res = await t.http
          .post('/v1/recurring-invoices')
          .set(a.auth)
          .send({ client_id: client, frequency: 'weekly', start_date: addDays(today, 1), items: [line(`Weekly ${n}`, 1, 100 + n)] })
          .expect(201);
        ids.push(res.body.data.recurring_invoice_id);
      }
      // Downtime: the profiles were due since `since` and no worker ran.
      await t.dataSource.query('UPDATE recurring_invoices SET start_date = ?, next_run_date = ? WHERE account_id = ?', [since, since, a.accountId]);
      const expectedPerProfile = runsOver({ frequency: 'weekly', interval: 1, startDate: since, endDate: null, occurrences: null, dayOfMonth: null }, 'each', [
        today,
      ]);
      const expected = expectedPerProfile.length * ids.length;
      const made = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM recurring_invoice_runs WHERE account_id = ?', [a.accountId]))[0].n);

      const child = spawn(process.execPath, ['scripts/run.js', 'worker'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl,
          REDIS_URL: t.config.redisUrl,
          QUEUE_PREFIX: t.config.queue.prefix,
          RECURRING_INTERVAL_MS: '100',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await until(`the built worker to make some runs:\n${output}`, async () => (await made()) >= 20, 60_000);
        child.kill('SIGKILL');
        await exited;
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      const atKill = await made();
      expect(atKill).toBeLessThan(expected); // killed mid-run

      suite.worker = await startWorker(t.config);
      for (let pass = 0; pass < 10 && (await suite.worker.runtime.recurringOnce()) !== 0; pass++);
      for (const id of ids) expect((await runsOf(t, id)).map((r) => r.run_date)).toEqual(expectedPerProfile);
      const [{ n: invoices }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [a.accountId]);
      expect(Number(invoices)).toBe(expected);
      await expectGaplessNumbers(t, a.accountId);
      await suite.worker.close();
      suite.worker = undefined;
    }, 300_000);

    it('Redis stopped in the middle of the month and started again: every invoice once, every auto_send email once', async () => {
      const clock = new FakeClock(morningOf('2027-06-30'));
      suite.worker = await startWorker(t.config, undefined, clock);
      const client = await createClient(t, a, 'Mailed Client');
      const ids: number[] = [];
      for (const start of ['2027-07-01', '2027-07-03']) {
        const res = await t.http
          .post('/v1/recurring-invoices')
          .set(a.auth)
          .send({ client_id: client, frequency: 'weekly', start_date: start, auto_send: true, items: [line('Weekly service', 1, 700)] })
          .expect(201);
        ids.push(res.body.data.recurring_invoice_id);
      }
      const days = daysFrom('2027-07-01', '2027-07-31');
      for (const day of days) {
        if (day === '2027-07-10') {
          await redis.stop();
          suite.redisUp = false;
        }
        if (day === '2027-07-20') {
          await redis.start();
          suite.redisUp = true;
        }
        clock.set(morningOf(day));
        expect(await suite.worker.runtime.recurringOnce()).not.toBeNull();
      }
      const made: number[] = [];
      for (const id of ids) {
        const read: ProfileRead = (await t.http.get(`/v1/recurring-invoices/${id}`).set(a.auth).expect(200)).body.data;
        const runs = await runsOf(t, id);
        expect(runs.map((r) => r.run_date)).toEqual(runsOver(scheduleOf(read), 'each', days));
        made.push(...runs.map((r) => r.invoice_id!));
      }
      // Every email queued in the outbox while Redis was away is sent once it is back (the sweeper offers it).
      const subjects: string[] = (
        await t.dataSource.query(`SELECT subject FROM sendouts WHERE account_id = ? AND document_id IN (${made.map(() => '?').join(',')})`, [
          a.accountId,
          ...made,
        ])
      ).map((r: { subject: string }) => r.subject);
      expect(subjects).toHaveLength(made.length);
      await sink.waitFor((m) => subjects.every((s) => m.some((x) => x.subject === s)), 60_000);
      for (const s of subjects) expect(sink.bySubject(s)).toHaveLength(1);
    }, 300_000);
  });
});
