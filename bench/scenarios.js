'use strict';
/**
 * The benchmark scenarios. Each row is driven with autocannon against the API, then against its
 * baseline, in the same run. Add a row to add a scenario.
 *
 *   name      label in the table
 *   method    HTTP method (default GET)
 *   path      request path with query, or (ctx) => path
 *   body      JSON-serialisable body, or (ctx) => body (sent with Content-Type: application/json)
 *   nextBody  (ctx) => body, asked for every request (a request that consumes what it names needs a body of its own)
 *   headers   extra headers, or (ctx) => headers; the API key is added unless auth: false
 *   auth      false to send no Authorization header (default true)
 *   setup     async (ctx) => void, run once before the scenario (seed what it needs, keep ids in ctx)
 *   target    minimum API/baseline req/s ratio the issue asks for (shown in the table)
 *   p99Target maximum API p99 latency in ms the issue asks for (shown beside the ratio verdict)
 *   baseline  { server, method?, path?, body?, headers? }: the same request against a baseline server
 *             (a key of BASELINE_SERVERS; method/path/body/headers default to the scenario's own)
 *   connections  autocannon connections for this scenario (default BENCH_CONNECTIONS)
 *   after     async (ctx, { apiRuns, baseRuns }) => void, run once after the scenario
 *   adapters  true to drive the API on both HTTP adapters (rows `[fastify]` and `[express]`, same baseline)
 *   expressReference  with adapters: also drive the baseline's handlers on bare Express 5 (row
 *             `[bare Express 5, reference]`, no target): what Express alone reaches against the same baseline
 *
 * ctx: { apiKey, accountId, databaseUrl, db (mysql2 pool on the bench database), clientIds }
 */

const setups = require('./setups');
const sendouts = require('./sendout-bench');
const notifications = require('./notification-bench');
const receivables = require('./receivables-bench');

/**
 * The PDF pages of each API process (its PDF_CONCURRENCY) and the share of one account in it while another
 * account waits (its PDF_ACCOUNT_CONCURRENCY, 1 by default as the API's own; pdf-fairness.js measures it), both
 * given to the API by the runner, and the pages of the PDF baseline (BENCH_PDF_PAGES): by default every page of
 * the process, which an account alone gets (the share bites only when another account waits).
 */
const PDF_CONCURRENCY = Number(process.env.BENCH_PDF_CONCURRENCY || 2);
const PDF_ACCOUNT_CONCURRENCY = Number(process.env.BENCH_PDF_ACCOUNT_CONCURRENCY || 1);
const PDF_PAGES = Math.max(1, Number(process.env.BENCH_PDF_PAGES || PDF_CONCURRENCY));

/** Baseline servers: each is a script started as a child process with PORT and DATABASE_URL set. */
const BASELINE_SERVERS = {
  'node-http': { script: 'baseline/http-mysql.js', describe: 'bare Node http + mysql2' },
  // Not a baseline of its own: the reference row of `adapters` scenarios (see expressReference).
  express: { script: 'baseline/express-mysql.js', describe: 'the same handlers on bare Express 5' },
  'pdf-page': {
    script: 'baseline/pdf-page.js',
    describe: `bare Puppeteer page.setContent + page.pdf on the same HTML, ${PDF_PAGES} reused page(s), as many as the API gives one account`,
  },
};

