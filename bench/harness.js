'use strict';
/**
 * What the request runners share (run.js and scale.js): the bench account (admin CLI) and its clients, the API
 * child process and its environment, and autocannon driving one request shape (check once, warm up, measure).
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS (default 20),
 * BENCH_CLIENTS (default 10000), BENCH_API_NODE_ARGS (extra node flags for the API processes).
 */
const autocannon = require('autocannon');
const mysql = require('mysql2/promise');
const { PDF_CONCURRENCY, PDF_ACCOUNT_CONCURRENCY } = require('./scenarios');
const { seedClients } = require('./seed');
const processes = require('./processes');
const { log } = processes;

const DURATION = Number(process.env.BENCH_DURATION || 10);
const WARMUP = Number(process.env.BENCH_WARMUP || 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 10000);
/** The owner user of the bench account (mobile sign-in scenarios); bcrypt at the production cost. */
const USERNAME = 'bench.owner';
const PASSWORD = 'Bench#Passw0rd-2025';
const BCRYPT_COST = '12';

/** The API processes get the start commands' Node flags, then BENCH_API_NODE_ARGS (e.g. to profile them). */
function startChild(label, args, env, more = []) {
  const extra = process.env.BENCH_API_NODE_ARGS ? process.env.BENCH_API_NODE_ARGS.split(/\s+/).filter(Boolean) : [];
  const nodeArgs = label.startsWith('api') ? [...processes.API_NODE_ARGS, ...extra, ...more] : more;
  return processes.startChild(label, args, env, nodeArgs);
}

/**
 * A fresh migrated database (its name must contain `mustContain`), the bench account made by the admin CLI and
 * its CLIENTS clients: the runners' ctx ({apiKey, accountId, databaseUrl, db, clientIds, userId, username, password}).
 */
async function benchAccount(databaseUrl, mustContain) {
  await processes.prepareDatabase(databaseUrl, mustContain);
  const account = processes.createAccount(databaseUrl, {
    name: 'Bench Traders Pvt Ltd',
    email: 'owner@bench.invoicing.local',
    username: USERNAME,
    password: PASSWORD,
    bcryptCost: BCRYPT_COST,
  });
  const db = mysql.createPool({ uri: databaseUrl, connectionLimit: 4, dateStrings: true, timezone: 'Z' });
  const started = Date.now();
  await seedClients(db, account.account_id, CLIENTS);
  await db.query('ANALYZE TABLE clients, accounts');
  const [ids] = await db.query('SELECT id FROM clients WHERE account_id = ? ORDER BY id', [account.account_id]);
  log(`account ${account.account_id} with ${CLIENTS} clients seeded in ${Date.now() - started} ms`);
  return {
    apiKey: account.api_key,
    accountId: account.account_id,
    databaseUrl,
    db,
    clientIds: ids.map((r) => r.id),
    userId: account.user_id,
    username: USERNAME,
    password: PASSWORD,
  };
}

/** The environment of an API process on `port` (`adapter`: fastify or express); `extra` is added last. */
function apiEnv(ctx, port, adapter, extra = {}) {
  return {
    PORT: String(port),
    HTTP_ADAPTER: adapter,
    DATABASE_URL: ctx.databaseUrl,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // Every login adds a session: room for them (1000 is the most the config takes; the login scenario
    // starts by revoking older ones). Production bcrypt cost; PDF pages per process.
    PRO_SESSIONS: '1000',
    BCRYPT_COST,
    PDF_CONCURRENCY: String(PDF_CONCURRENCY),
    PDF_ACCOUNT_CONCURRENCY: String(PDF_ACCOUNT_CONCURRENCY),
    // The webhook extra registers an endpoint on a local receiver (plain http on loopback).
    WEBHOOKS_ALLOW_INSECURE: 'on',
    ...extra,
  };
}

/** Starts the built API (scripts/run.js api) on a free port: {child, base}; waitForHealth(child, base) before use. */
async function startApi(ctx, label, adapter, extra, nodeArgs = []) {
  const port = await processes.freePort();
  return { child: startChild(label, ['scripts/run.js', 'api'], apiEnv(ctx, port, adapter, extra), nodeArgs), base: `http://127.0.0.1:${port}` };
}

const resolve = (value, ctx) => (typeof value === 'function' ? value(ctx) : value);

