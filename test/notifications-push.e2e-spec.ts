import { startApp, TestAccount, TestApp } from './support/app-harness';
import { FakeFcm, fcmError, startFakeFcm, until } from './support/fake-fcm';
import { mobile, SignedIn } from './support/mobile-auth';
import { relayAll } from './support/notification-helpers';
import { line } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const STRONG = 'Str0ng!Pass';
const token = (name: string) => `${name}:APA91b${'t'.repeat(140)}`;

describe('push delivery through FCM HTTP v1 (local fake FCM and token server)', () => {
  let fcm: FakeFcm;
  let t: TestApp;
  let worker: TestWorker;
  let a: TestAccount;
  let owner: SignedIn;
  let priya: SignedIn;
  let clientId: number;

  const register = (who: SignedIn, fcmToken: string, platform = 'android') =>
    t.http.post('/v1/devices').set(who.auth).send({ fcm_token: fcmToken, platform }).expect(200);
  const invoiceByApiKey = async () =>
    (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: clientId, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items: [line('Cement', 10, 350)] })
        .expect(201)
    ).body.data as { invoice_id: number; invoice_number: string };
  const outboxEmpty = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM push_outbox'))[0].n) === 0;
  const notificationOf = async (userId: number, invoiceId: number) =>
    (await t.dataSource.query("SELECT id FROM notifications WHERE user_id = ? AND entity_type = 'invoice' AND entity_id = ?", [userId, invoiceId]))[0]?.id as
      number | undefined;
  const devicesOf = async (fcmToken: string) =>
    Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM push_devices WHERE token_hash = SHA2(?, 256)', [fcmToken]))[0].n);

  beforeAll(async () => {
    fcm = await startFakeFcm();
    t = await startApp('notifications_push', {
      QUEUE_PREFIX: queuePrefixFor('push'),
      FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson,
      FCM_BASE_URL: fcm.url,
      PUSH_BACKOFF_MS: '100',
      ACTIVITY_RELAY_INTERVAL_MS: '3600000',
    });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Push Traders', email: 'owner@push.example', username: 'push_owner', password: STRONG });
    const m = mobile(t);
    await m.addUser(a.auth, 'push_priya', STRONG, ['invoices', 'clients']);
    owner = await m.signIn('push_owner', STRONG);
    priya = await m.signIn('push_priya', STRONG);
    clientId = (await t.http.post('/v1/clients').set(a.auth).send({ name: 'Gupta Hardware', phone: '9812345678', email: 'gupta@example.com' }).expect(201)).body
      .data.client.client_id;
    await relayAll(worker); // sign-ins and the client: nobody had a device yet
    await until('the first relay to settle', outboxEmpty);
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await fcm?.close();
  });

  it('sends one push per eligible device, with the deep link in data, using an OAuth token from the token server', async () => {
    await register(owner, token('owner-phone'));
    await register(owner, token('owner-tablet'), 'ios');
    await register(priya, token('priya-phone'));
    const invoice = await invoiceByApiKey();
    await relayAll(worker);
    await until('pushes to three devices', () => ['owner-phone', 'owner-tablet', 'priya-phone'].every((d) => fcm.to(token(d)).length > 0));
    await until('the push outbox to empty', outboxEmpty);

    const ownerNotification = await notificationOf(a.userId!, invoice.invoice_id);
    for (const device of ['owner-phone', 'owner-tablet']) {
      expect(fcm.to(token(device))).toEqual([
        {
          token: token(device),
          status: 200,
          title: 'Invoice created',
          body: `Someone using the API key created invoice ${invoice.invoice_number} for Gupta Hardware, ₹4,130.00.`,
          data: {
            notification_id: String(ownerNotification),
            category: 'invoices',
            screen: 'invoice_detail',
            entity_type: 'invoice',
            entity_id: String(invoice.invoice_id),
            document_type: 'invoice',
            document_id: String(invoice.invoice_id),
          },
        },
      ]);
    }
    expect(fcm.to(token('priya-phone'))).toHaveLength(1);
    expect(fcm.tokensIssued).toBe(1); // cached until it expires
  });

  it('sends nothing for a category the recipient switched off', async () => {
    await t.http
      .patch('/v1/notifications/prefs')
      .set(priya.auth)
      .send({ prefs: { invoices: false } })
      .expect(200);
    const before = fcm.requests.length;
    const invoice = await invoiceByApiKey();
    await relayAll(worker);
    await until('the owner pushes', () => fcm.requests.length >= before + 2);
    await until('the push outbox to empty', outboxEmpty);
    const priyaNotification = await notificationOf(priya.body.user.user_id, invoice.invoice_id);
    expect(priyaNotification).toEqual(expect.any(Number)); // still in her feed
    expect(fcm.requests.filter((r) => r.data.notification_id === String(priyaNotification))).toEqual([]);
    expect(
      fcm.requests
        .slice(before)
        .map((r) => r.token)
        .sort(),
    ).toEqual([token('owner-phone'), token('owner-tablet')].sort());
    await t.http
      .patch('/v1/notifications/prefs')
      .set(priya.auth)
      .send({ prefs: { invoices: true } })
      .expect(200);
  });

  it('deletes a device FCM answers UNREGISTERED or INVALID_ARGUMENT for', async () => {
    await register(owner, token('stale-phone'));
    await register(owner, token('bad-token'));
    fcm.script = (to) =>
      to === token('stale-phone') ? fcmError(404, 'UNREGISTERED', 'NOT_FOUND') : to === token('bad-token') ? fcmError(400, 'INVALID_ARGUMENT') : null;
    await invoiceByApiKey();
    await relayAll(worker);
    await until('the push outbox to empty', outboxEmpty);
    expect(fcm.to(token('stale-phone'))).toHaveLength(1);
    expect(await devicesOf(token('stale-phone'))).toBe(0);
    expect(await devicesOf(token('bad-token'))).toBe(0);
    expect(await devicesOf(token('owner-phone'))).toBe(1);
    fcm.script = null;
  });

  it('retries a 503 (honouring Retry-After) and delivers once', async () => {
    const flaky = token('flaky-phone');
    await register(priya, flaky);
    fcm.script = (to, attempt) => (to === flaky && attempt === 1 ? { ...fcmError(503, 'UNAVAILABLE'), headers: { 'retry-after': '1' } } : null);
    const invoice = await invoiceByApiKey();
    await relayAll(worker);
    await until('the retried push', () => fcm.to(flaky).some((r) => r.status === 200));
    await until('the push outbox to empty', outboxEmpty);
    const notification = String(await notificationOf(priya.body.user.user_id, invoice.invoice_id));
    expect(fcm.to(flaky).map((r) => [r.status, r.data.notification_id])).toEqual([
      [503, notification],
      [200, notification],
    ]);
    // The other devices of the job were reached once, not again on the retry.
    expect(fcm.to(token('priya-phone')).filter((r) => r.data.notification_id === notification)).toHaveLength(1);
    fcm.script = null;
  });
});
