'use strict';
/**
 * Webhook delivery benchmark: BENCH_WEBHOOK_EVENTS (default 1000) events to one endpoint on a local receiver,
 * sent by the built worker (`scripts/run.js worker`, its dispatcher with WEBHOOK_ENDPOINT_CONCURRENCY =
 * BENCH_WEBHOOK_CONCURRENCY, default 4, the default of the setting) against the bare sender
 * (bench/baseline/webhook-sender.js: the same signed payloads to the same receiver with plain node:http, a
 * keep-alive agent and node:crypto, as many requests in flight, and nothing else).
 *
 * The endpoint is registered through the API; the events are `client.updated` of as many different clients (each
 * its own resource, so all may go side by side), their payloads the clients as the API lists them, written as
 * pending deliveries in one INSERT once the worker is up and its relay idle (the dispatcher's work alone is
 * measured, not the relay's). The receiver (in this process) answers 200 at once and notes when each request
 * came. Each time is from the first request the receiver gets to the last; the ratio is the bare sender's time
 * over the worker's (target 0.5). Every event must arrive exactly once and every row end `succeeded` after one
 * attempt. With BENCH_ROUNDS the two alternate, fresh events each round; the ratio is the median of the rounds'.
 * Both first send untimed events (ids `warm_...`) for BENCH_WARMUP seconds (default 3), in batches of as many,
 * as the autocannon scenarios warm up: the first few thousand deliveries of a fresh worker run cold code.
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { startWorkerChild } = require('./worker-child');
const { api, log } = require('./setups');
const processes = require('./processes');

const EVENTS = Math.max(2, Number(process.env.BENCH_WEBHOOK_EVENTS || 1000));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_WEBHOOK_CONCURRENCY || 4));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const WARMUP_MS = Number(process.env.BENCH_WARMUP ?? 3) * 1000;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TARGET = 0.5;

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
const seconds = (from, to) => Number(to - from) / 1e9;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * Answers 200 to every POST; counts each Webhook-Id and notes when the first and the last request came. Warm-up
 * requests (ids `warm_...`) are only counted, apart.
 */
