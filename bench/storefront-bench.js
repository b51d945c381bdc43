'use strict';
/**
 * Storefront benchmark: the worker's order throughput from webhook to invoice. A fake shop admin API
 * (the one the API's STOREFRONT_PORT points at) takes the connect of the bench account; then
 * BENCH_STOREFRONT_ORDERS signed `orders/create` deliveries (3 lines and shipping each, intra- and
 * inter-state alternating) are posted to the public webhook endpoint with the built worker running
 * (`scripts/run.js worker`), and the time is taken from the first delivery sent to the last invoice made.
 * Each order must become exactly one invoice.
 *
 * Environment: BENCH_STOREFRONT_ORDERS (default 1000), BENCH_STOREFRONT_CONCURRENCY (the worker's
 * STOREFRONT_CONCURRENCY, default 4), BENCH_STOREFRONT_SENDERS (deliveries in flight, default 20).
 */
const { startWorkerChild } = require('./worker-child');
const { createHmac } = require('node:crypto');
const { createServer } = require('node:http');
const { Queue } = require('bullmq');

const ORDERS = Math.max(1, Number(process.env.BENCH_STOREFRONT_ORDERS || 1000));
const WORKER_CONCURRENCY = String(process.env.BENCH_STOREFRONT_CONCURRENCY || 4);
const SENDERS = Math.max(1, Number(process.env.BENCH_STOREFRONT_SENDERS || 20));
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SHOP = '127.0.0.1';
const TOKEN = 'bench-shop-token';
const API_VERSION = '2024-10';

const log = (m) => process.stderr.write(`[bench] ${m}\n`);
const queuePrefix = (ctx) => `q-${new URL(ctx.databaseUrl).pathname.replace(/^\//, '')}`;

/** The admin API calls connect makes: the token check and the webhook registrations (their secret is kept). */
function startFakeShop(port) {
  const shop = { secret: null, webhooks: 0 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const send = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-storefront-access-token'] !== TOKEN) return send(401, { errors: 'Invalid token' });
      const p = (req.url || '').split('?')[0].replace(`/admin/api/${API_VERSION}`, '');
      if (req.method === 'GET' && p === '/shop.json') return send(200, { shop: { domain: SHOP } });
      if (req.method === 'POST' && p === '/webhooks.json') {
        shop.secret = JSON.parse(Buffer.concat(chunks).toString('utf8')).webhook.secret;
        return send(201, { webhook: { id: ++shop.webhooks } });
      }
      if (req.method === 'DELETE') return send(200, {});
      return send(404, { errors: 'Not Found' });
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ shop, close: () => new Promise((r) => server.close(r)) })));
}

function order(i) {
  const state = i % 2 ? 'KA' : 'MH';
  const tax = (price, qty) => [{ title: 'GST', rate: 0.18, price: (price * qty * 0.18).toFixed(2) }];
  const address = {
    name: `Buyer ${i % 50}`,
    address1: '1 Main Road',
    city: 'City',
    province_code: state,
    country_code: 'IN',
    zip: '400001',
    phone: `98${String(10000000 + (i % 50)).padStart(8, '0')}`,
  };
  return {
    id: 90_000_000 + i,
    name: `#B${i}`,
    email: `buyer${i % 50}@bench.example`,
    created_at: new Date().toISOString(),
    currency: 'INR',
    financial_status: 'paid',
    billing_address: address,
    shipping_address: address,
    line_items: [
      { id: i * 10 + 1, title: 'Cotton shirt', sku: '', quantity: 2, price: '799.00', tax_lines: tax(799, 2) },
      { id: i * 10 + 2, title: 'Denim jeans', sku: '', quantity: 1, price: '1499.00', tax_lines: tax(1499, 1) },
      { id: i * 10 + 3, title: 'Socks (3 pairs)', sku: '', quantity: 3, price: '149.00', tax_lines: tax(149, 3) },
    ],
    shipping_lines: [{ title: 'Standard', price: '80.00', tax_lines: tax(80, 1) }],
  };
}

