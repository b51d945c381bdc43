#!/usr/bin/env node
'use strict';
/**
 * Benchmark runner (npm run bench, after scripts/bench.sh has checked services and built dist/).
 * Fresh database invoicing_bench, one account made by the admin CLI with 10,000 clients, the built API
 * and the baseline servers as child processes, then autocannon on every scenario of scenarios.js
 * against both. Prints one table and writes it to bench/results/latest.md.
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS
 * (default 20), BENCH_CLIENTS (default 10000), BENCH_ONLY (run scenarios whose name contains it; `a|b`: either),
 * BENCH_ROUNDS (default 1: API and baseline alternate this many times; the median run is shown, and the ratio is
 * the median of the rounds' own ratios: see pairedRatio),
 * BENCH_API_NODE_ARGS (extra node flags for the API processes, e.g. `--cpu-prof --cpu-prof-dir=prof` to profile them),
 * BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306/invoicing_bench), BENCH_INVOICES (default
 * 100000), BENCH_PDF_CONCURRENCY (the API's PDF_CONCURRENCY, default 2), BENCH_PDF_ACCOUNT_CONCURRENCY
 * (the API's PDF_ACCOUNT_CONCURRENCY, default 1), BENCH_PDF_PAGES (pages of the PDF baseline, default as many
 * as the API gives one account: see scenarios.js), BENCH_BULK_RUNS (default 2), BENCH_PDF_RENDERS (default 1000).
 * A scenario may set its own `connections` and an `after` hook; the figures of extras.js (bulk PDF,
 * Chromium processes, deep-page ratio...) follow the table. Scenarios with `adapters: true` are also
 * driven against a second API process on the Express edge (HTTP_ADAPTER=express), beside the same
 * baseline, and get a second row.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SCENARIOS, BASELINE_SERVERS, PDF_CONCURRENCY, PDF_ACCOUNT_CONCURRENCY, PDF_PAGES } = require('./scenarios');
const { EXTRAS, verdict } = require('./extras');
const processes = require('./processes');
const {
  DURATION,
  WARMUP,
  CONNECTIONS,
  CLIENTS,
  BCRYPT_COST,
  startChild,
  benchAccount,
  startApi,
  requestOptions,
  measure,
  fmt,
  tables,
  shapeDifference,
} = require('./harness');
const { log, freePort, waitForHealth } = processes;

const ONLY = process.env.BENCH_ONLY || '';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/invoicing_bench';

/** The run with the median req/s (latencies stay those of that run); non-2xx counts are summed. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], bad: runs.reduce((n, r) => n + r.bad, 0) };
}

/**
 * The ratio of a scenario: the median, over the rounds, of each round's API req/s over the same round's baseline
 * req/s. The two runs of a round are seconds apart, while the machine's speed drifts over minutes (in one run the
 * baseline made 522, 545 and 417 req/s in its three rounds); the ratio of the two medians would set an API run of
 * one minute against a baseline run of another. With one round it is the plain ratio.
 */
function pairedRatio(apiRuns, baseRuns) {
  const rounds = apiRuns.map((run, i) => run.rps / baseRuns[i].rps);
  const sorted = [...rounds].sort((a, b) => a - b);
  return { ratio: sorted[Math.floor((sorted.length - 1) / 2)], rounds };
}

function tableRows(results) {
  return results.map(({ scenario, api, base, paired }) => {
    const ratio = paired ? paired.ratio : api && base ? api.rps / base.rps : undefined;
    let verdict = scenario.target && ratio !== undefined ? (ratio >= scenario.target ? `>= ${scenario.target} ok` : `< ${scenario.target} BELOW`) : '-';
    if (scenario.shapeDiffers) verdict += '; baseline answers other fields';
    if (scenario.p99Target && api) verdict += api.p99 < scenario.p99Target ? `; p99 < ${scenario.p99Target} ms ok` : `; p99 >= ${scenario.p99Target} ms ABOVE`;
    const bad = (api ? api.bad : 0) + (base ? base.bad : 0);
    return [
      scenario.name,
      fmt.rps(api && api.rps),
      fmt.rps(base && base.rps),
      ratio === undefined ? '-' : ratio.toFixed(2),
      paired && paired.rounds.length > 1 ? paired.rounds.map((r) => r.toFixed(2)).join(' ') : '-',
      fmt.ratio(api && api.rps, base && base.rps),
      verdict,
      fmt.ms(api && api.p50),
      fmt.ms(base && base.p50),
      fmt.ms(api && api.p99),
      fmt.ms(base && base.p99),
      String(bad),
    ];
  });
}

const HEADER = [
  'scenario',
  'req/s',
  'baseline req/s',
  'ratio',
  'round ratios',
  'ratio of medians',
  'target',
  'p50 ms',
  'baseline p50 ms',
  'p99 ms',
  'baseline p99 ms',
  'non-2xx/errors',
];

function extrasTables(rows) {
  return tables(
    ['figure', 'value', 'target', 'verdict'],
    rows.map((r) => [r.figure, r.value, r.target || '-', verdict(r.ok)]),
  );
}

