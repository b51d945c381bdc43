'use strict';
/**
 * Extra figure: one account cannot starve the others' PDFs. Account A (the bench account) renders its
 * maximal invoice (500 lines, MAX_DOCUMENT_LINES) two at a time, without pause, while account B (made
 * here through the CLI) fetches its 10-line invoice PDF one request after another; B's median time is
 * compared with its median when A is idle. A reference row gives the same with A rendering one at a time (within
 * its share of one page, so B always finds a page free): what remains there is the CPU the two share.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { LINE_ITEMS, invoiceLine, invoiceBody } = require('./fixtures');

const ROOT = path.resolve(__dirname, '..');
const SAMPLES = Number(process.env.BENCH_FAIRNESS_SAMPLES || 15);
const MAX_LINES = 500;

async function call(ctx, apiKey, method, urlPath, body) {
  const res = await fetch(ctx.apiBase + urlPath, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${urlPath} answered ${res.status}: ${bytes.subarray(0, 300).toString('utf8')}`);
  return /json/.test(res.headers.get('content-type') || '') ? JSON.parse(bytes.toString('utf8')).data : bytes;
}

function otherAccount(ctx) {
  const out = execFileSync(
    process.execPath,
    ['scripts/run.js', 'cli', 'account:create', '--name', 'Second Tenant LLP', '--email', `tenant-b-${Date.now()}@bench.invoicing.local`, '--plan', 'pro'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: ctx.databaseUrl }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

/** Median ms of `count` PDF fetches in a row (after 3 unmeasured). */
async function medianPdfTime(ctx, apiKey, id, count) {
  const times = [];
  for (let i = -3; i < count; i++) {
    const started = performance.now();
    await call(ctx, apiKey, 'GET', `/v1/documents/invoice/${id}/pdf`);
    if (i >= 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function run(ctx) {
  const [[clientA]] = await ctx.db.query('SELECT id, state_code FROM clients WHERE account_id = ? ORDER BY id LIMIT 1', [ctx.accountId]);
  const maximal = { ...invoiceBody(clientA), items: Array.from({ length: MAX_LINES }, (_, i) => invoiceLine(LINE_ITEMS[i % LINE_ITEMS.length], false)) };
  const bigId = (await call(ctx, ctx.apiKey, 'POST', '/v1/invoices', maximal)).invoice_id;
  const b = otherAccount(ctx);
  const clientB = await call(ctx, b.api_key, 'POST', '/v1/clients', { name: 'Tenant B Client', phone: '9811122233', email: 'client@tenant-b.example' });
  const smallId = (await call(ctx, b.api_key, 'POST', '/v1/invoices', invoiceBody({ id: clientB.client.client_id, state_code: null }))).invoice_id;

  const alone = await medianPdfTime(ctx, b.api_key, smallId, SAMPLES);
  const bigStarted = performance.now();
  await call(ctx, ctx.apiKey, 'GET', `/v1/documents/invoice/${bigId}/pdf`);
  const bigMs = performance.now() - bigStarted;

  /** B's median while A renders its maximal invoice `loops` at a time without pause. */
  const busyWith = async (loops) => {
    let stop = false;
    const counts = { renders: 0, refused: 0 };
    const renderLoop = async () => {
      while (!stop) {
        // A 503 (render timeout or queue wait) on a slow machine is counted, not fatal: A keeps asking.
        await call(ctx, ctx.apiKey, 'GET', `/v1/documents/invoice/${bigId}/pdf`).then(
          () => counts.renders++,
          () => counts.refused++,
        );
      }
    };
    const running = Array.from({ length: loops }, renderLoop);
    await new Promise((r) => setTimeout(r, 200)); // A's renders are in the renderer
    const median = await medianPdfTime(ctx, b.api_key, smallId, SAMPLES);
    stop = true;
    await Promise.all(running);
    return { median, ...counts };
  };
  // One at a time A stays within its share (PDF_ACCOUNT_CONCURRENCY=1): B finds the other page free and the
  // figure is what sharing the CPU costs. Two at a time A holds a page beyond its share, which B takes back.
  const within = await busyWith(1);
  const beyond = await busyWith(2);
  const ratio = beyond.median / alone;
  const floor = within.median / alone;
  return [
    { figure: `PDF of a ${MAX_LINES}-line invoice (account A), one render alone`, value: `${Math.round(bigMs)} ms`, target: '-' },
    {
      figure: `account B's 10-line invoice PDF while A renders its ${MAX_LINES}-line invoice one at a time, within its share (median of ${SAMPLES}), against B alone`,
      value: `${floor.toFixed(2)}x (${Math.round(within.median)} / ${Math.round(alone)} ms; A finished ${within.renders} renders meanwhile, ${within.refused} answered 503)`,
      target: '-',
    },
    {
      figure: `account B's 10-line invoice PDF while A renders its ${MAX_LINES}-line invoice two at a time (median of ${SAMPLES}), against B alone`,
      value: `${ratio.toFixed(2)}x (${Math.round(beyond.median)} / ${Math.round(alone)} ms; ${(beyond.median / within.median).toFixed(2)}x the figure within A's share; A finished ${beyond.renders} renders meanwhile, ${beyond.refused} answered 503)`,
      target: '<= 2x',
      ok: ratio <= 2,
    },
  ];
}

module.exports = { PDF_FAIRNESS: { name: 'GET /v1/documents/invoice/{id}/pdf: one account cannot starve another', run } };
