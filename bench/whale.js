'use strict';
/**
 * A whale beside minnows (npm run bench:whale): one account of BENCH_WHALE_INVOICES invoices (default 1,000,000)
 * and BENCH_MINNOWS small accounts (default 1,000) of BENCH_MINNOW_INVOICES invoices each (default 100) in one
 * database, one API on the Fastify edge with the production defaults (rate limits on, the analytics cache on,
 * PDF_ACCOUNT_CONCURRENCY 1). The small accounts' invoice list and invoice create are measured alone, then again
 * while the whale's own users load its FY list, its GSTR-1 of the last full month and one of its invoice PDFs
 * without pause (waiting out Retry-After on a 429, as the SDK does). Each small-account request is made by the next small account in turn (its key, its client), so
 * no small account comes near its own rate limit. Target: the small accounts' p99 beside the whale within 1.25x
 * of their p99 alone. Prints the table and writes it to bench/results/whale.md.
 *
 * The small accounts are copies of the whale's account row made in SQL (their own API key, hashed as the API
 * hashes it) with the TDS sections the admin CLI gives every account, 10 clients each and their invoices bulk
 * loaded as seed-invoices.js loads the whale's: a thousand accounts through the CLI would take a quarter of an hour.
 *
 * Environment: BENCH_WHALE_INVOICES, BENCH_MINNOWS, BENCH_MINNOW_INVOICES, BENCH_WHALE_CONNECTIONS (connections
 * of each whale load and of each small-account measurement, default 4), BENCH_WHALE_KEEP (`on` keeps the
 * database), BENCH_WHALE_DATABASE_URL (default mysql://root@127.0.0.1:3306/invoicing_bench_whale; its name must
 * contain `bench`), BENCH_WHALE_LOAD (the whale's loads, comma-separated of `list`, `gstr1` and `pdf`; all by
 * default), BENCH_WHALE_LEAD_S (seconds of whale load before the measurement beside it, default 15: the steady
 * state, past the budgets the whale saved up while idle) and those of harness.js (BENCH_DURATION, BENCH_WARMUP, BENCH_CLIENTS).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { seedClients } = require('./seed');
const { seedInvoices, ensureInvoices } = require('./seed-invoices');
const { invoiceBody } = require('./fixtures');
const setups = require('./setups');
const { DURATION, WARMUP, benchAccount, startApi, checkOnce, fmt, tables } = require('./harness');
const processes = require('./processes');
const { log, waitForHealth } = processes;

const WHALE_INVOICES = Number(process.env.BENCH_WHALE_INVOICES || 1000000);
const MINNOWS = Number(process.env.BENCH_MINNOWS || 1000);
const MINNOW_INVOICES = Number(process.env.BENCH_MINNOW_INVOICES || 100);
const MINNOW_CLIENTS = 10;
const LOAD_CONNECTIONS = Number(process.env.BENCH_WHALE_CONNECTIONS || 4);
const KEEP = process.env.BENCH_WHALE_KEEP === 'on';
const DATABASE_URL = process.env.BENCH_WHALE_DATABASE_URL || 'mysql://root@127.0.0.1:3306/invoicing_bench_whale';
const LOADS = (process.env.BENCH_WHALE_LOAD || 'list,gstr1,pdf').split(',').map((s) => s.trim());
/** The whale's load runs this long before the small accounts are measured beside it (past its saved-up budgets). */
const WHALE_LEAD_MS = Number(process.env.BENCH_WHALE_LEAD_S || 15) * 1000;
const TARGET = 1.25;

/** Columns of `table` but those named in `leave`, for INSERT ... SELECT copies. */
async function columnsOf(db, table, leave) {
  const [rows] = await db.query(
    'SELECT column_name AS c FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position',
    [table],
  );
  return rows.map((r) => r.c).filter((c) => !leave.includes(c));
}

/** An API key as the admin CLI makes them, with the hash and the masked form the accounts table keeps. */
function apiKey() {
  const key = `ik_${crypto.randomBytes(32).toString('base64url')}`;
  return { key, hash: crypto.createHash('sha256').update(key, 'utf8').digest('hex'), masked: `ik_********${key.slice(-4)}` };
}

