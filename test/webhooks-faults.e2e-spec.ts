import { until } from './support/fake-fcm';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { freePort, RedisChild } from './support/redis-child';
import { line } from './support/sales-document-helpers';
import { closeAfterRedisOutage, dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';
import { startWebhookReceiver, WebhookReceiver } from './support/webhook-receiver';

/**
 * Redis stopped (SIGKILL of its own redis-server) and started again, empty, while the worker delivers
 * webhooks and the API keeps making the changes they report. Webhook deliveries live in the database (the
 * relay writes them, the dispatcher sends them under a lease per endpoint), so the outage loses none and
 * doubles none: once Redis is back, the receiver has seen every event exactly once, counted by Webhook-Id.
 */
describe('webhooks while Redis is stopped and restarted', () => {
  let redis: RedisChild;
  let receiver: WebhookReceiver;
  let t: TestApp;
  let worker: TestWorker;
  let a: TestAccount;
  let redisUp = true;

  beforeAll(async () => {
    redis = new RedisChild(await freePort());
    await redis.start();
    receiver = await startWebhookReceiver();
    receiver.delayMs = 30; // deliveries spread over the outage
    t = await startApp('webhooks_faults', {
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      QUEUE_PREFIX: queuePrefixFor('webhooks-faults'),
      WEBHOOKS_ALLOW_INSECURE: 'on',
      WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      WEBHOOK_CONCURRENCY: '2',
      ACTIVITY_RELAY_INTERVAL_MS: '150',
    });
    worker = await startWorker(t.config);
    a = await t.createAccount();
    await t.http
      .post('/v1/webhooks')
      .set(a.auth)
      .send({ url: `${receiver.url}/hooks`, events: ['client.created', 'invoice.created'], description: 'fault receiver' })
      .expect(201);
  });

  afterAll(async () => {
    await closeAfterRedisOutage({ redis, redisUp, worker, t });
    await receiver?.close();
  }, 120_000);

  const deliveries = async () =>
    (await t.dataSource.query('SELECT event_id, status, attempts FROM webhook_deliveries WHERE account_id = ? ORDER BY id', [a.accountId])) as Array<{
      event_id: string;
      status: string;
      attempts: number;
    }>;

  /** One client and one invoice for it: two events. */
  async function change(n: number): Promise<void> {
    const client = await t.http
      .post('/v1/clients')
      .set(a.auth)
      .send({ name: `Client ${n}`, phone: String(9100000000 + n), email: `client${n}@example.com` })
      .expect(201);
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({
        client_id: client.body.data.client.client_id,
        invoice_date: '2025-06-10',
        payment_due_date: '2025-07-10',
        items: [line(`Item ${n}`, 1, 100 + n)],
      })
      .expect(201);
  }

  it('every event reaches the receiver exactly once across the outage', async () => {
    for (let n = 0; n < 6; n++) await change(n);
    await until('the first deliveries', () => receiver.received.length >= 2);

    await redis.stop();
    redisUp = false;
    for (let n = 6; n < 12; n++) await change(n); // the API keeps working
    await until('deliveries while Redis is away', async () => (await deliveries()).filter((d) => d.status === 'succeeded').length > 12);

    await redis.start(); // empty
    redisUp = true;
    for (let n = 12; n < 15; n++) await change(n);
    await until('all 30 deliveries sent', async () => (await deliveries()).filter((d) => d.status === 'succeeded').length === 30);
    await new Promise((r) => setTimeout(r, 1500)); // several more relay and dispatch rounds: nothing comes twice

    const rows = await deliveries();
    expect(rows).toHaveLength(30);
    expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    const counts = receiver.counts();
    expect([...counts.keys()].sort()).toEqual(rows.map((d) => d.event_id).sort()); // 0 lost
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]); // 0 doubled
  });
});

/**
 * 1,000 events to one local endpoint through the whole path, with the worker's default settings: the API's
 * changes (500 clients, each created and then renamed), the relay, and the dispatcher, which sends several of an
 * endpoint's deliveries at once (WEBHOOK_ENDPOINT_CONCURRENCY, 4) and goes on at once while more are due. Each
 * event arrives exactly once, each client's two events in order; a dispatcher that sent one delivery per endpoint
 * and pass (one pass a second) would need more than 16 minutes, far past the test's limit.
 */
describe('1,000 webhook events to one local endpoint', () => {
  const CLIENTS = 500;
  let receiver: WebhookReceiver;
  let t: TestApp;
  let worker: TestWorker;
  let a: TestAccount;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.delayMs = 5; // answers that take a moment, so that deliveries overlap
    t = await startApp('webhooks_load', { QUEUE_PREFIX: queuePrefixFor('webhooks-load'), WEBHOOKS_ALLOW_INSECURE: 'on' });
    worker = await startWorker(t.config);
    a = await t.createAccount();
    await t.http
      .post('/v1/webhooks')
      .set(a.auth)
      .send({ url: `${receiver.url}/load`, events: ['client.created', 'client.updated'], description: 'load receiver' })
      .expect(201);
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await receiver?.close();
  }, 60_000);

  it('delivers each exactly once, each resource in order, several at a time within the endpoint limit', async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < CLIENTS) {
          const n = next++;
          const created = await t.http
            .post('/v1/clients')
            .set(a.auth)
            .send({ name: `Load Client ${n}`, phone: String(9300000000 + n), email: `load${n}@example.com` })
            .expect(201);
          await t.http
            .patch(`/v1/clients/${created.body.data.client.client_id}`)
            .set(a.auth)
            .send({ name: `Load Client ${n} renamed` })
            .expect(200);
        }
      }),
    );
    const succeeded = async () =>
      Number((await t.dataSource.query("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE account_id = ? AND status = 'succeeded'", [a.accountId]))[0].n);
    await until('1,000 deliveries sent', async () => (await succeeded()) === 2 * CLIENTS, 150_000);
    await new Promise((r) => setTimeout(r, 1500)); // more relay and dispatch rounds: nothing comes twice

    const rows = (await t.dataSource.query('SELECT event_id, status, attempts FROM webhook_deliveries WHERE account_id = ?', [a.accountId])) as Array<{
      event_id: string;
      status: string;
      attempts: number;
    }>;
    expect(rows).toHaveLength(2 * CLIENTS);
    expect(rows.filter((d) => d.status !== 'succeeded' || d.attempts !== 1)).toEqual([]);
    const counts = receiver.counts();
    expect([...counts.keys()].sort()).toEqual(rows.map((d) => d.event_id).sort()); // 0 lost
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]); // 0 doubled
    // Each client's creation arrived before its update.
    const arrived = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { object: { client_id: number } } });
    const firstType = new Map<number, string>();
    for (const e of arrived) if (!firstType.has(e.data.object.client_id)) firstType.set(e.data.object.client_id, e.type);
    expect(firstType.size).toBe(CLIENTS);
    expect([...firstType.values()].filter((type) => type !== 'client.created')).toEqual([]);
    // Side by side, never more than the endpoint's limit.
    expect(receiver.maxInFlight).toBeGreaterThan(1);
    expect(receiver.maxInFlight).toBeLessThanOrEqual(t.config.webhooks.endpointConcurrency);
  }, 240_000);
});
