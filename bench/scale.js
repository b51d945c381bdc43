'use strict';
/**
 * The scale table (npm run bench:scale, or BENCH_SCALE=100000,1000000 npm run bench): for each size, a database of
 * its own (BENCH_DATABASE_URL's name + `_100k`, `_1m`...), the bench account with that many invoices (seed-invoices.js,
 * timed) and the built API on the Fastify edge of its own; then the rows below (scenarios of scenarios.js and
 * receivables-bench.js by name, and two list filters of their own) against each size's API in turn, row by row, API
 * only (no baselines). Prints p50, p99 and req/s at every size and the ratio of the last size to the first (target: at
 * most 1.25), the seed time and the API's RSS before and after the rows (VmRSS as it is, and after a full garbage
 * collection: the API runs with gc-on-signal.js), and writes it all to
 * bench/results/scale.md.
 *
 * Environment: BENCH_SCALE (sizes, comma-separated), BENCH_ONLY (the rows whose label contains it; `a|b`: either),
 * BENCH_ROUNDS (default 1: each row this many times at each size in turn; the median round by req/s is shown),
 * BENCH_SCALE_CONNECTIONS (autocannon connections of every row, default 4, fewer where the scenario asks for fewer:
 * the latency of a few users, not the queue of twenty), BENCH_SCALE_SAMPLES (requests of the rows timed one at a
 * time, default 5), BENCH_SCALE_ANALYTICS_CACHE (default off: analytics full and the ageing run their statements on
 * every request, which is what the first request after any write costs; `on` measures the answer cache),
 * BENCH_SCALE_KEEP (`on` keeps the databases; by default they are dropped at the end), BENCH_DATABASE_URL (default
 * mysql://root@127.0.0.1:3306/invoicing_bench_scale: the base of the size databases' names, which must contain
 * `bench`) and those of harness.js (BENCH_DURATION...).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SCENARIOS } = require('./scenarios');
const receivables = require('./receivables-bench');
const setups = require('./setups');
const { ensureInvoices } = require('./seed-invoices');
const { memoryOf, mb } = require('./probes');
const { DURATION, WARMUP, CONNECTIONS, CLIENTS, benchAccount, startApi, requestOptions, checkOnce, measure, fmt, tables } = require('./harness');
const processes = require('./processes');
const { log, waitForHealth } = processes;

const ONLY = process.env.BENCH_ONLY || '';
const SIZES = (process.env.BENCH_SCALE || '100000,1000000').split(',').map(Number);
const SCALE_CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS || 4);
const ANALYTICS_CACHE = process.env.BENCH_SCALE_ANALYTICS_CACHE || 'off';
const KEEP = process.env.BENCH_SCALE_KEEP === 'on';
const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/invoicing_bench_scale';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES || 5);
const TARGET = 1.25;
/** A client-name fragment the search row looks for (one of seed.js's surnames: about 1 client in 36). */
const SEARCH = 'Kulkarni';

const named = (list, part) => {
  const found = list.find((s) => s.name.includes(part));
  if (!found) throw new Error(`no scenario named like "${part}"`);
  return found;
};

/**
 * The client of the by-client row: the first client of the account with a GSTIN and an address (11 invoices of the
 * 100,000, 105 of the 1,000,000). Its page is of 10 rows, so that both sizes answer a full page of the same length.
 */
async function byClient(ctx) {
  await ensureInvoices(ctx);
  ctx.scaleClientId ??= (await setups.billedClient(ctx)).id;
}

/**
 * [label, scenario]: the rows of the scale table. `sequential`: a request of seconds (the whole financial year's
 * aggregates, a month's return, every unpaid invoice of the account), timed one at a time (SAMPLES after one unmeasured) rather than driven by autocannon,
 * which would end a 10-s run with no answer at the larger size.
 */
const ALL_ROWS = [
  ['FY list (fy_start_year=2025, limit 50)', named(SCENARIOS, 'fy_start_year=2025&limit=50')],
  ['deep page by offset (offset 90,000)', named(SCENARIOS, 'offset=90000 (deep page)')],
  ['deep page by cursor (row 90,000)', named(SCENARIOS, 'starting_after=<row 90,000>')],
  ['list by client (client_id, limit 10)', { path: (ctx) => `/v1/invoices?client_id=${ctx.scaleClientId}&limit=10`, setup: byClient }],
  [`list by search (search=${SEARCH}, limit 50)`, { path: `/v1/invoices?search=${SEARCH}&limit=50`, setup: setups.invoices }],
  ['analytics full (FY 2025)', { ...named(SCENARIOS, '/v1/analytics/full'), sequential: true }],
  ['GSTR-1 of the last full month', { ...named(SCENARIOS, '/v1/exports/gstr1'), sequential: true }],
  ['client statement (5,000 entries)', named(receivables.SCENARIOS, '/statement')],
  ['receivables ageing', { ...named(receivables.SCENARIOS, 'receivables-ageing'), sequential: true }],
];