/** The small accounts: [{accountId, apiKey, client}], each with its clients and invoices. */
async function seedMinnows(ctx) {
  const started = Date.now();
  const accountColumns = await columnsOf(ctx.db, 'accounts', ['id', 'business_name', 'business_email', 'api_key_hash', 'api_key_masked']);
  const sectionColumns = await columnsOf(ctx.db, 'tds_sections', ['id', 'account_id']);
  const minnows = [];
  for (let i = 1; i <= MINNOWS; i++) {
    const key = apiKey();
    const [result] = await ctx.db.query(
      `INSERT INTO accounts (business_name, business_email, api_key_hash, api_key_masked, ${accountColumns.join(', ')}) ` +
        `SELECT ?, ?, ?, ?, ${accountColumns.join(', ')} FROM accounts WHERE id = ?`,
      [`Minnow Traders ${i}`, `owner-${i}@minnow.invoicing.local`, key.hash, key.masked, ctx.accountId],
    );
    const accountId = result.insertId;
    await ctx.db.query(
      `INSERT INTO tds_sections (account_id, ${sectionColumns.join(', ')}) SELECT ?, ${sectionColumns.join(', ')} FROM tds_sections WHERE account_id = ?`,
      [accountId, ctx.accountId],
    );
    await seedClients(ctx.db, accountId, MINNOW_CLIENTS);
    const [clients] = await ctx.db.query('SELECT id, state_code FROM clients WHERE account_id = ? ORDER BY id', [accountId]);
    await seedInvoices(ctx.db, accountId, clients, MINNOW_INVOICES, 1000 + i);
    minnows.push({ accountId, apiKey: key.key, client: clients[0] });
    if (i % 100 === 0) log(`${i} small accounts seeded`);
  }
  await ctx.db.query('ANALYZE TABLE accounts, clients, invoices, invoice_items, tds_sections');
  log(`${MINNOWS} small accounts of ${MINNOW_INVOICES} invoices seeded in ${Date.now() - started} ms`);
  return minnows;
}

/**
 * A request shape made by the small accounts in turn: each request takes the next one's key (and, for a create, a
 * 10-line invoice of its client). Every answer must be 2xx: a 429 here would mean the turn does not spread the load.
 */
function minnowOptions(base, minnows, shape) {
  let turn = 0;
  const request = () => {
    const m = minnows[turn++ % minnows.length];
    const headers = { authorization: `Bearer ${m.apiKey}` };
    if (shape === 'create')
      return { method: 'POST', path: '/v1/invoices', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(invoiceBody(m.client)) };
    return { method: 'GET', path: '/v1/invoices?limit=20', headers };
  };
  const first = request();
  return { url: base + first.path, method: first.method, headers: first.headers, body: first.body, requests: [{ setupRequest: () => request() }] };
}

/**
 * The whale's own users: LOAD_CONNECTIONS loops per shape (list, return, PDF), each sending its next request as soon as
 * the last is answered, and waiting out Retry-After on a 429 as the SDK does, until `stop()`.
 */
function whaleLoad(base, ctx) {
  const auth = { authorization: `Bearer ${ctx.apiKey}` };
  const shapes = [
    ['list', 'FY list', `/v1/invoices?fy_start_year=${ctx.fy}&limit=50`],
    ['gstr1', 'GSTR-1 month', `/v1/exports/gstr1?period=${ctx.gstr1Period}`],
    ['pdf', 'invoice PDF', `/v1/documents/invoice/${ctx.pdfInvoiceId}/pdf`],
  ].filter(([name]) => LOADS.includes(name));
  let stopping = false;
  const started = performance.now();
  const runs = shapes.map(([, label, p]) => {
    const stats = { label, ok: 0, limited: 0, other: 0, times: [] };
    const loop = async () => {
      while (!stopping) {
        const t0 = performance.now();
        const res = await fetch(base + p, { headers: auth }).catch(() => null);
        if (res) await res.arrayBuffer();
        if (res && res.status >= 200 && res.status < 300) {
          stats.ok += 1;
          stats.times.push(performance.now() - t0);
        } else if (res && res.status === 429) {
          stats.limited += 1;
          const wait = Number(res.headers.get('retry-after') || 1) * 1000;
          const until = performance.now() + wait;
          while (!stopping && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
        } else stats.other += 1;
      }
    };
    return { stats, done: Promise.all(Array.from({ length: LOAD_CONNECTIONS }, loop)) };
  });
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(runs.map((r) => r.done));
      const seconds = (performance.now() - started) / 1000;
      return runs.map(({ stats }) => {
        const sorted = stats.times.sort((a, b) => a - b);
        return { ...stats, rps: stats.ok / seconds, p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] };
      });
    },
  };
}