const SCENARIOS = [
  {
    name: 'GET /v1/me',
    adapters: true,
    expressReference: true,
    method: 'GET',
    path: '/v1/me',
    target: 0.8,
    baseline: { server: 'node-http' },
  },
  {
    name: 'GET /v1/clients?limit=50',
    method: 'GET',
    path: '/v1/clients?limit=50',
    target: 0.8,
    baseline: { server: 'node-http' },
  },
  // Issue 3: an account with 100,000 invoices over six financial years (seed-invoices.js).
  {
    name: 'GET /v1/invoices?fy_start_year=2025&limit=50',
    adapters: true,
    path: '/v1/invoices?fy_start_year=2025&limit=50',
    setup: setups.invoices,
    target: 0.8,
    p99Target: 100,
    baseline: { server: 'node-http' },
  },
  {
    name: 'GET /v1/invoices?limit=50 (all years, first page)',
    path: '/v1/invoices?limit=50',
    setup: setups.invoices,
  },
  {
    name: 'GET /v1/invoices?limit=50&offset=90000 (deep page)',
    path: '/v1/invoices?limit=50&offset=90000',
    setup: setups.invoices,
  },
  // Issue 37: the cursor page at offset 90,000's position against the first page (extras.js: within 1.1x), each
  // beside the bare server doing the same keyset read and count.
  {
    name: 'GET /v1/invoices?limit=50 (cursor first page)',
    path: '/v1/invoices?limit=50',
    setup: setups.invoices,
    baseline: { server: 'node-http' },
  },
  {
    name: 'GET /v1/invoices?limit=50&starting_after=<row 90,000> (cursor page)',
    path: (ctx) => `/v1/invoices?limit=50&starting_after=${ctx.cursorAt90000}`,
    setup: setups.cursorAt90000,
    baseline: { server: 'node-http' },
  },
  {
    name: 'POST /v1/invoices (10 lines)',
    adapters: true,
    expressReference: true,
    method: 'POST',
    path: '/v1/invoices',
    body: (ctx) => ctx.invoiceBody,
    setup: setups.createInvoice,
    target: 0.8,
    baseline: { server: 'node-http' },
  },
  // Issue 5: one 10-line invoice as a PDF, the renderer's pool warm; as many connections as pages, twice.
  {
    name: 'GET /v1/documents/invoice/{id}/pdf (10 lines, 4 connections)',
    path: (ctx) => `/v1/documents/invoice/${ctx.pdfInvoiceId}/pdf`,
    connections: 4,
    setup: setups.pdf,
    after: setups.pdfAfter,
    target: 0.7,
    baseline: { server: 'pdf-page' },
  },
  // Issue 7: mobile sign-in at the production bcrypt cost, and a call with its access token.
  {
    name: 'POST /v1/auth/login (bcrypt cost 12, 4 connections)',
    method: 'POST',
    path: '/v1/auth/login',
    auth: false,
    body: (ctx) => ({ username: ctx.username, password: ctx.password }),
    setup: setups.login,
    connections: 4,
    baseline: { server: 'node-http' },
  },
  {
    name: 'GET /v1/auth/me (access token)',
    path: '/v1/auth/me',
    auth: false,
    headers: (ctx) => ({ authorization: `Bearer ${ctx.accessToken}` }),
    setup: setups.accessToken,
    target: 0.8,
    baseline: { server: 'node-http' },
  },
  // Issue 13: the full analytics of a financial year of the 100,000-invoice account (nine aggregate statements).
  // The API answers from its answer cache after the first request (nothing writes meanwhile); the baseline runs
  // the statements every time. ANALYTICS_CACHE=off npm run bench gives the API's uncached figure.
  {
    name: 'GET /v1/analytics/full?fy_start_year=2025',
    path: '/v1/analytics/full?fy_start_year=2025',
    setup: setups.invoices,
    connections: 20,
    target: 0.8,
    p99Target: 300,
    baseline: { server: 'node-http' },
  },
  // Issue 15: GSTR-1 of the last full month of the 100,000-invoice account (about 1,500 invoices); under 2 s.
  {
    name: 'GET /v1/exports/gstr1?period=<last month> (gstr1, ~1,500 invoices, 2 connections)',
    path: (ctx) => `/v1/exports/gstr1?period=${ctx.gstr1Period}`,
    setup: setups.gstr1,
    connections: 2,
    p99Target: 2000,
  },
  // Issue 11: the notification feed of a user with 20,000 notifications.
  notifications.SCENARIO,
  // Issue 6: queueing an email (no baseline: nothing comparable); the worker's drain rate is an extra.
  sendouts.SCENARIO,
  // Issue 42: receivables ageing, a 5,000-entry client statement and a payment with 5 allocations.
  ...receivables.SCENARIOS,
];

module.exports = { SCENARIOS, BASELINE_SERVERS, PDF_CONCURRENCY, PDF_ACCOUNT_CONCURRENCY, PDF_PAGES };
