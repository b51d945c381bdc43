import { startApp, TestAccount, TestApp } from './support/app-harness';
import { FakeFcm, startFakeFcm, until } from './support/fake-fcm';
import { mobile, SignedIn } from './support/mobile-auth';
import { freePort, RedisChild } from './support/redis-child';
import { line } from './support/sales-document-helpers';
import { closeAfterRedisOutage, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const STRONG = 'Str0ng!Pass';
const PHONE = `owner-phone:APA91b${'r'.repeat(140)}`;

describe('notifications while Redis is down', () => {
  let redis: RedisChild;
  let fcm: FakeFcm;
  let t: TestApp;
  let worker: TestWorker;
  let a: TestAccount;
  let owner: SignedIn;
  let priya: SignedIn;
  let clientId: number;
  let redisUp = true;

  const invoiceNotifications = async () =>
    ((await t.http.get('/v1/notifications?limit=100').set(owner.auth).expect(200)).body.data.notifications as Array<Record<string, any>>).filter(
      (n) => n.entity_type === 'invoice',
    );

  const invoicePushes = () => fcm.to(PHONE).filter((r) => r.data.entity_type === 'invoice');
  const invoicePushesWaiting = async () =>
    Number(
      (await t.dataSource.query("SELECT COUNT(*) AS n FROM push_outbox o JOIN notifications n ON n.id = o.notification_id WHERE n.entity_type = 'invoice'"))[0]
        .n,
    );

  beforeAll(async () => {
    redis = new RedisChild(await freePort());
    await redis.start();
    fcm = await startFakeFcm();
    t = await startApp('notifications_faults', {
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      QUEUE_PREFIX: queuePrefixFor('notif-faults'),
      FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson,
      FCM_BASE_URL: fcm.url,
      ACTIVITY_RELAY_INTERVAL_MS: '200',
      SWEEP_AFTER_MS: '500',
      PUSH_BACKOFF_MS: '100',
    });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Outage Traders', email: 'owner@outage.example', username: 'outage_owner', password: STRONG });
    await mobile(t).addUser(a.auth, 'outage_priya', STRONG, ['invoices', 'clients']);
    owner = await mobile(t).signIn('outage_owner', STRONG);
    priya = await mobile(t).signIn('outage_priya', STRONG);
    await t.http.post('/v1/devices').set(owner.auth).send({ fcm_token: PHONE, platform: 'android' }).expect(200);
    clientId = (await t.http.post('/v1/clients').set(a.auth).send({ name: 'Kumar Stores', phone: '9898989898', email: 'kumar@example.com' }).expect(201)).body
      .data.client.client_id;
  });

  afterAll(async () => {
    await closeAfterRedisOutage({ redis, redisUp, worker, t });
    await fcm?.close();
  }, 120_000);

  it('every invoice create succeeds; once Redis is back every notification and push arrives exactly once', async () => {
    await redis.stop();
    redisUp = false;
    const created: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.http
        .post('/v1/invoices')
        .set(priya.auth)
        .send({ client_id: clientId, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items: [line(`Item ${i}`, 1, 100 + i)] })
        .expect(201);
      created.push(res.body.data.invoice_id);
    }
    // The relay needs only the database: the feed fills while Redis is away; the pushes wait in the outbox.
    await until('five invoice notifications', async () => (await invoiceNotifications()).length === 5);
    expect(await invoicePushesWaiting()).toBe(5);
    expect(invoicePushes()).toEqual([]);

    await redis.start(); // empty: no job survived
    redisUp = true;
    await until('five pushes', () => invoicePushes().length >= 5);
    await until('the push outbox to empty', async () => (await invoicePushesWaiting()) === 0);
    await new Promise((r) => setTimeout(r, 1500)); // several more relays and sweeps: nothing comes twice

    const feed = await invoiceNotifications();
    expect(feed.map((n) => n.entity_id).sort()).toEqual([...created].sort());
    const pushed = invoicePushes().map((r) => r.data.notification_id);
    expect(pushed.sort()).toEqual(feed.map((n) => String(n.notification_id)).sort());
    const rows = await t.dataSource.query(
      "SELECT entity_id, COUNT(*) AS n FROM notifications WHERE account_id = ? AND entity_type = 'invoice' GROUP BY user_id, entity_id HAVING n > 1",
      [a.accountId],
    );
    expect(rows).toEqual([]);
  });
});