async function measureMinnows(label, options) {
  await checkOnce(label, options);
  if (WARMUP > 0) await autocannon({ ...options, connections: LOAD_CONNECTIONS, duration: WARMUP, timeout: 30 });
  const r = await autocannon({ ...options, connections: LOAD_CONNECTIONS, duration: DURATION, timeout: 30 });
  const bad = r.non2xx + r.errors + r.timeouts;
  log(`  ${label}: ${fmt.rps(r.requests.average)} req/s, p50 ${fmt.ms(r.latency.p50)} ms, p99 ${fmt.ms(r.latency.p99)} ms${bad ? `, ${bad} not 2xx` : ''}`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad };
}

async function main() {
  const ctx = await benchAccount(DATABASE_URL, 'bench');
  ctx.invoiceCount = WHALE_INVOICES;
  await ensureInvoices(ctx);
  const minnows = await seedMinnows(ctx);
  const api = await startApi(ctx, 'api-whale', 'fastify', { RATE_LIMIT: 'on' });
  ctx.apiBase = api.base;
  try {
    await waitForHealth(api.child, api.base);
    await setups.gstr1(ctx);
    const [[pdfRow]] = await ctx.db.query("SELECT id, fy_start_year FROM invoices WHERE account_id = ? AND status = 'issued' ORDER BY id DESC LIMIT 1", [
      ctx.accountId,
    ]);
    ctx.pdfInvoiceId = pdfRow.id;
    ctx.fy = pdfRow.fy_start_year;
    const shapes = [
      ['small accounts: GET /v1/invoices?limit=20', minnowOptions(api.base, minnows, 'list')],
      ['small accounts: POST /v1/invoices (10 lines)', minnowOptions(api.base, minnows, 'create')],
    ];
    log('small accounts alone');
    const alone = [];
    for (const [label, options] of shapes) alone.push(await measureMinnows(label, options));
    log(`small accounts beside the whale (${LOAD_CONNECTIONS} connections each on its FY list, GSTR-1 month and invoice PDF)`);
    const load = whaleLoad(api.base, ctx);
    await new Promise((resolve) => setTimeout(resolve, WHALE_LEAD_MS));
    const beside = [];
    for (const [label, options] of shapes) beside.push(await measureMinnows(label, options));
    const whale = await load.stop();

    const rows = shapes.map(([label], i) => [
      label,
      fmt.ms(alone[i].p50),
      fmt.ms(alone[i].p99),
      fmt.ms(beside[i].p50),
      fmt.ms(beside[i].p99),
      fmt.ratio(beside[i].p99, alone[i].p99),
      beside[i].p99 / alone[i].p99 <= TARGET ? 'met' : 'NOT MET',
    ]);
    const small = tables(['request', 'alone p50', 'alone p99', 'beside p50', 'beside p99', 'p99 ratio', `target ${TARGET}`], rows);
    const whaleRows = whale.map((w) => [w.label, w.rps.toFixed(1), String(w.ok), String(w.limited), String(w.other), fmt.ms(w.p99)]);
    const big = tables(['whale load', '2xx/s', '2xx', '429', 'other', 'p99 ms'], whaleRows);
    const heading =
      `Whale beside minnows: ${WHALE_INVOICES.toLocaleString('en-US')} invoices in one account, ${MINNOWS.toLocaleString('en-US')} accounts of ` +
      `${MINNOW_INVOICES} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; ${DURATION} s runs, ${LOAD_CONNECTIONS} connections)`;
    process.stdout.write(`\n${heading}\n\n${small.text}\n\n${big.text}\n`);
    const out = path.join(__dirname, 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'whale.md'), `# ${heading}\n\n${small.md}\n\n${big.md}\n`);
    return alone.concat(beside).some((r) => r.bad) ? 1 : 0;
  } finally {
    await processes.stopChildren();
    if (!KEEP) await ctx.db.query(`DROP DATABASE \`${new URL(ctx.databaseUrl).pathname.slice(1)}\``);
    await ctx.db.end();
  }
}

module.exports = { main };