async function startReceiver() {
  const receiver = {
    counts: new Map(),
    warm: 0,
    first: null,
    last: null,
    reset() {
      this.counts = new Map();
      this.warm = 0;
      this.first = null;
      this.last = null;
    },
  };
  const server = http.createServer((req, res) => {
    const at = process.hrtime.bigint();
    const id = String(req.headers['webhook-id']);
    const warm = id.startsWith('warm_');
    if (!warm) receiver.first ??= at;
    req.resume();
    req.on('end', () => {
      if (warm) receiver.warm++;
      else {
        receiver.counts.set(id, (receiver.counts.get(id) || 0) + 1);
        receiver.last = process.hrtime.bigint();
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${server.address().port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(resolve));
  return receiver;
}

async function until(what, check, timeoutMs, worker) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (worker && worker.exitCode !== null) throw new Error(`the worker exited early:\n${worker.output}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${worker ? `:\n${worker.output}` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The account's first EVENTS clients as the API lists them (the payloads' objects). */
async function clientObjects(ctx) {
  const objects = [];
  for (let offset = 0; objects.length < EVENTS; offset += 100) {
    const page = await api(ctx, 'GET', `/v1/clients?limit=100&offset=${offset}`);
    if (!page.clients.length) throw new Error(`the account has only ${objects.length} clients; ${EVENTS} are needed`);
    objects.push(...page.clients);
  }
  return objects.slice(0, EVENTS);
}

/** EVENTS pending deliveries of round `round` (ids `<prefix><round>_<n>`), written in one statement; their event ids and bodies. */
async function writeDeliveries(ctx, endpointId, objects, round, prefix = 'evt_bench') {
  const now = Date.now();
  const events = objects.map((object, n) => {
    const id = `${prefix}${round}_${n}`;
    const occurred = new Date(now - EVENTS + n).toISOString();
    const body = JSON.stringify({ id, type: 'client.updated', created_at: occurred, account_id: ctx.accountId, data: { object } });
    return { id, body, resource: `client:${object.client_id}`, occurred };
  });
  await ctx.db.query(
    `INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, event_type, resource_key, payload, next_attempt_at, occurred_at, created_at) VALUES ?`,
    [events.map((e) => [ctx.accountId, endpointId, e.id, 'client.updated', e.resource, e.body, sqlTime(now), sqlTime(Date.parse(e.occurred)), sqlTime(now)])],
  );
  return events;
}

/** Runs the bare sender on the same payloads; resolves once it has exited. */
async function bareSend(receiver, secret, events) {
  const file = path.join(os.tmpdir(), `webhook-bench-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(events.map((e) => ({ id: e.id, body: e.body }))));
  try {
    const child = processes.startChild('bare webhook sender', [path.join(__dirname, 'baseline', 'webhook-sender.js')], {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
      WEBHOOK_PAYLOADS: file,
      WEBHOOK_CONCURRENCY: String(CONCURRENCY),
      WEBHOOK_WARMUP_MS: String(WARMUP_MS),
    });
    const { code } = await child.exited;
    const summary = JSON.parse(child.output.trim().split('\n').pop() || '{}');
    if (code !== 0 || summary.failed !== 0) throw new Error(`the bare sender failed (exit ${code}):\n${child.output}`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const EXTRA = {
  name: 'webhooks: 1,000 events to a local receiver, worker against a bare sender',
  async run(ctx) {
    const receiver = await startReceiver();
    let worker;
    let endpoint;
    try {
      endpoint = await api(ctx, 'POST', '/v1/webhooks', { url: receiver.url, events: ['sendout.failed'], description: 'bench receiver' });
      const objects = await clientObjects(ctx);
      worker = startWorkerChild({
        DATABASE_URL: ctx.databaseUrl,
        REDIS_URL,
        LOG_LEVEL: 'warn',
        ENCRYPTION_KEY: ctx.storefrontEnv.ENCRYPTION_KEY,
        WEBHOOKS_ALLOW_INSECURE: 'on',
        WEBHOOK_ENDPOINT_CONCURRENCY: String(CONCURRENCY),
      });
      // The worker's start, and the relay of what earlier scenarios recorded, are not part of the figure.
      await new Promise((r) => setTimeout(r, 3000));
      await until(
        'the relay to catch up',
        async () => Number((await ctx.db.query('SELECT COUNT(*) AS n FROM activity_events WHERE relayed_at IS NULL'))[0][0].n) === 0,
        300_000,
        worker,
      );

      log(`webhooks: the worker warms up for ${WARMUP_MS / 1000} s`);
      for (let batch = 1, warmUntil = Date.now() + WARMUP_MS; Date.now() < warmUntil; batch++) {
        receiver.reset();
        await writeDeliveries(ctx, endpoint.webhook_id, objects, batch, 'warm_bench');
        await until('the warm-up deliveries', () => receiver.warm === EVENTS, Math.max(120_000, EVENTS * 100), worker);
      }
      const rounds = [];
      let exact = true;
      let detail = '';
      for (let round = 1; round <= ROUNDS; round++) {
        receiver.reset();
        const events = await writeDeliveries(ctx, endpoint.webhook_id, objects, round);
        const written = process.hrtime.bigint();
        log(`webhooks: round ${round}/${ROUNDS}, ${EVENTS} deliveries written; the worker sends (WEBHOOK_ENDPOINT_CONCURRENCY=${CONCURRENCY})`);
        await until(`${EVENTS} webhooks from the worker`, () => receiver.counts.size === EVENTS, Math.max(120_000, EVENTS * 100), worker);
        const service = { seconds: seconds(receiver.first, receiver.last), fromWrite: seconds(written, receiver.last) };
        await new Promise((r) => setTimeout(r, 1000)); // anything sent twice would come now
        const twice = [...receiver.counts.values()].filter((n) => n !== 1).length;
        const [[state]] = await ctx.db.query(
          `SELECT SUM(status = 'succeeded') AS ok, SUM(attempts = 1) AS once, COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? AND event_id LIKE ?`,
          [endpoint.webhook_id, `evt\\_bench${round}\\_%`],
        );
        exact = exact && twice === 0 && Number(state.ok) === EVENTS && Number(state.once) === EVENTS;
        detail = `${receiver.counts.size} distinct received, ${twice} more than once; ${state.ok}/${state.n} rows succeeded, ${state.once} after 1 attempt`;

        receiver.reset();
        log(`webhooks: round ${round}/${ROUNDS}, the bare sender`);
        await bareSend(receiver, endpoint.secret, events);
        if (receiver.counts.size !== EVENTS) throw new Error(`the bare sender delivered ${receiver.counts.size}/${EVENTS}`);
        const bare = { seconds: seconds(receiver.first, receiver.last) };
        rounds.push({ service, bare, ratio: bare.seconds / service.seconds });
        log(`  worker ${service.seconds.toFixed(2)} s, bare sender ${bare.seconds.toFixed(2)} s: ratio ${(bare.seconds / service.seconds).toFixed(2)}`);
      }
      const ratio = median(rounds.map((r) => r.ratio));
      const mid = rounds.find((r) => r.ratio === ratio);
      const rate = (s) => `${Math.round(EVENTS / s).toLocaleString('en-US')}/s`;
      return [
        {
          figure: `webhooks: ${EVENTS.toLocaleString('en-US')} events to a local receiver, ${CONCURRENCY} in flight: worker / bare sender (time from the first request to the last)`,
          value:
            `ratio ${ratio.toFixed(2)}: worker ${mid.service.seconds.toFixed(2)} s (${rate(mid.service.seconds)}), bare sender ${mid.bare.seconds.toFixed(2)} s (${rate(mid.bare.seconds)})` +
            (rounds.length > 1 ? `; round ratios ${rounds.map((r) => r.ratio.toFixed(2)).join(' ')}` : ''),
          target: `>= ${TARGET}`,
          ok: ratio >= TARGET,
        },
        {
          figure: 'webhooks: worker, from the deliveries written to the last request (the next dispatch pass included)',
          value: `${mid.service.fromWrite.toFixed(2)} s`,
          target: '-',
        },
        { figure: 'webhooks: each event delivered exactly once; rows succeeded after 1 attempt', value: detail, target: 'all, once', ok: exact },
      ];
    } finally {
      if (worker) await worker.stop();
      if (endpoint) await api(ctx, 'DELETE', `/v1/webhooks/${endpoint.webhook_id}`).catch(() => undefined);
      await receiver.close();
    }
  },
};

module.exports = { EXTRA };