async function main() {
  const wanted = (name) => !ONLY || ONLY.split('|').some((part) => name.includes(part));
  const scenarios = SCENARIOS.filter((s) => wanted(s.name));
  const extras = EXTRAS.filter((e) => wanted(e.name));
  if (!scenarios.length && !extras.length) throw new Error(`no scenario matches BENCH_ONLY="${ONLY}"`);

  const ctx = await benchAccount(DATABASE_URL, 'bench');
  const db = ctx.db;
  const ENCRYPTION_KEY = process.env.ENCRYPTION_KEY || crypto.randomBytes(32).toString('hex');

  // The storefront extra's fake shop admin API listens here (plain http on loopback).
  const storefrontPort = await freePort();
  ctx.storefrontPort = storefrontPort;
  ctx.storefrontEnv = { STOREFRONT_SCHEME: 'http', STOREFRONT_PORT: String(storefrontPort), STOREFRONT_ALLOW_INSECURE: 'on', ENCRYPTION_KEY };
  const { child: api, base: apiBase } = await startApi(ctx, 'api', 'fastify', ctx.storefrontEnv);
  // The same API on the Express edge, for the scenarios that compare the adapters (links name the first API).
  const express = scenarios.some((s) => s.adapters)
    ? await startApi(ctx, 'api (express)', 'express', { ...ctx.storefrontEnv, PUBLIC_BASE_URL: apiBase })
    : null;
  const baselines = {};
  const servers = scenarios.map((s) => s.baseline && s.baseline.server);
  if (scenarios.some((s) => s.expressReference && s.baseline)) servers.push('express');
  for (const key of new Set(servers.filter(Boolean))) {
    const def = BASELINE_SERVERS[key];
    if (!def) throw new Error(`unknown baseline server "${key}" (see BASELINE_SERVERS in bench/scenarios.js)`);
    const port = await freePort();
    baselines[key] = {
      child: startChild(`baseline ${key}`, [path.join(__dirname, def.script)], {
        PORT: String(port),
        DATABASE_URL,
        PDF_CONCURRENCY: String(PDF_CONCURRENCY),
        BENCH_PDF_PAGES: String(PDF_PAGES),
      }),
      base: `http://127.0.0.1:${port}`,
    };
  }
  await waitForHealth(api, apiBase);
  if (express) await waitForHealth(express.child, express.base);
  for (const b of Object.values(baselines)) await waitForHealth(b.child, b.base);
  Object.assign(ctx, {
    apiBase,
    apiPid: api.pid,
    baselines: Object.fromEntries(Object.entries(baselines).map(([key, b]) => [key, b.base])),
  });
  log(`api on ${apiBase}; ${DURATION} s per run after ${WARMUP} s warm-up, ${CONNECTIONS} connections`);

  const results = [];
  for (const scenario of scenarios) {
    if (scenario.setup) await scenario.setup(ctx);
    // A read's baseline must answer the fields the API answers (the same work); the table says when it does not.
    if (scenario.baseline && (scenario.method || 'GET') === 'GET') {
      const spec = { ...scenario, ...scenario.baseline };
      const diff = await shapeDifference(
        requestOptions(apiBase, scenario, ctx, scenario.auth !== false),
        requestOptions(baselines[scenario.baseline.server].base, spec, ctx, spec.auth !== false),
      );
      if (diff) {
        scenario.shapeDiffers = true;
        log(
          `${scenario.name}: the baseline answers other fields (API only: ${diff.apiOnly.join(', ') || '-'}; baseline only: ${diff.baseOnly.join(', ') || '-'})`,
        );
      }
    }
    const apiRuns = [];
    const expressRuns = [];
    const baseRuns = [];
    const referenceRuns = [];
    // API and baseline alternate, so that a change in machine load hits both alike.
    for (let round = 1; round <= ROUNDS; round++) {
      const of = ROUNDS > 1 ? ` (round ${round}/${ROUNDS})` : '';
      log(`${scenario.name}: api${of}`);
      apiRuns.push(await measure(`${scenario.name} (api)`, requestOptions(apiBase, scenario, ctx, scenario.auth !== false), scenario.connections));
      if (scenario.adapters && express) {
        log(`${scenario.name}: api on express${of}`);
        expressRuns.push(
          await measure(`${scenario.name} (api, express)`, requestOptions(express.base, scenario, ctx, scenario.auth !== false), scenario.connections),
        );
      }
      if (scenario.expressReference && scenario.baseline && baselines.express) {
        log(`${scenario.name}: bare Express reference${of}`);
        const spec = { ...scenario, ...scenario.baseline };
        referenceRuns.push(
          await measure(`${scenario.name} (bare Express)`, requestOptions(baselines.express.base, spec, ctx, spec.auth !== false), scenario.connections),
        );
      }
      if (scenario.baseline) {
        log(`${scenario.name}: baseline ${scenario.baseline.server}${of}`);
        const spec = { ...scenario, ...scenario.baseline };
        baseRuns.push(
          await measure(
            `${scenario.name} (baseline)`,
            requestOptions(baselines[scenario.baseline.server].base, spec, ctx, spec.auth !== false),
            scenario.connections,
          ),
        );
      }
    }
    if (scenario.after) await scenario.after(ctx, { apiRuns, baseRuns });
    const base = baseRuns.length ? medianRun(baseRuns) : undefined;
    const paired = (runs) => (baseRuns.length ? pairedRatio(runs, baseRuns) : undefined);
    if (!expressRuns.length) {
      results.push({ scenario, api: medianRun(apiRuns), base, paired: paired(apiRuns) });
    } else {
      results.push({ scenario: { ...scenario, name: `${scenario.name} [fastify]` }, api: medianRun(apiRuns), base, paired: paired(apiRuns) });
      results.push({ scenario: { ...scenario, name: `${scenario.name} [express]` }, api: medianRun(expressRuns), base, paired: paired(expressRuns) });
    }
    if (referenceRuns.length) {
      results.push({
        scenario: { name: `${scenario.name} [bare Express 5, reference]` },
        api: medianRun(referenceRuns),
        base,
        paired: paired(referenceRuns),
      });
    }
  }
  const figures = [];
  for (const extra of extras) {
    log(`${extra.name}`);
    figures.push(...(await extra.run(ctx, results)));
  }
  await db.end();

  const rows = tableRows(results);
  const table = tables(HEADER, rows);
  const context =
    `${new Date().toISOString().slice(0, 19).replace('T', ' ')} UTC; Node ${process.version}; ${os.cpus().length} CPUs (${os.cpus()[0].model.trim()}); ` +
    `${CONNECTIONS} connections (unless the scenario says otherwise), ${DURATION} s per run after ${WARMUP} s warm-up${ROUNDS > 1 ? `, median of ${ROUNDS} alternating rounds` : ''}; one account with ${CLIENTS.toLocaleString('en-US')} clients` +
    `${ctx.invoicesSeeded ? ` and ${Number(process.env.BENCH_INVOICES || 100000).toLocaleString('en-US')} invoices` : ''}; API with PDF_CONCURRENCY=${PDF_CONCURRENCY}, PDF_ACCOUNT_CONCURRENCY=${PDF_ACCOUNT_CONCURRENCY}, BCRYPT_COST=${BCRYPT_COST}; load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ` +
    `baseline: ${[...new Set(scenarios.map((s) => s.baseline && s.baseline.server).filter(Boolean))].map((k) => `${k} (${BASELINE_SERVERS[k].describe})`).join(', ') || 'none'}; ` +
    `${baselines.express ? `reference rows: ${BASELINE_SERVERS.express.describe}, against the same baseline; ` : ''}` +
    "ratio = median over the rounds of the round's API req/s / its baseline req/s (round ratios: each round's; ratio of medians: the req/s columns' ratio); latencies in ms.";
  const extra = figures.length ? extrasTables(figures) : null;
  process.stdout.write(`\n${table.text}\n\n${context}\n${extra ? `\n${extra.text}\n` : ''}\nMarkdown:\n\n${table.md}\n${extra ? `\n${extra.md}\n` : ''}`);
  const resultsDir = path.join(__dirname, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'latest.md'),
    `# Benchmark results\n\n${table.md}\n\n${context}\n${extra ? `\n## Other figures\n\n${extra.md}\n` : ''}`,
  );
  log('written to bench/results/latest.md');
}

