#!/usr/bin/env node
'use strict';
/**
 * Soak test (npm run soak, after scripts/soak.sh has checked services and built dist/).
 *
 * Fresh database invoicing_soak, one account with clients, invoices and notifications, the built API and
 * the built worker as child processes (the worker sends into an in-process SMTP sink). A mixed traffic
 * (lists and reads of clients and invoices, invoice creation, invoice PDFs, the notification feed,
 * analytics, a sendout now and then) is first driven flat out to measure its peak, then at half that rate
 * for SOAK_MINUTES. Every SOAK_SAMPLE_SECONDS it records the window's completed requests/s, p99, errors by
 * status, the RSS of the API and the worker (alone and with their Chromium processes) and the Chromium
 * process count. It prints verdicts (no errors, RSS flat, Chromium count flat, every sendout sent), exits 1
 * when one fails, and writes bench/results/soak-<timestamp>.json and a PNG plot beside it.
 *
 * Environment: SOAK_MINUTES (default 10), SOAK_DATABASE_URL (default
 * mysql://root@127.0.0.1:3306/invoicing_soak), SOAK_PEAK_SECONDS (default 20), SOAK_PEAK_CONNECTIONS
 * (default 20), SOAK_CONNECTIONS (paced phase, default 10), SOAK_RATE (req/s to drive instead of half the
 * measured peak; the peak is still measured), SOAK_SAMPLE_SECONDS (default 5), SOAK_CLIENTS (default
 * 2000), SOAK_INVOICES (default 10000), SOAK_PDF_CONCURRENCY (API and worker PDF_CONCURRENCY, default 2),
 * SOAK_RSS_GROWTH (allowed growth of the last third's median RSS over the second third's, default 0.15)
 * and SOAK_RSS_SLACK_MB (growth always allowed, default 20).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const autocannon = require('autocannon');
const mysql = require('mysql2/promise');
const processes = require('./processes');
const { log, freePort, waitForHealth, stopChildren } = processes;
const { seedClients } = require('./seed');
const { seedInvoices } = require('./seed-invoices');
const { invoiceBody, kolkataDate, fiscalYearOf } = require('./fixtures');
const setups = require('./setups');
const sendouts = require('./sendout-bench');
const notifications = require('./notification-bench');
const { startWorkerChild } = require('./worker-child');
const { processTable, descendants, memoryOf } = require('./probes');
const { renderPlot } = require('./soak-plot');

const MINUTES = Number(process.env.SOAK_MINUTES || 10);
const DATABASE_URL = process.env.SOAK_DATABASE_URL || 'mysql://root@127.0.0.1:3306/invoicing_soak';
const PEAK_SECONDS = Number(process.env.SOAK_PEAK_SECONDS || 20);
const PEAK_CONNECTIONS = Number(process.env.SOAK_PEAK_CONNECTIONS || 20);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS || 10);
const FIXED_RATE = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : null;
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS || 5);
const CLIENTS = Number(process.env.SOAK_CLIENTS || 2000);
const INVOICES = Number(process.env.SOAK_INVOICES || 10000);
const PDF_CONCURRENCY = String(process.env.SOAK_PDF_CONCURRENCY || 2);
const RSS_GROWTH = Number(process.env.SOAK_RSS_GROWTH || 0.15);
const RSS_SLACK = Number(process.env.SOAK_RSS_SLACK_MB || 20) * 1048576;
const WARMUP_SECONDS = 5;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const USERNAME = 'soak.owner';
const PASSWORD = 'Soak#Passw0rd-2025';

const rand = (n) => Math.floor(Math.random() * n);
const pickOf = (list) => list[rand(list.length)];

/**
 * The traffic mix, with relative weights (90 in all: a sendout is about one request in ninety).
 * `request()` gives the path (and method, body, sign-in token, extra headers) of each request, so ids and
 * offsets vary. Some creates carry an Idempotency-Key (a new one each), so the stored answers are soaked too.
 */
