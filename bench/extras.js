'use strict';
/**
 * Figures that are not one autocannon row: run by run.js after the scenarios, printed as a second table
 * ("figure | value | target | verdict") and written below the main table in bench/results/latest.md.
 * Each entry: { name, run: async (ctx, results) => [{ figure, value, target?, ok? }] }. BENCH_ONLY picks
 * those whose name contains it (as for scenarios); each one seeds or warms up what it needs itself.
 */
const { execFile } = require('node:child_process');
const path = require('node:path');
const JSZip = require('jszip');
const setups = require('./setups');
const { chromiumBelow, orphanedRendererChromium, memoryOf, sampleMemory, mb } = require('./probes');
const sendouts = require('./sendout-bench');
const storefront = require('./storefront-bench');
const webhooks = require('./webhook-bench');
const daily = require('./recurring-bench');
const { PDF_FAIRNESS } = require('./pdf-fairness');
const { GSTR1_MONTH } = require('./gstr1-month-bench');

const find = (results, prefix) => results.find((r) => r.scenario.name.startsWith(prefix));
const verdict = (ok) => (ok === undefined ? '-' : ok ? 'ok' : 'MISSED');
const ms = (n) => (n === undefined ? '-' : n < 1 ? '<1 ms' : `${Math.round(n)} ms`);

const LIST = 'GET /v1/invoices?fy_start_year=2025&limit=50';
const FIRST = 'GET /v1/invoices?limit=50 (';
const DEEP = 'GET /v1/invoices?limit=50&offset=90000';
const CURSOR_FIRST = 'GET /v1/invoices?limit=50 (cursor first page)';
const CURSOR_DEEP = 'GET /v1/invoices?limit=50&starting_after=';
const BULK_RUNS = Math.max(1, Number(process.env.BENCH_BULK_RUNS || 2));
const RENDERS = Number(process.env.BENCH_PDF_RENDERS || 1000);

const SEQUENTIAL = 100;
const PDF_CONCURRENCY = Number(process.env.BENCH_PDF_CONCURRENCY || 2);

