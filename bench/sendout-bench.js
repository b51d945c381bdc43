'use strict';
/**
 * Sendout benchmarks (issue 6). The scenario drives POST /v1/sendouts (the API commits a queue row and
 * adds a BullMQ job; it never waits for SMTP). The extra then measures the worker: it POSTs
 * BENCH_SENDOUT_EMAILS emails, starts the built worker (`scripts/run.js worker`) against an in-process
 * smtp-server sink, and times the drain: emails per second between the first and the last email the
 * sink receives (Chromium's launch excluded; also shown from the worker's start). Each email must arrive
 * exactly once and every row must end `sent`. Then as many rows again are sent by a bare render-and-nodemailer
 * loop (bench/baseline/sendout-loop.js) to the same sink, and the worker's rate is given against its rate.
 *
 * Environment: BENCH_SENDOUT_EMAILS (default 200), BENCH_SENDOUT_CONCURRENCY (the worker's
 * SENDOUT_CONCURRENCY, default 4); the worker gets the API's PDF_CONCURRENCY (BENCH_PDF_CONCURRENCY).
 */
const { execFile } = require('node:child_process');
const path = require('node:path');
const { startWorkerChild } = require('./worker-child');
const { Queue } = require('bullmq');
const { SMTPServer } = require('smtp-server');

const EMAILS = Math.max(2, Number(process.env.BENCH_SENDOUT_EMAILS || 200));
const WORKER_CONCURRENCY = String(process.env.BENCH_SENDOUT_CONCURRENCY || 4);
const PDF_CONCURRENCY = String(process.env.BENCH_PDF_CONCURRENCY || 2);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Runs a script of bench/baseline/ to its end; answers the JSON of its last line. */
function runBaseline(script, env) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(__dirname, 'baseline', script)],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${script} failed: ${error.message}\n${stderr.slice(-4000)}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}

/** A 1x1 PNG: the stored business signature. */
const SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const LINES = [
  ['Copper wire 2.5 sq mm (90 m coil)', '8544', 10, 1850, 18, 0, 0, 3330, 21830],
  ['MCB 32A double pole', '8536', 12, 420, 18, 0, 0, 907.2, 5947.2],
  ['Installation and testing', '995461', 1, 2500, 18, 0, 0, 450, 2950],
];

const log = (m) => process.stderr.write(`[bench] ${m}\n`);
const sqlTime = (d = new Date()) => d.toISOString().slice(0, 19).replace('T', ' ');
/** The API's default queue prefix for the bench database (QUEUE_PREFIX unset: `q-<database>`). */
const queuePrefix = (ctx) => `q-${new URL(ctx.databaseUrl).pathname.replace(/^\//, '')}`;

async function dropQueue(ctx) {
  const queue = new Queue('sendouts', { connection: { url: REDIS_URL }, prefix: queuePrefix(ctx) });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
  }
}

/** Scenario setup: a stored signature and a 3-line invoice of a seeded client; an empty queue. */
async function setup(ctx) {
  await dropQueue(ctx);
  if (ctx.sendout) return;
  const now = sqlTime();
  const clientId = ctx.clientIds[0];
  await ctx.db.query(
    `INSERT INTO business_settings (account_id, invoice_template, signature_png, updated_at) VALUES (?, 'classic', ?, ?)
     ON DUPLICATE KEY UPDATE signature_png = VALUES(signature_png)`,
    [ctx.accountId, SIGNATURE_PNG, now],
  );
  const total = LINES.reduce((s, l) => s + l[8], 0).toFixed(2);
  const [result] = await ctx.db.query(
    `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, currency, total_amount, created_at, updated_at,
       invoice_number, invoice_date, payment_due_date, invoice_type)
     VALUES (?, ?, 2025, 1, 'INR', ?, ?, ?, 'SO/25-26/0001', '2025-08-05', '2025-09-04', 'inter_state_sale')`,
    [ctx.accountId, clientId, total, now, now],
  );
  const invoiceId = result.insertId;
  await ctx.db.query(
    `INSERT INTO invoice_items (invoice_id, account_id, item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount,
       igst_amount, total_amount) VALUES ?`,
    [LINES.map((l) => [invoiceId, ctx.accountId, ...l])],
  );
  ctx.sendout = { clientId, invoiceId };
}

const body = (ctx, subject = 'Invoice SO/25-26/0001 from Bench Traders Pvt Ltd') => ({
  client_id: ctx.sendout.clientId,
  document_type: 'invoice',
  document_id: ctx.sendout.invoiceId,
  subject,
  message: 'Dear customer,\n\nPlease find attached our invoice SO/25-26/0001.\n\nRegards,\nBench Traders Pvt Ltd',
  cc_emails: 'accounts@bench.invoicing.local',
});

const SCENARIO = {
  name: 'POST /v1/sendouts (queue one email)',
  method: 'POST',
  path: '/v1/sendouts',
  body: (ctx) => body(ctx),
  setup,
};

