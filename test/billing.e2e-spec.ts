import { AppConfig } from '@app/infra/config/app-config';
import { ProcessStoreNotification } from '@app/domain/billing/process-store-notification.use-case';
import { RecheckSubscriptions } from '@app/domain/billing/recheck-subscriptions.use-case';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { bearer, mobile } from './support/mobile-auth';
import { createClient } from './support/sales-document-helpers';
import { FakeAppStore, FakeGoogle, keyDir, startStoreFakes, StoreFakes, tamper, TestAppleChain } from './support/store-fakes';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const STRONG = 'Str0ng!pass';
const BUNDLE = 'in.example.invoicing';
const AUDIENCE = 'https://billing.example.test/push';
const PUSHER = 'pubsub-push@test-project.iam.gserviceaccount.com';
const DAY = 86_400_000;
const ts = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' ');

describe('store billing: confirmations, notifications and the plan they set', () => {
  let stores: StoreFakes;
  let apple: FakeAppStore;
  let google: FakeGoogle;
  let t: TestApp;
  let worker: TestWorker | null = null;
  let env: Record<string, string>;
  let n = 0;

  beforeAll(async () => {
    stores = await startStoreFakes(BUNDLE, { audience: AUDIENCE, serviceAccount: PUSHER });
    ({ apple, google } = stores);
    env = {
      ...stores.env,
      FREE_CLIENTS: '2',
      FREE_INVENTORY_ITEMS: '2',
      FREE_DOCUMENTS_PER_MONTH: '2',
      QUEUE_PREFIX: queuePrefixFor('billing'),
      SWEEP_INTERVAL_MS: '200',
      SWEEP_AFTER_MS: '0',
    };
    t = await startApp('billing', env);
  });
  afterAll(async () => {
    await worker?.close();
    await dropQueue(t.config);
    await t.close();
    await stores.stop();
  });

  /** A Free account with an owner signed in on the app. */
  async function freeAccount(): Promise<TestAccount & { mobile: { Authorization: string } }> {
    const username = `billing_owner_${++n}`;
    const account = await t.createAccount({ plan: 'free', username, password: STRONG });
    const session = await mobile(t).signIn(username, STRONG);
    return { ...account, mobile: session.auth };
  }
  const me = async (a: TestAccount) => (await t.http.get('/v1/me').set(a.auth).expect(200)).body.data;
  const confirmIos = (a: { mobile: object }, body: object) =>
    t.http
      .post('/v1/billing/ios-store/confirm')
      .set(a.mobile as Record<string, string>)
      .send(body);
  const confirmAndroid = (a: { mobile: object }, body: object) =>
    t.http
      .post('/v1/billing/android-store/confirm')
      .set(a.mobile as Record<string, string>)
      .send(body);
  const iosNotify = (signedPayload: string) => t.http.post('/v1/billing/ios-store/notifications').send({ signedPayload });
  const androidNotify = (body: object, token: string | null = google.pushToken({ aud: AUDIENCE, email: PUSHER })) =>
    t.http
      .post('/v1/billing/android-store/notifications')
      .set(token ? { Authorization: `Bearer ${token}` } : {})
      .send(body);
  const notificationRows = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM store_notifications'))[0].n);
  async function processed(externalId: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await t.dataSource.query('SELECT id, status, outcome, last_error FROM store_notifications WHERE external_id = ?', [externalId]);
      if (row?.status === 'processed') return row;
      if (Date.now() > deadline) throw new Error(`notification ${externalId} not processed: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const uuidOf = (signedPayload: string) => JSON.parse(Buffer.from(signedPayload.split('.')[1], 'base64url').toString()).notificationUUID as string;

  describe('confirm (POST /v1/billing/{store}/confirm)', () => {
    it('an API key gets 403 forbidden on both', async () => {
      const a = await freeAccount();
      await t.http.post('/v1/billing/ios-store/confirm').set(a.auth).send({ transaction_id: '1' }).expect(403);
      await t.http.post('/v1/billing/android-store/confirm').set(a.auth).send({ purchase_token: 'x' }).expect(403);
      await t.http.post('/v1/billing/ios-store/confirm').send({ transaction_id: '1' }).expect(401);
    });

    it('iOS: verifies with the App Store, sets Pro and the expiry; the same subscription on a second account is 409 and changes nothing', async () => {
      const a = await freeAccount();
      const expires = Date.now() + 30 * DAY;
      apple.buy({ originalTransactionId: '1000000000000001', productId: 'pro_monthly', expiresDate: expires, status: 1, autoRenew: true });
      apple.transactions.set('1000000000000002', '1000000000000001'); // a renewal transaction of the same subscription
      const res = await confirmIos(a, { transaction_id: '1000000000000001', product_id: 'pro_monthly' }).expect(200);
      const plan = { code: 'pro', label: 'Pro', expires_at: ts(expires), lapsed_from_pro: false, cancel_at_period_end: false };
      expect(res.body).toEqual({ ok: true, data: { plan } });
      expect(await me(a)).toMatchObject({ subscription_expires_at: ts(expires), plan });
      // Confirming again (e.g. with a later transaction of the same subscription) is fine for the same account.
      await confirmIos(a, { transaction_id: '1000000000000002', original_transaction_id: '1000000000000001' }).expect(200);

      const b = await freeAccount();
      for (const transaction_id of ['1000000000000001', '1000000000000002']) {
        const conflict = await confirmIos(b, { transaction_id }).expect(409);
        expect(conflict.body.error.code).toBe('conflict');
      }
      expect((await me(b)).plan).toMatchObject({ code: 'free', expires_at: null });
      expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM store_subscriptions WHERE account_id = ?', [b.accountId]))[0].n)).toBe(0);
    });

    it('a product that is not the monthly or yearly Pro product is 400; an unknown transaction is 400; nothing changes', async () => {
      const a = await freeAccount();
      apple.buy({ originalTransactionId: '1000000000000010', productId: 'gold_weekly', expiresDate: Date.now() + DAY, status: 1, autoRenew: true });
      const sold = await confirmIos(a, { transaction_id: '1000000000000010' }).expect(400);
      expect(sold.body.error).toMatchObject({ code: 'validation_error', details: { product_id: expect.any(String) } });
      const asked = await confirmIos(a, { transaction_id: '1000000000000010', product_id: 'gold_weekly' }).expect(400);
      expect(asked.body.error.details).toHaveProperty('product_id');
      const unknown = await confirmIos(a, { transaction_id: '9999999999999999' }).expect(400);
      expect(unknown.body.error.details).toHaveProperty('transaction_id');
      await confirmIos(a, {}).expect(400);
      expect((await me(a)).plan.code).toBe('free');
    });

    it('a store answering 5xx is 503 store_unavailable with the plan unchanged', async () => {
      const a = await freeAccount();
      apple.buy({ originalTransactionId: '1000000000000020', productId: 'pro_yearly', expiresDate: Date.now() + 365 * DAY, status: 1, autoRenew: true });
      google.purchases.set('tok-5xx', { productId: 'pro_yearly', expiryTime: Date.now() + 365 * DAY, state: 'SUBSCRIPTION_STATE_ACTIVE', autoRenew: true });
      apple.failing = true;
      google.failing = true;
      try {
        const ios = await confirmIos(a, { transaction_id: '1000000000000020' }).expect(503);
        expect(ios.body.error.code).toBe('store_unavailable');
        const android = await confirmAndroid(a, { purchase_token: 'tok-5xx' }).expect(503);
        expect(android.body.error.code).toBe('store_unavailable');
      } finally {
        apple.failing = false;
        google.failing = false;
      }
      expect((await me(a)).plan).toMatchObject({ code: 'free', expires_at: null });
      await confirmIos(a, { transaction_id: '1000000000000020' }).expect(200);
    });

    it('Android: verifies with Play (token from the token_uri), acknowledges, follows linkedPurchaseToken; a linked token on another account is 409', async () => {
      const a = await freeAccount();
      const expires = Date.now() + 30 * DAY;
      google.purchases.set('tok-first', { productId: 'pro_monthly', expiryTime: expires, state: 'SUBSCRIPTION_STATE_ACTIVE', autoRenew: true });
      const res = await confirmAndroid(a, { purchase_token: 'tok-first', product_id: 'pro_monthly' }).expect(200);
      expect(res.body.data.plan).toEqual({ code: 'pro', label: 'Pro', expires_at: ts(expires), lapsed_from_pro: false, cancel_at_period_end: false });
      expect(google.acknowledged).toContain('tok-first');
      expect(google.tokenRequests).toBeGreaterThan(0);

      // An upgrade to yearly: a new token linked to the first one is the same subscription.
      const later = Date.now() + 365 * DAY;
      google.purchases.set('tok-upgrade', {
        productId: 'pro_yearly',
        expiryTime: later,
        state: 'SUBSCRIPTION_STATE_ACTIVE',
        autoRenew: true,
        linkedPurchaseToken: 'tok-first',
      });
      const b = await freeAccount();
      const conflict = await confirmAndroid(b, { purchase_token: 'tok-upgrade' }).expect(409);
      expect(conflict.body.error.code).toBe('conflict');
      expect((await me(b)).plan.code).toBe('free');
      await confirmAndroid(a, { purchase_token: 'tok-upgrade' }).expect(200);
      expect((await me(a)).plan.expires_at).toBe(ts(later));
      const subs = await t.dataSource.query('SELECT id, product_id FROM store_subscriptions WHERE account_id = ?', [a.accountId]);
      expect(subs).toEqual([expect.objectContaining({ product_id: 'pro_yearly' })]);
      await confirmAndroid(b, { purchase_token: 'tok-first' }).expect(409);
      await confirmAndroid(a, { purchase_token: 'tok-unknown' }).expect(400);
    });
  });

  describe('notifications', () => {
    it('iOS: a forged or re-signed payload, or one of another app, is 400 validation_error and stores nothing', async () => {
      const sub = { originalTransactionId: '1000000000000030', productId: 'pro_monthly', expiresDate: Date.now() + DAY, status: 1, autoRenew: true };
      const genuine = apple.notification(sub, 'DID_RENEW');
      const before = await notificationRows();
      const forged = await iosNotify(
        tamper(genuine, { notificationType: 'DID_RENEW', notificationUUID: 'forged', data: { bundleId: BUNDLE, environment: 'Sandbox' } }),
      ).expect(400);
      expect(forged.body.error).toMatchObject({ code: 'validation_error', details: { signedPayload: expect.any(String) } });
      const otherChain = new TestAppleChain(keyDir(), 'Other Root CA');
      await iosNotify(new FakeAppStore(otherChain, BUNDLE).notification(sub, 'DID_RENEW')).expect(400);
      await iosNotify(apple.notification(sub, 'DID_RENEW', undefined, undefined, 'com.other.app')).expect(400);
      await iosNotify('not-a-jws').expect(400);
      expect(await notificationRows()).toBe(before);
    });

    it('Android: a push without a token, or with a bad one, is 401 when the audience is configured', async () => {
      const body = google.push('tok-any', 2);
      await androidNotify(body, null).expect(401);
      await androidNotify(body, google.pushToken({ aud: 'https://elsewhere.example/push', email: PUSHER })).expect(401);
      await androidNotify(body, google.pushToken({ aud: AUDIENCE, email: 'someone@else.iam.gserviceaccount.com' })).expect(401);
      await androidNotify(body, google.pushToken({ aud: AUDIENCE, email: PUSHER }, google.serviceAccountKey.privatePem)).expect(401);
      await androidNotify(body, google.pushToken({ aud: AUDIENCE, email: PUSHER, iss: 'https://evil.example' })).expect(401);
      await androidNotify({ message: { messageId: 'm-bad' } }).expect(400);
    });

    it('a notification that arrives before credentials waits, and is processed once a worker has them', async () => {
      const a = await freeAccount();
      google.purchases.set('tok-late', { productId: 'pro_monthly', expiryTime: Date.now() + 10 * DAY, state: 'SUBSCRIPTION_STATE_ACTIVE', autoRenew: true });
      await confirmAndroid(a, { purchase_token: 'tok-late' }).expect(200);
      const renewed = Date.now() + 40 * DAY;
      google.purchases.get('tok-late')!.expiryTime = renewed;
      const res = await androidNotify(google.push('tok-late', 2, 'msg-late')).expect(200);
      expect(res.body.data).toEqual({ received: true, duplicate: false });

      const withoutCredentials: AppConfig = { ...t.config, stores: { ...t.config.stores, play: { ...t.config.stores.play, serviceAccountPath: null } } };
      const early = await startWorker(withoutCredentials);
      try {
        const [row] = await t.dataSource.query("SELECT id FROM store_notifications WHERE external_id = 'msg-late'");
        expect(await early.app.get(ProcessStoreNotification).execute(Number(row.id))).toEqual({ outcome: 'waiting' });
        const [still] = await t.dataSource.query('SELECT status FROM store_notifications WHERE id = ?', [row.id]);
        expect(still.status).toBe('queued');
        expect((await me(a)).plan.expires_at).not.toBe(ts(renewed));
      } finally {
        await early.close();
      }
      worker = await startWorker(t.config);
      expect(await processed('msg-late')).toMatchObject({ outcome: 'reconciled' });
      expect((await me(a)).plan.expires_at).toBe(ts(renewed));
    });

    it('iOS renewal extends Pro; a replay answers duplicate: true and changes nothing', async () => {
      const a = await freeAccount();
      const sub = { originalTransactionId: '1000000000000040', productId: 'pro_monthly', expiresDate: Date.now() + 5 * DAY, status: 1, autoRenew: true };
      apple.buy(sub);
      await confirmIos(a, { transaction_id: sub.originalTransactionId }).expect(200);
      sub.expiresDate = Date.now() + 35 * DAY;
      const payload = apple.notification(sub, 'DID_RENEW');
      expect((await iosNotify(payload).expect(200)).body.data).toEqual({ received: true, duplicate: false });
      await processed(uuidOf(payload));
      expect((await me(a)).plan).toMatchObject({ code: 'pro', expires_at: ts(sub.expiresDate) });

      const rows = await notificationRows();
      const replayedAt = sub.expiresDate;
      sub.expiresDate = Date.now() + 90 * DAY; // what the store would say now; a replay must not fetch it
      expect((await iosNotify(payload).expect(200)).body.data).toEqual({ received: true, duplicate: true });
      expect(await notificationRows()).toBe(rows);
      expect((await me(a)).plan.expires_at).toBe(ts(replayedAt));
    });

    it('iOS cancel at period end is shown, then Pro ends at expiry; a refund ends Pro at once', async () => {
      const a = await freeAccount();
      const sub = { originalTransactionId: '1000000000000050', productId: 'pro_yearly', expiresDate: Date.now() + 20 * DAY, status: 1, autoRenew: true };
      apple.buy(sub);
      await confirmIos(a, { transaction_id: sub.originalTransactionId }).expect(200);
      sub.autoRenew = false;
      const cancel = apple.notification(sub, 'DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_DISABLED');
      await iosNotify(cancel).expect(200);
      await processed(uuidOf(cancel));
      expect((await me(a)).plan).toEqual({ code: 'pro', label: 'Pro', expires_at: ts(sub.expiresDate), lapsed_from_pro: false, cancel_at_period_end: true });

      sub.expiresDate = Date.now() - 1000;
      sub.status = 2;
      const expired = apple.notification(sub, 'EXPIRED', 'VOLUNTARY');
      await iosNotify(expired).expect(200);
      await processed(uuidOf(expired));
      expect((await me(a)).plan).toMatchObject({ code: 'free', lapsed_from_pro: true, cancel_at_period_end: false });

      const b = await freeAccount();
      const refunded = { originalTransactionId: '1000000000000060', productId: 'pro_monthly', expiresDate: Date.now() + 25 * DAY, status: 1, autoRenew: true };
      apple.buy(refunded);
      await confirmIos(b, { transaction_id: refunded.originalTransactionId }).expect(200);
      Object.assign(refunded, { status: 5, revocationDate: Date.now() - 1000 });
      const refund = apple.notification(refunded, 'REFUND');
      await iosNotify(refund).expect(200);
      await processed(uuidOf(refund));
      expect((await me(b)).plan).toMatchObject({ code: 'free', lapsed_from_pro: true });
    });

    it('Android renewal, replay, cancel and revoke through pushes', async () => {
      const a = await freeAccount();
      google.purchases.set('tok-life', { productId: 'pro_monthly', expiryTime: Date.now() + 3 * DAY, state: 'SUBSCRIPTION_STATE_ACTIVE', autoRenew: true });
      await confirmAndroid(a, { purchase_token: 'tok-life' }).expect(200);
      const purchase = google.purchases.get('tok-life')!;
      purchase.expiryTime = Date.now() + 33 * DAY;
      const renewal = google.push('tok-life', 2, 'msg-renew');
      expect((await androidNotify(renewal).expect(200)).body.data).toEqual({ received: true, duplicate: false });
      await processed('msg-renew');
      expect((await me(a)).plan.expires_at).toBe(ts(purchase.expiryTime));
      expect((await androidNotify(renewal).expect(200)).body.data).toEqual({ received: true, duplicate: true });

      Object.assign(purchase, { state: 'SUBSCRIPTION_STATE_CANCELED', autoRenew: false });
      await androidNotify(google.push('tok-life', 3, 'msg-cancel')).expect(200);
      await processed('msg-cancel');
      expect((await me(a)).plan).toMatchObject({ code: 'pro', cancel_at_period_end: true });

      purchase.state = 'SUBSCRIPTION_STATE_EXPIRED'; // revoked: Pro ends now although the period was paid
      await androidNotify(google.push('tok-life', 12, 'msg-revoke')).expect(200);
      await processed('msg-revoke');
      expect((await me(a)).plan).toMatchObject({ code: 'free', lapsed_from_pro: true });
    });
  });

  it('limits: Free is capped (402), Pro after confirm is not, and after expiry the caps and 403 subscription_expired return', async () => {
    const a = await freeAccount();
    const clientId = await createClient(t, a);
    await createClient(t, a);
    const today = new Date().toISOString().slice(0, 10);
    const invoice = () => t.http.post('/v1/invoices').set(a.auth).send({ client_id: clientId, invoice_date: today, payment_due_date: today });
    const item = (name: string) => t.http.post('/v1/inventory').set(a.auth).send({ name, rate: 5 });
    const client = (name: string, phone: string) =>
      t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name, phone, email: `${phone}@limits.example` });
    const subUser = (username: string) => t.http.post('/v1/settings/users').set(a.mobile).send({ username, password: STRONG, permissions: [] });
    await invoice().expect(201);
    await invoice().expect(201);
    await item('one').expect(201);
    await item('two').expect(201);
    expect((await invoice().expect(402)).body.error.details).toMatchObject({ limit: 2, plan: 'free', used: 2 });
    expect((await item('three').expect(402)).body.error.details).toMatchObject({ limit: 2, plan: 'free', used: 2 });
    expect((await client('Third', '9123400001').expect(402)).body.error.details).toMatchObject({ limit: 2, plan: 'free', used: 2 });
    await subUser(`limits_clerk_${n}`).expect(402);

    const sub = { originalTransactionId: '1000000000000070', productId: 'pro_monthly', expiresDate: Date.now() + 30 * DAY, status: 1, autoRenew: true };
    apple.buy(sub);
    await confirmIos(a, { transaction_id: sub.originalTransactionId }).expect(200);
    await invoice().expect(201);
    await item('three').expect(201);
    await client('Third', '9123400001').expect(201);
    await subUser(`limits_clerk_${n}`).expect(201);

    Object.assign(sub, { expiresDate: Date.now() - 1000, status: 2, autoRenew: false });
    const expired = apple.notification(sub, 'EXPIRED', 'VOLUNTARY');
    await iosNotify(expired).expect(200);
    await processed(uuidOf(expired));
    expect((await invoice().expect(402)).body.error.details).toMatchObject({ plan: 'free', limit: 2 });
    await item('four').expect(402);
    await client('Fourth', '9123400002').expect(402);
    expect((await subUser(`limits_clerk_b_${n}`).expect(403)).body.error.code).toBe('subscription_expired');
    // Nothing stored is hidden.
    expect((await t.http.get('/v1/clients?limit=1').set(a.auth).expect(200)).body.data.total).toBe(3);
    expect((await t.http.get('/v1/settings/users').set(a.auth).expect(200)).body.data.total).toBeGreaterThanOrEqual(1);
  });

  it('the daily re-check fetches subscriptions that end within a day and reconciles them', async () => {
    const a = await freeAccount();
    google.purchases.set('tok-recheck', { productId: 'pro_monthly', expiryTime: Date.now() + DAY / 2, state: 'SUBSCRIPTION_STATE_ACTIVE', autoRenew: true });
    await confirmAndroid(a, { purchase_token: 'tok-recheck' }).expect(200);
    await t.dataSource.query('UPDATE store_subscriptions SET checked_at = ? WHERE account_id = ?', [ts(Date.now() - DAY), a.accountId]);
    const renewed = Date.now() + 31 * DAY;
    google.purchases.get('tok-recheck')!.expiryTime = renewed; // the renewal notification was lost
    const result = await worker!.app.get(RecheckSubscriptions).execute();
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect((await me(a)).plan.expires_at).toBe(ts(renewed));
  });
});

describe('store billing without store credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('billing_unconfigured');
  });
  afterAll(() => t.close());

  const sub = { originalTransactionId: '1000000000000900', productId: 'pro_monthly', expiresDate: Date.now() + DAY, status: 1, autoRenew: true };
  const notificationRows = async (tt: TestApp) => Number((await tt.dataSource.query('SELECT COUNT(*) AS n FROM store_notifications'))[0].n);

  it('confirm answers 503 not_configured', async () => {
    const account = await t.createAccount({ plan: 'free', username: 'unconfigured_owner', password: STRONG });
    const { auth } = await mobile(t).signIn('unconfigured_owner', STRONG);
    const ios = await t.http.post('/v1/billing/ios-store/confirm').set(auth).send({ transaction_id: '1' }).expect(503);
    expect(ios.body.error.code).toBe('not_configured');
    const android = await t.http
      .post('/v1/billing/android-store/confirm')
      .set(bearer(auth.Authorization.slice(7)))
      .send({ purchase_token: 'x' })
      .expect(503);
    expect(android.body.error.code).toBe('not_configured');
    expect((await t.http.get('/v1/me').set(account.auth).expect(200)).body.data.plan.code).toBe('free');
  });

  it("iOS notifications are verified against Apple's shipped root first: garbage or a chain to another root is 400, never 503", async () => {
    for (const signedPayload of ['a.b.c', 'not-a-jws']) {
      const res = await t.http.post('/v1/billing/ios-store/notifications').send({ signedPayload }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { signedPayload: expect.any(String) } });
    }
    const untrusted = await t.http
      .post('/v1/billing/ios-store/notifications')
      .send({ signedPayload: new FakeAppStore(new TestAppleChain(keyDir(), 'Fake Apple Root CA'), BUNDLE).notification(sub, 'DID_RENEW') })
      .expect(400);
    expect(untrusted.body.error).toMatchObject({
      code: 'validation_error',
      details: { signedPayload: expect.stringMatching(/signature or certificate chain/) },
    });
    expect(await notificationRows(t)).toBe(0);
  });

  describe('with a trusted root but no bundle id', () => {
    let chain: TestAppleChain;
    let tr: TestApp;
    beforeAll(async () => {
      chain = new TestAppleChain(keyDir(), 'Trusted Root CA');
      tr = await startApp('billing_roots_only', { APPSTORE_ROOT_CERTS: chain.rootPath, APPSTORE_ONLINE_CHECKS: 'off' });
    });
    afterAll(() => tr.close());

    it('a notification that verifies is 503 not_configured (Apple retries); a forged or untrusted one is 400; nothing is stored', async () => {
      const notify = (signedPayload: string) => tr.http.post('/v1/billing/ios-store/notifications').send({ signedPayload });
      const genuine = new FakeAppStore(chain, BUNDLE).notification(sub, 'DID_RENEW');
      expect((await notify(genuine).expect(503)).body.error.code).toBe('not_configured');
      const forged = await notify(
        tamper(genuine, { notificationType: 'DID_RENEW', notificationUUID: 'forged', data: { bundleId: BUNDLE, environment: 'Sandbox' } }),
      ).expect(400);
      expect(forged.body.error).toMatchObject({ code: 'validation_error', details: { signedPayload: expect.stringMatching(/does not verify/) } });
      await notify(new FakeAppStore(new TestAppleChain(keyDir(), 'Other Root CA'), BUNDLE).notification(sub, 'DID_RENEW')).expect(400);
      await notify('a.b.c').expect(400);
      expect(await notificationRows(tr)).toBe(0);
    });
  });
});