/** Runs a baseline script (bench/baseline/) to its end and answers the JSON of its last line. */
function runScript(script, env) {
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

/** p50/p99 (ms, fractional) of `count` GETs sent one after another with the API key, after 10 unmeasured. */
async function sequentialLatency(ctx, path, count) {
  const times = [];
  for (let i = -10; i < count; i++) {
    const started = performance.now();
    const res = await fetch(ctx.apiBase + path, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    if (i >= 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count * 0.5)], p99: times[Math.min(count - 1, Math.floor(count * 0.99))] };
}

const EXTRAS = [
  PDF_FAIRNESS,
  GSTR1_MONTH,
  {
    name: 'GET /v1/invoices: list p99 and deep page',
    async run(ctx, results) {
      const rows = [];
      const list = find(results, LIST);
      if (list) rows.push({ figure: `${LIST}: p99`, value: ms(list.api.p99), target: '< 100 ms', ok: list.api.p99 < 100 });
      const first = find(results, FIRST);
      const deep = find(results, DEEP);
      // The all-years list and the deep page against the FY list, in req/s under the same load (at most 1.5x slower).
      for (const [label, other] of [
        ['all years, first page', first],
        ['deep page (offset=90000)', deep],
      ]) {
        if (!list || !other) continue;
        const slower = list.api.rps / other.api.rps;
        rows.push({
          figure: `FY list req/s / ${label} req/s`,
          value: `${slower.toFixed(2)}x (${Math.round(list.api.rps)} / ${Math.round(other.api.rps)} req/s)`,
          target: '<= 1.5x',
          ok: slower <= 1.5,
        });
      }
      if (first && deep) {
        const ratio = deep.api.mean / first.api.mean;
        rows.push({
          figure: `deep page (offset=90000) / first page, mean latency under load (${first.scenario.connections || process.env.BENCH_CONNECTIONS || 20} connections)`,
          value: `${ratio.toFixed(2)}x (${deep.api.mean.toFixed(1)} / ${first.api.mean.toFixed(1)} ms; p50 ${ms(deep.api.p50)} / ${ms(first.api.p50)}; req/s ${Math.round(deep.api.rps)} / ${Math.round(first.api.rps)})`,
          target: '<= 3x',
          ok: ratio <= 3,
        });
      }
      // The same pages for one client alone (no queueing): what a person paging deep waits.
      await setups.invoices(ctx);
      const one = {};
      for (const [key, path] of [
        ['list', '/v1/invoices?fy_start_year=2025&limit=50'],
        ['first', '/v1/invoices?limit=50'],
        ['deep', '/v1/invoices?limit=50&offset=90000'],
      ]) {
        one[key] = await sequentialLatency(ctx, path, SEQUENTIAL);
      }
      const ratio1 = one.deep.p50 / one.first.p50;
      rows.push({
        figure: `deep page / first page, one client (${SEQUENTIAL} requests in a row each), p50 latency`,
        value: `${ratio1.toFixed(2)}x (${one.deep.p50.toFixed(1)} / ${one.first.p50.toFixed(1)} ms; p99 ${one.deep.p99.toFixed(1)} / ${one.first.p99.toFixed(1)} ms)`,
        target: '<= 3x',
        ok: ratio1 <= 3,
      });
      rows.push({
        figure: `${LIST}, one client: p50 / p99`,
        value: `${one.list.p50.toFixed(1)} / ${one.list.p99.toFixed(1)} ms`,
        target: '< 100 ms',
        ok: one.list.p99 < 100,
      });
      return rows;
    },
  },
  {
    // Issue 37: a cursor page as deep as offset 90,000 costs what the first page does (keyset from the cursor row).
    name: 'GET /v1/invoices: cursor page at 90,000 vs first page',
    async run(ctx, results) {
      const rows = [];
      const first = find(results, CURSOR_FIRST);
      const deep = find(results, CURSOR_DEEP);
      if (first && deep) {
        const ratio = deep.api.mean / first.api.mean;
        rows.push({
          figure: 'cursor page at 90,000 / first page, mean latency under load',
          value: `${ratio.toFixed(2)}x (${deep.api.mean.toFixed(1)} / ${first.api.mean.toFixed(1)} ms; req/s ${Math.round(deep.api.rps)} / ${Math.round(first.api.rps)}; bare ${Math.round(deep.base.rps)} / ${Math.round(first.base.rps)} req/s)`,
          target: '<= 1.1x',
          ok: ratio <= 1.1,
        });
      }
      await setups.cursorAt90000(ctx);
      const firstOne = await sequentialLatency(ctx, '/v1/invoices?limit=50', SEQUENTIAL);
      const deepOne = await sequentialLatency(ctx, `/v1/invoices?limit=50&starting_after=${ctx.cursorAt90000}`, SEQUENTIAL);
      const ratio1 = deepOne.p50 / firstOne.p50;
      rows.push({
        figure: `cursor page at 90,000 / first page, one client (${SEQUENTIAL} requests in a row each), p50 latency`,
        value: `${ratio1.toFixed(2)}x (${deepOne.p50.toFixed(1)} / ${firstOne.p50.toFixed(1)} ms; p99 ${deepOne.p99.toFixed(1)} / ${firstOne.p99.toFixed(1)} ms)`,
        target: '<= 1.1x',
        ok: ratio1 <= 1.1,
      });
      return rows;
    },
  },
  {
    name: 'POST /v1/invoices/bulk-pdf (200 invoices)',
    async run(ctx) {
      await setups.pdfWarm(ctx);
      const [picked] = await ctx.db.query(
        `SELECT i.id, (SELECT COUNT(*) FROM invoice_items l WHERE l.invoice_id = i.id) AS line_count
           FROM invoices i WHERE i.account_id = ? AND i.fy_start_year = 2025 ORDER BY i.invoice_date DESC, i.id DESC LIMIT 200`,
        [ctx.accountId],
      );
      const ids = picked.map((r) => r.id);
      const lines = picked.reduce((n, r) => n + Number(r.line_count), 0);
      const rows = [];
      const before = memoryOf(ctx.apiPid);
      const ratios = [];
      for (let run = 1; run <= BULK_RUNS; run++) {
        const sampler = sampleMemory(ctx.apiPid, 100);
        const started = process.hrtime.bigint();
        const res = await fetch(`${ctx.apiBase}/v1/invoices/bulk-pdf`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ids }),
        });
        const zipBytes = Buffer.from(await res.arrayBuffer());
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const peak = sampler.stop();
        if (res.status !== 200) throw new Error(`bulk-pdf answered ${res.status}: ${zipBytes.subarray(0, 300).toString('utf8')}`);
        const zip = await JSZip.loadAsync(zipBytes);
        const entries = Object.values(zip.files).filter((f) => !f.dir);
        let pdfs = 0;
        for (const entry of entries) if ((await entry.async('nodebuffer')).subarray(0, 5).toString('latin1') === '%PDF-') pdfs++;
        ctx.pdfRenders = (ctx.pdfRenders || 0) + ids.length;
        // The same 200 invoices by a bare Puppeteer loop on as many pages, right after (the API idle meanwhile).
        const base = await runScript('bulk-pdf.js', {
          DATABASE_URL: ctx.databaseUrl,
          ACCOUNT_ID: String(ctx.accountId),
          IDS: ids.join(','),
          PDF_CONCURRENCY: String(PDF_CONCURRENCY),
        });
        const ratio = seconds / base.seconds;
        ratios.push(ratio);
        rows.push({
          figure: `bulk-pdf of ${ids.length} invoices (${lines} lines), run ${run}/${BULK_RUNS}: time end to end`,
          value: `${seconds.toFixed(1)} s (${(ids.length / seconds).toFixed(1)} PDFs/s; ZIP ${mb(zipBytes.length)}, ${pdfs}/${entries.length} entries valid PDFs)`,
          target: '< 20 s',
          ok: seconds < 20 && pdfs === ids.length && entries.length === ids.length,
        });
        rows.push({
          figure: `bulk-pdf run ${run}/${BULK_RUNS}: against a bare Puppeteer loop printing the same invoices on ${PDF_CONCURRENCY} pages into a ZIP`,
          value: `${ratio.toFixed(2)}x (${seconds.toFixed(1)} / ${base.seconds.toFixed(1)} s; baseline ZIP ${mb(base.bytes)})`,
          target: '<= 1.3x',
          ok: ratio <= 1.3,
        });
        rows.push({
          figure: `bulk-pdf run ${run}/${BULK_RUNS}: API process peak RSS (sampled every 100 ms)`,
          value: `${mb(peak.rss)} (RSS before the first run ${mb(before && before.rss)}; Chromium processes together peaked at ${mb(peak.tree)})`,
          target: 'flat',
        });
      }
      if (ratios.length > 1) {
        const median = [...ratios].sort((a, b) => a - b)[Math.floor((ratios.length - 1) / 2)];
        rows.push({
          figure: `bulk-pdf against its bare baseline, median of ${ratios.length} runs`,
          value: `${median.toFixed(2)}x`,
          target: '<= 1.3x',
          ok: median <= 1.3,
        });
      }
      const after = memoryOf(ctx.apiPid);
      rows.push({ figure: 'API process VmHWM (peak RSS since start) after bulk-pdf', value: mb(after && after.hwm), target: '-' });
      return rows;
    },
  },
  {
    name: 'GET /v1/documents/invoice/{id}/pdf: Chromium processes after 10 and 1,000 renders',
    async run(ctx) {
      await setups.pdfWarm(ctx);
      const rows = [];
      if (ctx.pdfSameDocument) {
        const s = ctx.pdfSameDocument;
        rows.push({
          figure: 'PDF baseline prints the same document as the API',
          value: `${s.same ? 'yes: same extracted text' : 'NO: the extracted text differs'} (${s.chars} characters, ${s.pages} page(s) from the API); ${s.apiBytes} vs ${s.baseBytes} bytes`,
          target: 'same',
          ok: s.same,
        });
      }
      // Top up to RENDERS renders through the API (the scenario and bulk-pdf counted theirs), 4 at a time.
      const missing = Math.max(0, RENDERS - ctx.pdfRenders);
      if (missing) setups.log(`pdf: ${missing} more renders to reach ${RENDERS}`);
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < missing) {
            next++;
            await setups.fetchPdf(ctx, ctx.apiBase, ctx.pdfInvoiceId);
            ctx.pdfRenders++;
          }
        }),
      );
      // A browser retired by recycling closes once its last render is done: let it go.
      let after = chromiumBelow(ctx.apiPid);
      for (let i = 0; i < 20 && after.total !== ctx.chromiumAfter10.total; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = chromiumBelow(ctx.apiPid);
      }
      const show = (c) =>
        `${c.total} (${Object.entries(c.byType)
          .map(([t, n]) => `${t} ${n}`)
          .join(', ')}${c.zombies ? `; ${c.zombies} zombie` : ''})`;
      rows.push({ figure: 'Chromium processes under the API process after 10 renders', value: show(ctx.chromiumAfter10), target: '-' });
      rows.push({
        figure: `... after ${ctx.pdfRenders.toLocaleString('en-US')} renders`,
        value: show(after),
        target: 'equal',
        ok: after.total === ctx.chromiumAfter10.total && after.zombies === 0,
      });
      rows.push({
        figure: 'leaked renderer Chromium processes adopted by init (profile removed)',
        value: String(orphanedRendererChromium()),
        target: '0',
        ok: orphanedRendererChromium() === 0,
      });
      return rows;
    },
  },
  sendouts.EXTRA,
  storefront.EXTRA,
  webhooks.EXTRA,
  daily.EXTRA,
];

module.exports = { EXTRAS, verdict };