/** The rows BENCH_ONLY picks (labels containing it; `a|b`: either), all by default. */
const ROWS = ALL_ROWS.filter(([label]) => !ONLY || ONLY.split('|').some((part) => label.includes(part)));
const short = (n) => (n % 1000000 === 0 ? `${n / 1000000}m` : n % 1000 === 0 ? `${n / 1000}k` : String(n));
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function databaseOf(size) {
  const url = new URL(DATABASE_URL);
  url.pathname = `${url.pathname}_${short(size)}`;
  return url.toString();
}

/** Node flags of the scale run's API: a full collection on SIGWINCH (gc-on-signal.js). */
const GC_ARGS = ['--expose-gc', '--require', path.join(__dirname, 'gc-on-signal.js')];

/**
 * The API's memory after a full collection ({rss, heapUsed, external} in bytes): SIGWINCH to the process, then the
 * line gc-on-signal.js writes. What is left after it is what the process keeps, not garbage not yet collected.
 */
function collected(child) {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => done(new Error(`${child.label}: no answer to SIGWINCH within 15 s`)), 15000);
    const onData = (chunk) => {
      text += chunk;
      const m = /\[bench-gc\] (\{.*\})\n/.exec(text);
      if (m) done(null, JSON.parse(m[1]));
    };
    function done(err, value) {
      clearTimeout(timer);
      child.stderr.off('data', onData);
      if (err) reject(err);
      else resolve(value);
    }
    child.stderr.on('data', onData);
    child.kill('SIGWINCH');
  });
}

async function stopApi(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await child.exited;
}

/** Data and index megabytes of the two big tables. */
async function tableSizes(db) {
  const [rows] = await db.query(
    "SELECT TABLE_NAME AS t, ROUND((DATA_LENGTH + INDEX_LENGTH) / 1048576) AS mb FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('invoices', 'invoice_items') ORDER BY TABLE_NAME",
  );
  return rows.map((r) => `${r.t} ${r.mb} MB`).join(', ');
}

/** One size: its database seeded, the API started and every row's setup run; {size, ctx, api, seedMs, sizes, rssStart...}. */
async function prepareSize(size) {
  const ctx = await benchAccount(databaseOf(size), 'bench');
  ctx.invoiceCount = size;
  await ensureInvoices(ctx);
  const seedLoad = loadavg();
  const api = await startApi(ctx, `api ${short(size)}`, 'fastify', { ANALYTICS_CACHE }, GC_ARGS);
  await waitForHealth(api.child, api.base);
  Object.assign(ctx, { apiBase: api.base, apiPid: api.child.pid });
  for (const [, scenario] of ROWS) if (scenario.setup) await scenario.setup(ctx);
  const sizes = await tableSizes(ctx.db);
  const [[{ pool }]] = await ctx.db.query('SELECT @@innodb_buffer_pool_size AS pool');
  const rssStart = memoryOf(api.child.pid).rss;
  const start = await collected(api.child);
  log(`${short(size)}: ${sizes}; API RSS ${mb(rssStart)} before the rows, ${mb(start.rss)} after a full collection; load ${loadavg()}`);
  return { size, ctx, api, seedMs: ctx.invoiceSeedMs, seedLoad, sizes, bufferPool: Number(pool), rssStart, start, rows: [] };
}

/** The API stopped (its RSS taken first) and, unless BENCH_SCALE_KEEP=on, the size's database dropped. */
async function finishSize(run) {
  run.rssEnd = memoryOf(run.api.child.pid).rss;
  run.end = await collected(run.api.child);
  await stopApi(run.api.child);
  if (!KEEP) await run.ctx.db.query(`DROP DATABASE \`${new URL(run.ctx.databaseUrl).pathname.slice(1)}\``);
  await run.ctx.db.end();
}

/** SAMPLES requests one after another, after one unmeasured: {rps, p50, p99 (the slowest), bad: 0}. */
async function sequentially(label, options) {
  await checkOnce(label, options);
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await checkOnce(label, options);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  log(`  ${SAMPLES} requests one at a time: p50 ${fmt.ms(times[Math.floor((SAMPLES - 1) / 2)])} ms, slowest ${fmt.ms(times[SAMPLES - 1])} ms`);
  return { rps: (SAMPLES * 1000) / total, p50: times[Math.floor((SAMPLES - 1) / 2)], p99: times[SAMPLES - 1], bad: 0 };
}

/**
 * Every row at every size, the sizes in turn row by row (as run.js alternates API and baseline), so that a change
 * in the machine's load hits the sizes alike, ROUNDS times; each size keeps the round with its median req/s, with the
 * API's RSS and the load average after it.
 */