async function dropQueues(ctx) {
  for (const name of ['storefront-events', 'storefront-backfill']) {
    const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix: queuePrefix(ctx) });
    try {
      await queue.obliterate({ force: true });
    } finally {
      await queue.close();
    }
  }
}

function startWorker(ctx) {
  return startWorkerChild({ ...ctx.storefrontEnv, DATABASE_URL: ctx.databaseUrl, REDIS_URL, LOG_LEVEL: 'warn', STOREFRONT_CONCURRENCY: WORKER_CONCURRENCY });
}

const EXTRA = {
  name: 'storefront: worker order throughput, webhook to invoice',
  async run(ctx) {
    const fake = await startFakeShop(ctx.storefrontPort);
    let worker;
    try {
      await dropQueues(ctx);
      const auth = { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'application/json' };
      await fetch(`${ctx.apiBase}/v1/integrations/storefront`, { method: 'DELETE', headers: auth });
      const connect = await fetch(`${ctx.apiBase}/v1/integrations/storefront`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ shop_domain: SHOP, access_token: TOKEN }),
      });
      if (connect.status !== 200) throw new Error(`connect answered ${connect.status}: ${await connect.text()}`);
      const [[before]] = await ctx.db.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [ctx.accountId]);

      worker = startWorker(ctx);
      await new Promise((r) => setTimeout(r, 3000)); // the worker's start (Nest, queues) is not part of the figure
      log(`storefront: posting ${ORDERS} orders/create deliveries (${SENDERS} in flight), STOREFRONT_CONCURRENCY=${WORKER_CONCURRENCY}`);
      const started = process.hrtime.bigint();
      let next = 0;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < ORDERS) {
            const i = next++;
            const body = JSON.stringify(order(i));
            const res = await fetch(`${ctx.apiBase}/v1/integrations/storefront/webhooks`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-storefront-shop-domain': SHOP,
                'x-storefront-topic': 'orders/create',
                'x-storefront-webhook-id': `bench-${i}`,
                'x-storefront-hmac-sha256': createHmac('sha256', fake.shop.secret).update(body).digest('base64'),
              },
              body,
            });
            if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
            await res.arrayBuffer();
          }
        }),
      );
      const accepted = process.hrtime.bigint();
      const deadline = Date.now() + Math.max(300000, ORDERS * 500);
      let state;
      for (;;) {
        [[state]] = await ctx.db.query(
          "SELECT SUM(state = 'received') AS waiting, SUM(state = 'processed') AS processed, COUNT(*) AS n FROM storefront_events WHERE account_id = ? AND webhook_id LIKE 'bench-%'",
          [ctx.accountId],
        );
        if (Number(state.waiting) === 0 && Number(state.n) === ORDERS) break;
        if (worker.exitCode !== null) throw new Error(`the worker exited early:\n${worker.output}`);
        if (Date.now() > deadline) throw new Error(`only ${state.processed}/${ORDERS} orders processed in time:\n${worker.output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const finished = process.hrtime.bigint();
      const [[after]] = await ctx.db.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [ctx.accountId]);
      const seconds = Number(finished - started) / 1e9;
      const made = Number(after.n) - Number(before.n);
      return [
        {
          figure: `storefront order throughput, ${ORDERS} orders/create deliveries (3 lines + shipping) to invoices, STOREFRONT_CONCURRENCY=${WORKER_CONCURRENCY}`,
          value: `${(ORDERS / seconds).toFixed(1)} orders/s first delivery to last invoice (${seconds.toFixed(1)} s; deliveries accepted at ${(ORDERS / (Number(accepted - started) / 1e9)).toFixed(0)}/s)`,
          target: '-',
        },
        {
          figure: 'each delivered order becomes exactly one invoice',
          value: `${state.processed}/${ORDERS} events processed, ${made} invoices made`,
          target: 'all, once',
          ok: Number(state.processed) === ORDERS && made === ORDERS,
        },
      ];
    } finally {
      if (worker) await worker.stop();
      await fake.close();
      await dropQueues(ctx).catch(() => undefined);
    }
  },
};

module.exports = { EXTRA };
