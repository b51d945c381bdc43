import { until } from './support/fake-fcm';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { freePort, RedisChild } from './support/redis-child';
import { line } from './support/sales-document-helpers';
import { closeAfterRedisOutage, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';
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