/**
 * The parts of a bench run: `main` (the honest-baseline table and the other figures, fairness of PDF renders among
 * them), `scale` (the scale table at 100,000 and 1,000,000 invoices, scale.js) and `whale` (the fairness table: small
 * accounts beside a 1,000,000-invoice account, whale.js). `npm run bench` runs all three in turn, each on its own
 * databases and processes (the previous part's are stopped first); BENCH_PARTS picks some (`main,whale`). BENCH_ONLY
 * alone runs `main` only; BENCH_SCALE alone (`npm run bench:scale`) `scale`; BENCH_WHALE=on (`npm run bench:whale`) `whale`.
 */
const PARTS = { main, scale: () => require('./scale').main(), whale: () => require('./whale').main() };

function chosenParts() {
  if (process.env.BENCH_PARTS) return process.env.BENCH_PARTS.split(',').map((p) => p.trim());
  if (process.env.BENCH_WHALE === 'on') return ['whale'];
  if (process.env.BENCH_SCALE) return ['scale'];
  if (ONLY) return ['main'];
  return ['main', 'scale', 'whale'];
}

async function runParts() {
  const parts = chosenParts();
  const unknown = parts.filter((p) => !PARTS[p]);
  if (unknown.length) throw new Error(`unknown BENCH_PARTS ${unknown.join(', ')} (main, scale, whale)`);
  let code = 0;
  for (const [i, part] of parts.entries()) {
    if (parts.length > 1) log(`part ${i + 1} of ${parts.length}: ${part}`);
    code = Math.max(code, (await PARTS[part]()) || 0);
    await processes.stopChildren();
  }
  return code;
}

processes.runMain('bench', runParts);