/** The autocannon options of one request shape against one server. */
function requestOptions(base, spec, ctx, auth) {
  const headers = { ...(resolve(spec.headers, ctx) || {}) };
  if (auth) headers.authorization = `Bearer ${ctx.apiKey}`;
  const body = spec.nextBody ? spec.nextBody(ctx) : resolve(spec.body, ctx);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    url: base + resolve(spec.path, ctx),
    method: spec.method || 'GET',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    // A body of its own for every request (autocannon calls setupRequest before each one).
    ...(spec.nextBody ? { requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(spec.nextBody(ctx)) }) }] } : {}),
  };
}

/** One request first: a wrong status here would make the numbers meaningless. */
async function checkOnce(label, options) {
  const res = await fetch(options.url, { method: options.method, headers: options.headers, body: options.body });
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${label}: ${options.method} ${options.url} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  }
  await res.arrayBuffer();
}

/** The paths of a JSON answer's fields (`data.invoices[].total_amount`): objects by key, arrays by their first element. */
function shapeOf(value, prefix = '', into = new Set()) {
  if (Array.isArray(value)) return value.length ? shapeOf(value[0], `${prefix}[]`, into) : into;
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      into.add(path);
      shapeOf(v, path, into);
    }
  }
  return into;
}

/**
 * How the baseline's answer differs in shape from the API's (a baseline that leaves fields out does less work, and its
 * ratio says nothing): the fields only one of them answers, or null when both answer the same fields. The API's answer
 * is its `data`.
 */
async function shapeDifference(apiOptions, baseOptions) {
  const json = async (options) => {
    const res = await fetch(options.url, { method: options.method, headers: options.headers, body: options.body });
    const text = await res.text();
    return res.ok && (res.headers.get('content-type') || '').includes('json') ? { body: JSON.parse(text), bytes: Buffer.byteLength(text) } : null;
  };
  const answers = await Promise.all([json(apiOptions), json(baseOptions)]);
  if (!answers[0] || !answers[1]) return null;
  const [api, base] = answers.map((a) => a.body);
  const [apiBytes, baseBytes] = answers.map((a) => a.bytes);
  log(`  answer bytes: API ${apiBytes}, baseline ${baseBytes}`);
  const a = shapeOf(api.data === undefined ? api : api.data);
  const b = shapeOf(base.data === undefined ? base : base.data);
  const apiOnly = [...a].filter((p) => !b.has(p));
  const baseOnly = [...b].filter((p) => !a.has(p));
  return apiOnly.length || baseOnly.length ? { apiOnly, baseOnly } : null;
}

function drive(options, seconds, connections = CONNECTIONS) {
  return autocannon({ ...options, connections, duration: seconds, timeout: 30 });
}

const fmt = {
  rps: (n) => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US')),
  ms: (n) => (n === undefined ? '-' : n < 1 ? '<1' : String(Math.round(n))), // autocannon records whole ms
  ratio: (a, b) => (a && b ? (a / b).toFixed(2) : '-'),
};

/** `ok`: 2xx answers in all (the check, the warm-up and the run), for scenarios that count what they made. */
async function measure(label, options, connections) {
  await checkOnce(label, options);
  const warm = WARMUP > 0 ? await drive(options, WARMUP, connections) : null;
  const r = await drive(options, DURATION, connections);
  log(`  ${fmt.rps(r.requests.average)} req/s, p50 ${fmt.ms(r.latency.p50)} ms, p99 ${fmt.ms(r.latency.p99)} ms`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    bad: r.non2xx + r.errors + r.timeouts,
    ok: 1 + r['2xx'] + (warm ? warm['2xx'] : 0),
  };
}

/** A table as aligned text and as markdown (`header`: the column titles; the first column is left-aligned). */
function tables(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const mdLine = (r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return {
    text: [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'),
    md: [mdLine(header), mdLine(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(mdLine)].join('\n'),
  };
}

module.exports = {
  shapeOf,
  shapeDifference,
  DURATION,
  WARMUP,
  CONNECTIONS,
  CLIENTS,
  BCRYPT_COST,
  startChild,
  benchAccount,
  apiEnv,
  startApi,
  requestOptions,
  checkOnce,
  measure,
  fmt,
  tables,
};
