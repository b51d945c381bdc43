import { loadConfig } from '@app/infra/config/app-config';
import { QueueConfig } from '@app/infra/config/queue-config';
import { sendoutJobOptions } from '@app/infra/queue/sendout-queue.config';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { dropQueue, invoiceToSend, queuePrefixFor, startWorker, TestWorker, waitForStatus } from './support/sendout-worker';
import { refusalWindowMs, SmtpSink, startSmtpSink } from './support/smtp-sink';

/**
 * SMTP refusing every message (421) for a minute: the sendouts are retried and each is delivered exactly
 * once after the outage.
 *
 * BullMQ's retry back-off runs on the real clock, so a literal minute would make this suite wait a minute
 * or more on each edge. Instead the outage lasts `refusalWindowMs()` (SMTP_SINK_REFUSAL_MS, default 6 s)
 * and the worker's retry schedule is the default one scaled by the same factor (SENDOUT_BACKOFF_MS =
 * 30 000 x window / 60 000, SENDOUT_MAX_ATTEMPTS as by default): the window is "a minute" of a faster retry
 * clock. That the unscaled defaults really outlast a minute is checked from the job options the queue
 * gives (their shortest span, jitter included). SMTP_SINK_REFUSAL_MS=60000 runs the literal minute with
 * the default schedule.
 */
const MINUTE_MS = 60_000;
const WINDOW_MS = refusalWindowMs();

/** The shortest time from the first attempt to the last that the job options allow (every delay at its jitter's low end). */
function shortestRetrySpanMs(config: QueueConfig): number {
  const options = sendoutJobOptions(config);
  const backoff = options.backoff as { type: string; delay: number; jitter: number };
  expect(backoff.type).toBe('exponential');
  let span = 0;
  for (let retry = 1; retry < (options.attempts ?? 1); retry++) span += 2 ** (retry - 1) * backoff.delay * (1 - backoff.jitter);
  return span;
}

describe('SMTP refusing for a minute', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let worker: TestWorker;
  let a: TestAccount;
  let clientId: number;
  let invoiceId: number;
  const defaults = loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/invoicing_test_defaults' }).queue;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startApp('smtp_faults', {
      SMTP_URL: sink.url,
      QUEUE_PREFIX: queuePrefixFor('smtp-faults'),
      SENDOUT_BACKOFF_MS: String(Math.round((defaults.sendoutBackoffMs * WINDOW_MS) / MINUTE_MS)),
      SENDOUT_MAX_ATTEMPTS: String(defaults.sendoutMaxAttempts),
    });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Patient Traders', email: 'patient@example.com' });
    ({ clientId, invoiceId } = await invoiceToSend(t, a));
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await sink?.close();
  });

  it('the default retry schedule outlasts a minute, and the scaled one outlasts the window', () => {
    expect(shortestRetrySpanMs(defaults)).toBeGreaterThan(MINUTE_MS);
    expect(shortestRetrySpanMs(t.config.queue)).toBeGreaterThan(WINDOW_MS);
    expect(shortestRetrySpanMs(t.config.queue) / WINDOW_MS).toBeCloseTo(shortestRetrySpanMs(defaults) / MINUTE_MS, 2);
  });

  const send = async (subject: string): Promise<number> =>
    (
      await t.http
        .post('/v1/sendouts')
        .set(a.auth)
        .send({ client_id: clientId, document_type: 'invoice', document_id: invoiceId, subject, message: 'Hello' })
        .expect(200)
    ).body.data.queue_id;

  it(
    'every message refused for the whole window: each sendout is retried and delivered exactly once afterwards',
    async () => {
      // One email first, so Chromium is up and the first attempts of the others fall inside the window.
      await waitForStatus(t, a.auth, await send('before the outage'), ['sent']);
      // The emails wait in the queue until the outage begins, so each first attempt falls inside it.
      await worker.runtime.pause();
      const subjects = ['outage 1', 'outage 2', 'outage 3'];
      const ids: number[] = [];
      for (const subject of subjects) ids.push(await send(subject));
      const until = sink.refuseFor(WINDOW_MS);
      worker.runtime.resume();
      const rows = [];
      for (const id of ids) rows.push(await waitForStatus(t, a.auth, id, ['sent', 'failed'], WINDOW_MS * 10 + 30_000));
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'sent', last_error: null });
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        expect(row.attempts).toBeLessThanOrEqual(defaults.sendoutMaxAttempts);
      }
      // Each attempt but the last was refused.
      expect(sink.refused).toBe(rows.reduce((n, r) => n + r.attempts - 1, 0));
      for (const subject of subjects) expect(sink.bySubject(subject)).toHaveLength(1);
      // Accepted only once the window had passed.
      for (const subject of subjects) expect(sink.bySubject(subject)[0].receivedAt).toBeGreaterThanOrEqual(until);
      await new Promise((r) => setTimeout(r, 1500)); // a sweep or a late retry would send again here
      for (const subject of subjects) expect(sink.bySubject(subject)).toHaveLength(1);
    },
    WINDOW_MS * 12 + 60_000,
  );
});