function trafficMix(ctx) {
  const fy = fiscalYearOf(kolkataDate());
  let keys = 0;
  return [
    { name: 'GET /v1/me', weight: 8, request: () => ({ path: '/v1/me' }) },
    { name: 'GET /v1/clients', weight: 13, request: () => ({ path: `/v1/clients?limit=50&offset=${rand(Math.max(1, CLIENTS - 50))}` }) },
    { name: 'GET /v1/clients/{id}', weight: 12, request: () => ({ path: `/v1/clients/${pickOf(ctx.clientIds)}` }) },
    { name: 'GET /v1/invoices', weight: 12, request: () => ({ path: `/v1/invoices?fy_start_year=${fy}&limit=50` }) },
    { name: 'GET /v1/invoices/{id}', weight: 12, request: () => ({ path: `/v1/invoices/${pickOf(ctx.invoiceIds)}` }) },
    { name: 'POST /v1/invoices', weight: 8, request: () => ({ method: 'POST', path: '/v1/invoices', body: pickOf(ctx.invoiceBodies) }) },
    {
      name: 'POST /v1/invoices (Idempotency-Key)',
      weight: 2,
      request: () => ({
        method: 'POST',
        path: '/v1/invoices',
        body: pickOf(ctx.invoiceBodies),
        headers: { 'idempotency-key': `soak-${process.pid}-${++keys}` },
      }),
    },
    { name: 'GET /v1/documents/invoice/{id}/pdf', weight: 4, request: () => ({ path: `/v1/documents/invoice/${pickOf(ctx.invoiceIds)}/pdf` }) },
    { name: 'GET /v1/notifications', weight: 10, request: () => ({ path: '/v1/notifications?limit=50', token: ctx.accessToken }) },
    { name: 'GET /v1/notifications/unread-count', weight: 4, request: () => ({ path: '/v1/notifications/unread-count', token: ctx.accessToken }) },
    { name: 'GET /v1/analytics/full', weight: 4, request: () => ({ path: `/v1/analytics/full?fy_start_year=${fy}` }) },
    { name: 'POST /v1/sendouts', weight: 1, request: () => ({ method: 'POST', path: '/v1/sendouts', body: sendouts.SCENARIO.body(ctx) }) },
  ];
}

/** Per-phase and per-operation counts and latencies, and the current sampling window (cleared by every sample). */
function newTally() {
  return { byPhase: {}, firstErrors: [], window: { latencies: [], ok: 0, bad: {}, socketErrors: 0 } };
}

function opTally(tally, phase, name) {
  const ops = (tally.byPhase[phase] ??= {});
  return (ops[name] ??= { answered: 0, ok: 0, bad: {}, latencies: [] });
}

/**
 * The autocannon `requests` list: one entry that draws an operation of the mix by weight for every request
 * (so that every connection sends the whole mix from its first request on). autocannon builds a request
 * just before it writes it and calls onResponse before it builds the next one on the same connection, so
 * the connection's context tells which operation an answer belongs to and when it was sent.
 */