async function measureRows(runs) {
  for (const [label, scenario] of ROWS) {
    const rounds = runs.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [k, run] of runs.entries()) {
        log(`${short(run.size)}: ${label}${ROUNDS > 1 ? ` (round ${round}/${ROUNDS})` : ''}`);
        const connections = scenario.sequential ? 1 : Math.min(scenario.connections || CONNECTIONS, SCALE_CONNECTIONS);
        const options = requestOptions(run.api.base, scenario, run.ctx, scenario.auth !== false);
        const tag = `${label} (${short(run.size)})`;
        const result = scenario.sequential ? await sequentially(tag, options) : await measure(tag, options, connections);
        const rss = memoryOf(run.api.child.pid).rss;
        const kept = await collected(run.api.child);
        rounds[k].push({ ...result, connections, rss, kept, load: os.loadavg()[0] });
      }
    }
    for (const [k, run] of runs.entries()) run.rows.push([...rounds[k]].sort((a, b) => a.rps - b.rps)[Math.floor((ROUNDS - 1) / 2)]);
  }
}

const ratio = (a, b) => (a && b ? b / a : undefined);
const verdictOf = (r) => (r === undefined ? '-' : r <= TARGET ? 'ok' : 'ABOVE');

function scaleTable(runs) {
  const first = runs[0];
  const last = runs[runs.length - 1];
  const header = [
    'figure',
    ...runs.flatMap((r) => [`p50 ${short(r.size)}`, `p99 ${short(r.size)}`]),
    'p50 ratio',
    'p99 ratio',
    'req/s per size',
    'load (1 min) per size',
    `<= ${TARGET}`,
  ];
  const rows = ROWS.map(([label], i) => {
    const p50 = ratio(first.rows[i].p50, last.rows[i].p50);
    const p99 = ratio(first.rows[i].p99, last.rows[i].p99);
    const bad = runs.reduce((n, r) => n + r.rows[i].bad, 0);
    return [
      `${label} [${ROWS[i][1].sequential ? `${SAMPLES} one at a time; p99: slowest` : `${first.rows[i].connections} conn.`}]`,
      ...runs.flatMap((r) => [fmt.ms(r.rows[i].p50), fmt.ms(r.rows[i].p99)]),
      p50 === undefined ? '-' : p50.toFixed(2),
      p99 === undefined ? '-' : p99.toFixed(2),
      runs.map((r) => fmt.rps(r.rows[i].rps)).join(' / ') + (bad ? ` (${bad} non-2xx/errors)` : ''),
      runs.map((r) => r.rows[i].load.toFixed(1)).join(' / '),
      `p50 ${verdictOf(p50)}, p99 ${verdictOf(p99)}`,
    ];
  });
  return tables(header, rows);
}

function memoryTable(runs) {
  const header = [
    'size',
    'seed (invoices + lines)',
    'load after the seed',
    'tables',
    'API RSS before',
    'API RSS after',
    'after / before',
    'RSS after each row',
    'collected: RSS before / after',
    'collected: after / before',
    'collected: heap before / after',
    'collected: RSS after each row',
  ];
  return tables(
    header,
    runs.map((r) => [
      r.size.toLocaleString('en-US'),
      `${(r.seedMs / 1000).toFixed(1)} s`,
      r.seedLoad,
      r.sizes,
      mb(r.rssStart),
      mb(r.rssEnd),
      (r.rssEnd / r.rssStart).toFixed(2),
      r.rows.map((row) => Math.round(row.rss / 1048576)).join(' '),
      `${mb(r.start.rss)} / ${mb(r.end.rss)}`,
      (r.end.rss / r.start.rss).toFixed(2),
      `${mb(r.start.heapUsed)} / ${mb(r.end.heapUsed)}`,
      r.rows.map((row) => Math.round(row.kept.rss / 1048576)).join(' '),
    ]),
  );
}

async function main() {
  const runs = [];
  for (const size of SIZES) runs.push(await prepareSize(size));
  await measureRows(runs);
  for (const run of runs) await finishSize(run);
  const scale = scaleTable(runs);
  const memory = memoryTable(runs);
  const context =
    `${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC; Node ${process.version}; ${os.cpus().length} CPUs (${os.cpus()[0].model.trim()}); ` +
    `MariaDB InnoDB buffer pool ${mb(runs[0].bufferPool)}; one account with ${CLIENTS.toLocaleString('en-US')} clients and the size's invoices; ` +
    `${DURATION} s per row after ${WARMUP} s warm-up${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}; ANALYTICS_CACHE=${ANALYTICS_CACHE}; ratio = last size / first size; latencies in ms; ` +
    `RSS after each row: MB, in the table's order; the rows alternate the sizes row by row; ` +
    `collected: after a full garbage collection (SIGWINCH to the API, bench/gc-on-signal.js).`;
  process.stdout.write(`\n${scale.text}\n\n${memory.text}\n\n${context}\n\nMarkdown:\n\n${scale.md}\n\n${memory.md}\n`);
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'scale.md'), `# Scale table\n\n${scale.md}\n\n${memory.md}\n\n${context}\n`);
  log('written to bench/results/scale.md');
}

module.exports = { main };