/** An smtp-server that counts messages by subject. */
async function startSink() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (c) => {
        if (head.length < 4096) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const m = /^Subject: (.*)$/im.exec(head);
        received.push({ at: process.hrtime.bigint(), subject: m ? m[1].trim() : '' });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

function startWorker(ctx, smtpUrl) {
  return startWorkerChild({
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'warn',
    SENDOUT_CONCURRENCY: WORKER_CONCURRENCY,
    PDF_CONCURRENCY,
  });
}

/** POSTs EMAILS sendouts (subjects `<prefix> 1..EMAILS`), 10 at a time; answers their queue ids. */
async function queueEmails(ctx, prefix) {
  const ids = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < EMAILS) {
        const i = ++next;
        const res = await fetch(`${ctx.apiBase}/v1/sendouts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body(ctx, `${prefix} ${i}`)),
        });
        const json = await res.json();
        if (res.status !== 200) throw new Error(`POST /v1/sendouts answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
        ids.push(json.data.queue_id);
      }
    }),
  );
  return ids;
}

/** Emails per second between the first and the last message whose subject starts with `prefix`. */
function steadyRate(received, prefix) {
  const mine = received.filter((m) => m.subject.startsWith(`${prefix} `));
  return (mine.length - 1) / (Number(mine[mine.length - 1].at - mine[0].at) / 1e9);
}

const EXTRA = {
  name: 'POST /v1/sendouts: p99 and the worker drain rate into an SMTP sink',
  async run(ctx, results) {
    const rows = [];
    const posted = results.find((r) => r.scenario === SCENARIO);
    if (posted)
      rows.push({
        figure: `${SCENARIO.name}: p99 (no worker running)`,
        value: `${posted.api.p99 < 1 ? '<1' : Math.round(posted.api.p99)} ms (${Math.round(posted.api.rps)} req/s)`,
        target: '< 50 ms',
        ok: posted.api.p99 < 50,
      });

    // The scenario's rows are nobody's to send: cancel them and empty the queue, then queue a fresh batch.
    await setup(ctx);
    await ctx.db.query("UPDATE sendouts SET status = 'cancelled', deleted_at = UTC_TIMESTAMP() WHERE account_id = ? AND status = 'queued'", [ctx.accountId]);
    const sink = await startSink();
    let worker;
    try {
      const ids = await queueEmails(ctx, 'Drain');
      log(`sendouts: ${EMAILS} queued; starting the worker (SENDOUT_CONCURRENCY=${WORKER_CONCURRENCY}, PDF_CONCURRENCY=${PDF_CONCURRENCY})`);
      const started = process.hrtime.bigint();
      worker = startWorker(ctx, sink.url);
      const deadline = Date.now() + Math.max(120000, EMAILS * 3000);
      while (sink.received.length < EMAILS) {
        if (worker.exitCode !== null) throw new Error(`the worker exited early:\n${worker.output}`);
        if (Date.now() > deadline) throw new Error(`only ${sink.received.length}/${EMAILS} emails arrived in time:\n${worker.output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 1000)); // anything sent twice would arrive now
      const last = sink.received[EMAILS - 1].at;
      const steady = steadyRate(sink.received, 'Drain');
      const overall = EMAILS / (Number(last - started) / 1e9);
      const unique = new Set(sink.received.map((m) => m.subject)).size;
      const [[state]] = await ctx.db.query(`SELECT SUM(status = 'sent') AS sent, SUM(attempts = 1) AS once, COUNT(*) AS n FROM sendouts WHERE id IN (?)`, [
        ids,
      ]);
      const received = sink.received.length;
      const exact = received === EMAILS && unique === EMAILS && Number(state.sent) === EMAILS && Number(state.once) === EMAILS;
      await worker.stop();
      worker = undefined;

      // The baseline: as many rows again, sent by a bare render-and-nodemailer loop to the same sink.
      const baseIds = await queueEmails(ctx, 'Baseline');
      await dropQueue(ctx); // the bare loop reads the rows, not the queue
      log(`sendouts: ${EMAILS} queued for the bare render-and-nodemailer loop`);
      await runBaseline('sendout-loop.js', {
        DATABASE_URL: ctx.databaseUrl,
        SMTP_URL: sink.url,
        ACCOUNT_ID: String(ctx.accountId),
        IDS: baseIds.join(','),
        SENDOUT_CONCURRENCY: WORKER_CONCURRENCY,
        PDF_CONCURRENCY,
      });
      const bare = steadyRate(sink.received, 'Baseline');
      rows.push({
        figure: `worker drain rate, ${EMAILS} emails (PDF rendered and attached each), SENDOUT_CONCURRENCY=${WORKER_CONCURRENCY}, PDF_CONCURRENCY=${PDF_CONCURRENCY}, against a bare render-and-nodemailer loop to the same sink`,
        value: `${(steady / bare).toFixed(2)} (${steady.toFixed(1)} / ${bare.toFixed(1)} emails/s first to last email; worker ${overall.toFixed(1)} emails/s from its start, Chromium launch included)`,
        target: '>= 0.8',
        ok: steady / bare >= 0.8,
      });
      rows.push({
        figure: 'each queued email arrives exactly once; rows sent with 1 attempt',
        value: `${received} received, ${unique} distinct; ${state.sent}/${state.n} rows sent, ${state.once} with 1 attempt`,
        target: 'all, once',
        ok: exact,
      });
    } finally {
      if (worker) await worker.stop();
      await sink.close();
      await dropQueue(ctx).catch(() => undefined);
    }
    return rows;
  },
};

module.exports = { SCENARIO, EXTRA, startSink, dropQueue, queuePrefix };