function autocannonRequests(ctx, mix, tally) {
  const total = mix.reduce((n, m) => n + m.weight, 0);
  const draw = () => {
    let r = Math.random() * total;
    for (const m of mix) if ((r -= m.weight) < 0) return m;
    return mix[mix.length - 1];
  };
  return [
    {
      setupRequest(req, context) {
        const m = draw();
        const r = m.request();
        context.op = m.name;
        context.sentAt = performance.now();
        const headers = { ...r.headers, authorization: `Bearer ${r.token || ctx.apiKey}` };
        if (r.body !== undefined) headers['content-type'] = 'application/json';
        return { ...req, method: r.method || 'GET', path: r.path, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
      },
      onResponse(status, body, context) {
        const op = opTally(tally, ctx.phase, context.op);
        op.answered++;
        op.latencies.push(performance.now() - context.sentAt);
        if (status >= 200 && status < 300) {
          op.ok++;
          return;
        }
        op.bad[status] = (op.bad[status] || 0) + 1;
        if (tally.firstErrors.length < 20) tally.firstErrors.push({ phase: ctx.phase, op: context.op, status, body: String(body || '').slice(0, 300) });
      },
    },
  ];
}

/** {answered, ok, bad, p50, p99} of every operation of a phase, in the mix's order. */
function operationFigures(tally, phase, mix) {
  const ops = tally.byPhase[phase] || {};
  return Object.fromEntries(
    mix.map((m) => {
      const o = ops[m.name] || { answered: 0, ok: 0, bad: {}, latencies: [] };
      const sorted = [...o.latencies].sort((a, b) => a - b);
      const ms = (v) => (v === null ? null : Math.round(v));
      return [m.name, { answered: o.answered, ok: o.ok, bad: o.bad, p50: ms(percentile(sorted, 50)), p99: ms(percentile(sorted, 99)) }];
    }),
  );
}

/** Drives the mix; the instance's events feed the sampling window. */
function drive(ctx, mix, tally, options) {
  const instance = autocannon({
    url: ctx.apiBase,
    requests: autocannonRequests(ctx, mix, tally),
    timeout: 30,
    ...options,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    const w = tally.window;
    w.latencies.push(ms);
    if (status >= 200 && status < 300) w.ok++;
    else w.bad[status] = (w.bad[status] || 0) + 1;
  });
  instance.on('reqError', (error) => {
    tally.window.socketErrors++;
    if (tally.firstErrors.length < 20) tally.firstErrors.push({ phase: ctx.phase, op: 'socket', status: 0, body: String(error && error.message) });
  });
  return instance;
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** RSS of a process alone and with its descendants, and its Chromium processes (zombies included, with their pids). */
function processFigures(pid, table) {
  const own = memoryOf(pid);
  const below = descendants(pid, table);
  let tree = own ? own.rss : 0;
  for (const p of below) {
    const m = memoryOf(p.pid);
    if (m && m.rss) tree += m.rss;
  }
  const chromium = below.filter((p) => /chrom/i.test(p.comm));
  return { rss: own ? own.rss : null, treeRss: tree, chromium: chromium.length, zombies: chromium.filter((p) => p.state === 'Z').map((p) => p.pid) };
}

function startSampler(ctx, tally, started) {
  const samples = [];
  let last = Date.now();
  let previousZombies = new Set();
  const tick = () => {
    const now = Date.now();
    const w = tally.window;
    tally.window = { latencies: [], ok: 0, bad: {}, socketErrors: 0 };
    const sorted = w.latencies.sort((a, b) => a - b);
    const table = processTable();
    const api = processFigures(ctx.apiPid, table);
    const worker = processFigures(ctx.workerPid, table);
    const zombies = [...api.zombies, ...worker.zombies];
    const seconds = (now - last) / 1000;
    last = now;
    samples.push({
      t: Math.round((now - started) / 100) / 10,
      phase: ctx.phase,
      rps: Math.round((w.ok / seconds) * 10) / 10,
      completed: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: { ...w.bad, ...(w.socketErrors ? { socket: w.socketErrors } : {}) },
      apiRss: api.rss,
      apiTreeRss: api.treeRss,
      workerRss: worker.rss,
      workerTreeRss: worker.treeRss,
      chromiumApi: api.chromium,
      chromiumWorker: worker.chromium,
      chromiumZombies: zombies.length,
      // Zombies already seen by the previous sample: a process that exited and stays unreaped.
      chromiumLingeringZombies: zombies.filter((pid) => previousZombies.has(pid)).length,
    });
    previousZombies = new Set(zombies);
  };
  const timer = setInterval(tick, SAMPLE_SECONDS * 1000);
  return {
    samples,
    stop() {
      clearInterval(timer);
      tick();
      return samples;
    },
  };
}

const median = (values) => {
  const s = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};
const MB = (bytes) => (bytes === null || bytes === undefined ? '-' : `${(bytes / 1048576).toFixed(1)} MB`);
const sumErrors = (errors) => Object.values(errors).reduce((a, b) => a + b, 0);
function mergeErrors(samples) {
  const out = {};
  for (const s of samples) for (const [k, n] of Object.entries(s.errors)) out[k] = (out[k] || 0) + n;
  return out;
}

/** Thirds of the soak samples (the first third is the settling time and only shown). */
function thirds(samples) {
  const n = samples.length;
  return [samples.slice(0, Math.floor(n / 3)), samples.slice(Math.floor(n / 3), Math.floor((2 * n) / 3)), samples.slice(Math.floor((2 * n) / 3))];
}

function verdicts(result) {
  const soak = result.samples.filter((s) => s.phase === 'soak');
  const [, second, last] = thirds(soak);
  const out = [];
  const peakErrors = mergeErrors(result.samples.filter((s) => s.phase !== 'soak'));
  const soakErrors = mergeErrors(soak);
  out.push({
    check: 'errors (non-2xx answers and socket errors)',
    value: `soak ${sumErrors(soakErrors)} ${JSON.stringify(soakErrors)}; warm-up and peak ${sumErrors(peakErrors)} ${JSON.stringify(peakErrors)}`,
    target: '0',
    ok: sumErrors(soakErrors) === 0 && sumErrors(peakErrors) === 0,
  });
  for (const [key, label] of [
    ['apiRss', 'API RSS'],
    ['apiTreeRss', 'API RSS with its Chromium'],
    ['workerRss', 'worker RSS'],
    ['workerTreeRss', 'worker RSS with its Chromium'],
  ]) {
    const m2 = median(second.map((s) => s[key]));
    const m3 = median(last.map((s) => s[key]));
    const allowed = Math.max(m2 * RSS_GROWTH, RSS_SLACK);
    out.push({
      check: `${label} flat: median of the last third of the soak vs the second third`,
      value: `${MB(m2)} -> ${MB(m3)} (${m2 ? (((m3 - m2) / m2) * 100).toFixed(1) : '-'}%); first sample ${MB(soak[0] && soak[0][key])}, last ${MB(soak.length && soak[soak.length - 1][key])}`,
      target: `growth <= max(${Math.round(RSS_GROWTH * 100)}%, ${RSS_SLACK / 1048576} MB)`,
      ok: m2 !== null && m3 !== null && m3 - m2 <= allowed,
    });
  }
  // The first third is left out: a browser launched late (the first PDF, the first sendout) is no leak. A browser
  // recycled after its renders (every 500) shows for a sample or two as fewer processes (the old one gone, the new
  // one's renderers not yet started) or more (both at once), so the spread is read between the 5th and 95th
  // percentiles, and growth from the medians: a leak keeps what it gained, a recycle does not.
  const count = (s) => s.chromiumApi + s.chromiumWorker;
  const all = soak.map(count);
  const sortedCounts = (list) => list.map(count).sort((a, b) => a - b);
  const settled = sortedCounts([...second, ...last]);
  const low = percentile(settled, 5);
  const high = percentile(settled, 95);
  const medianOf = (list) => percentile(sortedCounts(list), 50);
  // A zombie caught between its exit and its parent's wait is normal; one still there a sample later is not.
  const zombieSamples = soak.filter((s) => s.chromiumZombies > 0).length;
  const lingering = Math.max(0, ...soak.map((s) => s.chromiumLingeringZombies));
  out.push({
    check: 'Chromium processes under the API and the worker flat',
    value:
      `second and last thirds: 5th to 95th percentile ${low} to ${high}, min ${settled[0]}, max ${settled[settled.length - 1]}; ` +
      `median of the second third ${medianOf(second)}, of the last ${medianOf(last)}; ` +
      `whole soak ${Math.min(...all)} to ${Math.max(...all)}, at the end API ${soak.length ? soak[soak.length - 1].chromiumApi : '-'}, worker ${soak.length ? soak[soak.length - 1].chromiumWorker : '-'}; ` +
      `a zombie in ${zombieSamples} of ${soak.length} samples, still there a sample later: ${lingering}`,
    target: 'second and last thirds: 95th - 5th percentile <= 3, last third median <= second third median + 1; no zombie lasting from one sample to the next',
    ok: settled.length > 0 && high - low <= 3 && medianOf(last) <= medianOf(second) + 1 && lingering === 0,
  });
  const s = result.sendouts;
  out.push({
    check: 'sendouts queued during the run were all sent',
    value: `${s.sent}/${s.queued} sent (${JSON.stringify(s.byStatus)}), ${s.received} emails received by the sink`,
    target: 'all',
    ok: s.queued > 0 && s.sent === s.queued && s.received === s.queued,
  });
  return out;
}

/** Waits (up to 2 minutes) until no sendout of the account is queued or sending, then counts them. */
async function settleSendouts(ctx, sink) {
  const deadline = Date.now() + 120000;
  let rows;
  for (;;) {
    [rows] = await ctx.db.query('SELECT status, COUNT(*) AS n FROM sendouts WHERE account_id = ? GROUP BY status', [ctx.accountId]);
    const pending = rows.filter((r) => r.status === 'queued' || r.status === 'sending').reduce((a, r) => a + Number(r.n), 0);
    if (!pending || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const queued = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { queued, sent: byStatus.sent || 0, byStatus, received: sink.received.length };
}

async function prepare() {
  await processes.prepareDatabase(DATABASE_URL, 'soak');
  const account = processes.createAccount(DATABASE_URL, {
    name: 'Soak Traders Pvt Ltd',
    email: 'owner@soak.invoicing.local',
    username: USERNAME,
    password: PASSWORD,
    bcryptCost: '12',
  });
  const db = mysql.createPool({ uri: DATABASE_URL, connectionLimit: 4, dateStrings: true, timezone: 'Z' });
  const started = Date.now();
  await seedClients(db, account.account_id, CLIENTS);
  const [clients] = await db.query('SELECT id, state_code FROM clients WHERE account_id = ? ORDER BY id', [account.account_id]);
  const seeded = await seedInvoices(db, account.account_id, clients, INVOICES);
  await db.query('ANALYZE TABLE clients, invoices, invoice_items, document_sequences');
  log(`account ${account.account_id}: ${CLIENTS} clients, ${INVOICES} invoices seeded in ${Date.now() - started} ms`);
  const [billed] = await db.query(
    'SELECT id, state_code FROM clients WHERE account_id = ? AND gstin IS NOT NULL AND address IS NOT NULL ORDER BY id LIMIT 20',
    [account.account_id],
  );
  // Reads and PDFs go to the last 2,000 seeded invoices (the recent ones a business looks at).
  const invoiceIds = [];
  for (let id = Math.max(seeded.firstId, seeded.lastId - 1999); id <= seeded.lastId; id++) invoiceIds.push(id);
  return {
    apiKey: account.api_key,
    accountId: account.account_id,
    userId: account.user_id,
    username: USERNAME,
    password: PASSWORD,
    databaseUrl: DATABASE_URL,
    db,
    clientIds: clients.map((c) => c.id),
    invoiceIds,
    invoiceBodies: billed.map((c) => invoiceBody(c)),
  };
}

async function main() {
  const ctx = await prepare();
  const sink = await sendouts.startSink();
  const apiPort = await freePort();
  ctx.apiBase = `http://127.0.0.1:${apiPort}`;
  const api = processes.startChild(
    'api',
    ['scripts/run.js', 'api'],
    {
      PORT: String(apiPort),
      DATABASE_URL,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: ctx.apiBase,
      BCRYPT_COST: '12',
      PDF_CONCURRENCY,
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY || crypto.randomBytes(32).toString('hex'),
    },
    processes.API_NODE_ARGS,
  );
  await waitForHealth(api, ctx.apiBase);
  ctx.apiPid = api.pid;
  // The sendout setup drops the queue and stores the document the sendouts attach; the feed's notifications.
  await sendouts.SCENARIO.setup(ctx);
  await notifications.seedNotifications(ctx);
  const worker = startWorkerChild({
    DATABASE_URL,
    REDIS_URL,
    SMTP_URL: sink.url,
    LOG_LEVEL: 'warn',
    SENDOUT_CONCURRENCY: '4',
    PDF_CONCURRENCY,
  });
  ctx.workerPid = worker.pid;
  // Access tokens live an hour: sign in again every 30 minutes for long runs.
  const relogin = setInterval(
    () => {
      const fresh = { ...ctx, accessToken: null };
      setups.accessToken(fresh).then(
        () => (ctx.accessToken = fresh.accessToken),
        (e) => log(`sign-in failed: ${e.message}`),
      );
    },
    30 * 60 * 1000,
  );
  relogin.unref();
  log(`api on ${ctx.apiBase} (pid ${api.pid}), worker pid ${worker.pid}, SMTP sink ${sink.url}`);

  const mix = trafficMix(ctx);
  const tally = newTally();
  const started = Date.now();
  ctx.phase = 'warm-up';
  const sampler = startSampler(ctx, tally, started);
  log(`warm-up: ${WARMUP_SECONDS} s at ${PEAK_CONNECTIONS} connections`);
  await drive(ctx, mix, tally, { connections: PEAK_CONNECTIONS, duration: WARMUP_SECONDS });
  ctx.phase = 'peak';
  log(`peak: ${PEAK_SECONDS} s at ${PEAK_CONNECTIONS} connections`);
  const peakRun = await drive(ctx, mix, tally, { connections: PEAK_CONNECTIONS, duration: PEAK_SECONDS });
  const peak = peakRun['2xx'] / peakRun.duration;
  const rate = FIXED_RATE || Math.max(1, Math.floor(peak / 2)); // autocannon paces whole requests per second
  log(`peak ${peak.toFixed(1)} req/s (p99 ${peakRun.latency.p99} ms); soak: ${MINUTES} min at ${rate} req/s, ${CONNECTIONS} connections`);
  ctx.phase = 'soak';
  const soakStarted = Date.now();
  const soakRun = await drive(ctx, mix, tally, { connections: CONNECTIONS, overallRate: rate, duration: Math.round(MINUTES * 60) });
  const samples = sampler.stop();
  log(`soak done: ${soakRun['2xx']} answers 2xx in ${((Date.now() - soakStarted) / 1000).toFixed(0)} s; waiting for the sendouts to drain`);
  clearInterval(relogin);
  const sendoutFigures = await settleSendouts(ctx, sink);

  const result = {
    startedAt: new Date(started).toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0].model.trim(), loadAtEnd: os.loadavg() },
    settings: {
      minutes: MINUTES,
      peakSeconds: PEAK_SECONDS,
      peakConnections: PEAK_CONNECTIONS,
      connections: CONNECTIONS,
      sampleSeconds: SAMPLE_SECONDS,
      clients: CLIENTS,
      invoices: INVOICES,
      pdfConcurrency: Number(PDF_CONCURRENCY),
      rssGrowth: RSS_GROWTH,
      rssSlackMb: RSS_SLACK / 1048576,
    },
    mix: mix.map((m) => ({ name: m.name, weight: m.weight })),
    peak: { rps: Math.round(peak * 10) / 10, p50: peakRun.latency.p50, p99: peakRun.latency.p99, non2xx: peakRun.non2xx, errors: peakRun.errors },
    soak: {
      targetRps: rate,
      achievedRps: Math.round((soakRun['2xx'] / soakRun.duration) * 10) / 10,
      requests: soakRun.requests.total,
      ok: soakRun['2xx'],
      non2xx: soakRun.non2xx,
      errors: soakRun.errors,
      timeouts: soakRun.timeouts,
      p50: soakRun.latency.p50,
      p99: soakRun.latency.p99,
    },
    byOperation: { peak: operationFigures(tally, 'peak', mix), soak: operationFigures(tally, 'soak', mix) },
    firstErrors: tally.firstErrors,
    sendouts: sendoutFigures,
    samples,
  };
  result.verdicts = verdicts(result);

  const stamp = result.startedAt.replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const jsonPath = path.join(dir, `soak-${stamp}.json`);
  const pngPath = path.join(dir, `soak-${stamp}.png`);
  fs.writeFileSync(jsonPath, `${JSON.stringify(result, null, 2)}\n`);
  await ctx.db.end();
  await worker.stop();
  await sink.close();
  await stopChildren();
  await sendouts.dropQueue(ctx).catch(() => undefined);
  await renderPlot(result, pngPath);

  const lines = [
    '',
    `peak of the mix: ${result.peak.rps} req/s at ${PEAK_CONNECTIONS} connections (p99 ${result.peak.p99} ms)`,
    `soak: ${MINUTES} min at ${rate} req/s (${CONNECTIONS} connections): ${result.soak.achievedRps} req/s achieved, ${result.soak.ok} answers 2xx, p50 ${result.soak.p50} ms, p99 ${result.soak.p99} ms`,
    'per operation in the soak (answered, 2xx, p50 ms, p99 ms, other answers):',
    ...Object.entries(result.byOperation.soak).map(
      ([name, o]) =>
        `  ${name.padEnd(36)} ${String(o.answered).padStart(7)} ${String(o.ok).padStart(7)} ${String(o.p50).padStart(6)} ${String(o.p99).padStart(6)}  ${Object.keys(o.bad).length ? JSON.stringify(o.bad) : ''}`,
    ),
    '',
    ...result.verdicts.map((v) => `${v.ok ? 'ok  ' : 'FAIL'}  ${v.check}: ${v.value} (target ${v.target})`),
    '',
    `written to ${path.relative(process.cwd(), jsonPath)} and ${path.relative(process.cwd(), pngPath)}`,
  ];
  if (tally.firstErrors.length) lines.splice(lines.length - 1, 0, `first errors: ${JSON.stringify(tally.firstErrors.slice(0, 5))}`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
  return result.verdicts.every((v) => v.ok) ? 0 : 1;
}

processes.runMain('soak', main);
