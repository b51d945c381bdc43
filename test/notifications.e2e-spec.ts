import { startApp, TestAccount, TestApp } from './support/app-harness';
import { bearer, mobile, SignedIn, TIMESTAMP } from './support/mobile-auth';
import { PurgeOldNotifications } from '@app/domain/notifications/purge-notifications.use-case';
import { relayAll } from './support/notification-helpers';
import { line } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const STRONG = 'Str0ng!Pass';
const FCM_TOKEN = (n: string) => `fcm-${n}:APA91b${'x'.repeat(120)}`;

type Auth = { Authorization: string };

describe('notifications: team feed, read state, prefs and devices', () => {
  let t: TestApp;
  let worker: TestWorker;
  let a: TestAccount;
  let owner: SignedIn;
  let priya: SignedIn;
  let ravi: SignedIn;
  let priyaId: number;
  let raviId: number;
  let clientId: number;
  let priyaInvoice: { id: number; number: string };
  let keyInvoice: { id: number; number: string };

  const feed = async (auth: Auth, query = 'limit=100') => (await t.http.get(`/v1/notifications?${query}`).set(auth).expect(200)).body.data;
  const items = async (auth: Auth) => (await feed(auth)).notifications as Array<Record<string, any>>;
  const aboutEntity = (list: Array<Record<string, any>>, type: string, id: number) => list.filter((n) => n.entity_type === type && n.entity_id === id);
  const createInvoice = async (auth: Auth) => {
    const res = await t.http
      .post('/v1/invoices')
      .set(auth)
      .send({ client_id: clientId, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items: [line('Steel rods', 100, 1000)] })
      .expect(201);
    return { id: res.body.data.invoice_id as number, number: res.body.data.invoice_number as string };
  };

  beforeAll(async () => {
    t = await startApp('notifications', { QUEUE_PREFIX: queuePrefixFor('notifications'), ACTIVITY_RELAY_INTERVAL_MS: '3600000' });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Sharma Steel', email: 'owner@sharma.example', username: 'anil', password: STRONG });
    const m = mobile(t);
    priyaId = await m.addUser(a.auth, 'priya', STRONG, ['invoices', 'clients']);
    raviId = await m.addUser(a.auth, 'ravi', STRONG, ['clients']);
    owner = await m.signIn('anil', STRONG, { device_name: 'Pixel 8' });
    priya = await m.signIn('priya', STRONG);
    ravi = await m.signIn('ravi', STRONG);
    // The owner (a user) adds the client; Priya issues an invoice; the API key issues another.
    clientId = (
      await t.http
        .post('/v1/clients')
        .set(owner.auth)
        .send({ name: 'Sharma Traders', phone: '9876543210', email: 'accounts@sharma-traders.example' })
        .expect(201)
    ).body.data.client.client_id;
    priyaInvoice = await createInvoice(priya.auth);
    keyInvoice = await createInvoice(a.auth);
    await relayAll(worker);
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
  });

  it("hides own activity and shows another user's, with a text written for a person and a deep link", async () => {
    const ownerFeed = await items(owner.auth);
    expect(aboutEntity(ownerFeed, 'client', clientId)).toEqual([]); // the owner made it
    const [created] = aboutEntity(ownerFeed, 'invoice', priyaInvoice.id);
    expect(created).toEqual({
      notification_id: expect.any(Number),
      type: 'activity',
      category: 'invoices',
      action: 'created',
      title: 'Invoice created',
      body: `priya created invoice ${priyaInvoice.number} for Sharma Traders, ₹1,18,000.00.`,
      entity_type: 'invoice',
      entity_id: priyaInvoice.id,
      actor_user_id: priyaId,
      read_at: null,
      created_at: expect.stringMatching(TIMESTAMP),
      deep_link: { screen: 'invoice_detail', entity_type: 'invoice', entity_id: priyaInvoice.id, document_type: 'invoice', document_id: priyaInvoice.id },
    });
    expect(aboutEntity(await items(priya.auth), 'invoice', priyaInvoice.id)).toEqual([]); // her own
    const [clientNote] = aboutEntity(await items(priya.auth), 'client', clientId);
    expect(clientNote).toMatchObject({ category: 'clients', actor_user_id: a.userId, deep_link: { screen: 'client_detail', entity_id: clientId } });
  });

  it('shows API-key activity (no actor) to every user who may see its category', async () => {
    for (const who of [owner, priya]) {
      const [n] = aboutEntity(await items(who.auth), 'invoice', keyInvoice.id);
      expect(n).toMatchObject({
        actor_user_id: null,
        body: `Someone using the API key created invoice ${keyInvoice.number} for Sharma Traders, ₹1,18,000.00.`,
      });
    }
  });

  it('never shows invoice notifications to a sub-user without the invoices permission', async () => {
    const raviFeed = await items(ravi.auth);
    expect(raviFeed.filter((n) => n.category === 'invoices' || n.category === 'payments')).toEqual([]);
    expect(aboutEntity(raviFeed, 'client', clientId)).toHaveLength(1); // clients he may see
  });

  it('shows a login alert to the user who signed in and to the owner only', async () => {
    const logins = async (auth: Auth) =>
      (await items(auth))
        .filter((n) => n.category === 'login')
        .map((n) => n.actor_user_id)
        .sort();
    expect(await logins(owner.auth)).toEqual([a.userId, priyaId, raviId].sort());
    expect(await logins(priya.auth)).toEqual([priyaId]);
    expect(await logins(ravi.auth)).toEqual([raviId]);
    const [own] = (await items(owner.auth)).filter((n) => n.category === 'login' && n.actor_user_id === a.userId);
    expect(own).toMatchObject({ type: 'login_alert', action: 'signed_in', title: 'New sign-in', body: 'anil signed in on Pixel 8.' });
  });

  it('keeps read state per user, counts unread exactly, and marks read idempotently', async () => {
    const ownerCopy = aboutEntity(await items(owner.auth), 'invoice', keyInvoice.id)[0];
    const priyaCopy = aboutEntity(await items(priya.auth), 'invoice', keyInvoice.id)[0];
    const first = await t.http.patch(`/v1/notifications/${ownerCopy.notification_id}/read`).set(owner.auth).expect(200);
    expect(first.body.data).toEqual({ notification: { notification_id: ownerCopy.notification_id, read_at: expect.stringMatching(TIMESTAMP) } });
    const again = await t.http.patch(`/v1/notifications/${ownerCopy.notification_id}/read`).set(owner.auth).expect(200);
    expect(again.body.data.notification.read_at).toBe(first.body.data.notification.read_at);
    expect(aboutEntity(await items(priya.auth), 'invoice', keyInvoice.id)[0].read_at).toBeNull();

    for (const who of [owner, priya, ravi]) {
      const page = await feed(who.auth);
      const counted = page.notifications.filter((n: { read_at: string | null }) => n.read_at === null).length;
      expect(page.unread_count).toBe(counted);
      expect((await t.http.get('/v1/notifications/unread-count').set(who.auth).expect(200)).body.data).toEqual({ unread_count: counted });
    }
    const unreadOnly = await feed(owner.auth, 'unread_only=1');
    expect(unreadOnly.notifications.map((n: { notification_id: number }) => n.notification_id)).not.toContain(ownerCopy.notification_id);
    expect(unreadOnly.notifications.every((n: { read_at: string | null }) => n.read_at === null)).toBe(true);
    void priyaCopy;
  });

  it('pages newest first with limit (default 50, max 100) and offset', async () => {
    const all = await feed(owner.auth);
    expect(all).toMatchObject({ limit: 100, offset: 0 });
    const ids = all.notifications.map((n: { notification_id: number }) => n.notification_id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const second = await feed(owner.auth, 'limit=1&offset=1');
    expect(second.notifications.map((n: { notification_id: number }) => n.notification_id)).toEqual([ids[1]]);
    expect((await feed(owner.auth, '')).limit).toBe(50);
    const tooMany = await t.http.get('/v1/notifications?limit=101').set(owner.auth).expect(400);
    expect(tooMany.body.error).toMatchObject({ code: 'validation_error', details: { limit: expect.any(String) } });
    await t.http.get('/v1/notifications?unread_only=maybe').set(owner.auth).expect(400);
  });

  it('answers 404 for a notification of another user or another account', async () => {
    const ownerCopy = aboutEntity(await items(owner.auth), 'invoice', priyaInvoice.id)[0];
    const res = await t.http.patch(`/v1/notifications/${ownerCopy.notification_id}/read`).set(priya.auth).expect(404);
    expect(res.body.error.code).toBe('not_found');
    const other = await t.createAccount({ name: 'Other Co', email: 'other@example.com', username: 'other_owner', password: STRONG });
    const stranger = await mobile(t).signIn('other_owner', STRONG);
    await t.http.patch(`/v1/notifications/${ownerCopy.notification_id}/read`).set(stranger.auth).expect(404);
    expect(aboutEntity(await items(owner.auth), 'invoice', priyaInvoice.id)[0].read_at).toBeNull();
    void other;
  });

  it('read-all marks every unread notification of the caller only', async () => {
    const before = (await feed(priya.auth)).unread_count;
    expect(before).toBeGreaterThan(0);
    const raviBefore = (await feed(ravi.auth)).unread_count;
    expect((await t.http.post('/v1/notifications/read-all').set(priya.auth).expect(200)).body.data).toEqual({ marked_read: before });
    expect((await feed(priya.auth)).unread_count).toBe(0);
    expect((await t.http.post('/v1/notifications/read-all').set(priya.auth).expect(200)).body.data).toEqual({ marked_read: 0 });
    expect((await feed(ravi.auth)).unread_count).toBe(raviBefore);
  });

  it('notifies a payment under its own category', async () => {
    await t.http.patch(`/v1/invoices/${keyInvoice.id}`).set(priya.auth).send({ payment_status: 'paid' }).expect(200);
    await relayAll(worker);
    const [paid] = (await items(owner.auth)).filter((n) => n.category === 'payments');
    expect(paid).toMatchObject({
      action: 'paid',
      title: 'Payment recorded',
      body: `priya marked invoice ${keyInvoice.number} for Sharma Traders as paid, ₹1,18,000.00.`,
    });
    expect((await items(ravi.auth)).filter((n) => n.category === 'payments')).toEqual([]);
  });

  it('needs a mobile Bearer: an API key is 403, no credentials 401', async () => {
    for (const [method, path] of [
      ['get', '/v1/notifications'],
      ['get', '/v1/notifications/unread-count'],
      ['post', '/v1/notifications/read-all'],
      ['get', '/v1/notifications/prefs'],
      ['post', '/v1/devices'],
    ] as const) {
      expect((await t.http[method](path).set(a.auth).expect(403)).body.error.code).toBe('forbidden');
      expect((await t.http[method](path).expect(401)).body.error.code).toBe('unauthorized');
    }
  });

  it('prefs: every category defaults to true; PATCH merges; unknown categories and non-booleans are 400 by key', async () => {
    const initial = (await t.http.get('/v1/notifications/prefs').set(ravi.auth).expect(200)).body.data.prefs;
    expect(Object.keys(initial)).toEqual(
      expect.arrayContaining([
        'login',
        'clients',
        'invoices',
        'quotations',
        'proforma_invoices',
        'debit_notes',
        'credit_notes',
        'payments',
        'inventory',
        'expenses',
        'sendouts',
        'billing',
      ]),
    );
    expect(Object.values(initial).every((v) => v === true)).toBe(true);
    const saved = await t.http
      .patch('/v1/notifications/prefs')
      .set(ravi.auth)
      .send({ prefs: { clients: false } })
      .expect(200);
    expect(saved.body.data).toEqual({ saved: true, prefs: { ...initial, clients: false } });
    await t.http
      .patch('/v1/notifications/prefs')
      .set(ravi.auth)
      .send({ prefs: { login: false } })
      .expect(200);
    expect((await t.http.get('/v1/notifications/prefs').set(ravi.auth).expect(200)).body.data.prefs).toEqual({ ...initial, clients: false, login: false });
    expect((await t.http.get('/v1/notifications/prefs').set(priya.auth).expect(200)).body.data.prefs).toEqual(initial); // per user
    const bad = await t.http
      .patch('/v1/notifications/prefs')
      .set(ravi.auth)
      .send({ prefs: { bogus: true, invoices: 'yes' } })
      .expect(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_error', details: { 'prefs.bogus': expect.any(String), 'prefs.invoices': expect.any(String) } });
    expect(
      (
        await t.http
          .patch('/v1/notifications/prefs')
          .set(ravi.auth)
          .send({ prefs: [true] })
          .expect(400)
      ).body.error.details,
    ).toHaveProperty('prefs');
    expect((await t.http.patch('/v1/notifications/prefs').set(ravi.auth).send({}).expect(400)).body.error.details).toHaveProperty('prefs');
  });

  describe('devices', () => {
    const deviceRows = (token: string) =>
      t.dataSource.query('SELECT id, user_id, session_id, platform FROM push_devices WHERE token_hash = SHA2(?, 256)', [token]) as Promise<
        Array<{ id: number; user_id: number; session_id: number; platform: string }>
      >;

    it('registers idempotently, and a token moves to the user who signs in next on that phone', async () => {
      const token = FCM_TOKEN('phone-1');
      const first = await t.http.post('/v1/devices').set(priya.auth).send({ fcm_token: token, platform: 'android' }).expect(200);
      expect(first.body.data).toEqual({ device_id: expect.any(Number), registered: true, platform: 'android' });
      const again = await t.http.post('/v1/devices').set(priya.auth).send({ fcm_token: token, platform: 'android' }).expect(200);
      expect(again.body.data.device_id).toBe(first.body.data.device_id);
      expect(await deviceRows(token)).toEqual([{ id: first.body.data.device_id, user_id: priyaId, session_id: priya.sessionId, platform: 'android' }]);
      await t.http.post('/v1/devices').set(ravi.auth).send({ fcm_token: token, platform: 'android' }).expect(200);
      expect(await deviceRows(token)).toEqual([{ id: first.body.data.device_id, user_id: raviId, session_id: ravi.sessionId, platform: 'android' }]);
      const stored = await t.dataSource.query('SELECT token_sealed FROM push_devices WHERE id = ?', [first.body.data.device_id]);
      expect(stored[0].token_sealed).not.toContain('phone-1'); // sealed at rest
    });

    it('a token another sign-in registers moves to it, and the user who loses it and the owner are told; another account is never named', async () => {
      const moves = async (auth: Auth, deviceId: number) => (await items(auth)).filter((n) => n.entity_type === 'push_device' && n.entity_id === deviceId);

      // Within the account: Ravi signs in on Priya's phone.
      const shared = FCM_TOKEN('shared-in-team');
      const device = (await t.http.post('/v1/devices').set(priya.auth).send({ fcm_token: shared, platform: 'android' }).expect(200)).body.data.device_id;
      await t.http.post('/v1/devices').set(ravi.auth).send({ fcm_token: shared, platform: 'android' }).expect(200);

      // Across accounts: the owner of another business signs in on the phone Priya uses now.
      const phone = FCM_TOKEN('sold-phone');
      const sold = (await t.http.post('/v1/devices').set(priya.auth).send({ fcm_token: phone, platform: 'ios' }).expect(200)).body.data.device_id;
      const other = await t.createAccount({ name: 'Verma Exports', email: 'owner@verma.example', username: 'verma_owner', password: STRONG });
      const stranger = await mobile(t).signIn('verma_owner', STRONG);
      await t.http.post('/v1/devices').set(stranger.auth).send({ fcm_token: phone, platform: 'ios' }).expect(200);
      expect(await deviceRows(phone)).toEqual([{ id: sold, user_id: other.userId, session_id: stranger.sessionId, platform: 'ios' }]);
      // Registering again from the same sign-in, or another sign-in of the same user, moves nothing away from anyone.
      await t.http.post('/v1/devices').set(stranger.auth).send({ fcm_token: phone, platform: 'ios' }).expect(200);
      await relayAll(worker);

      const [inTeam] = await moves(priya.auth, device);
      expect(inTeam).toMatchObject({
        type: 'login_alert',
        category: 'login',
        action: 'moved',
        actor_user_id: null,
        title: 'Push notifications moved',
        body: 'Push notifications for priya on an Android device now go to ravi, who signed in on it later.',
        deep_link: { screen: 'sessions', entity_type: 'push_device', entity_id: device },
      });
      const toPriya = await moves(priya.auth, sold);
      expect(toPriya).toEqual([
        expect.objectContaining({
          type: 'login_alert',
          action: 'moved',
          body: 'Push notifications for priya stopped on an iOS device: a sign-in to another account registered it. Sign in on it again to get them back.',
        }),
      ]);
      expect((await moves(owner.auth, sold)).map((n) => n.body)).toEqual([toPriya[0].body]);
      expect(await moves(ravi.auth, sold)).toEqual([]);
      expect((await items(stranger.auth)).filter((n) => n.entity_type === 'push_device')).toEqual([]);
      expect(JSON.stringify(toPriya)).not.toMatch(/verma/i);

      // The losing account's audit trail records the move by the service, without the other account.
      const trail = (await t.http.get(`/v1/audit-log?entity_type=push_device&entity_id=${sold}`).set(a.auth).expect(200)).body.data.entries;
      expect(trail).toEqual([
        expect.objectContaining({
          action: 'moved',
          actor: expect.objectContaining({ type: 'system' }),
          before: { user_id: priyaId, platform: 'ios' },
          after: { moved_to: 'another_account' },
        }),
      ]);
      expect((await t.http.get('/v1/audit-log?entity_type=push_device').set(other.auth).expect(200)).body.data.entries).toEqual([]);
    });

    it('refuses an APNs device token, a bad platform and a missing token, by field', async () => {
      const apns = await t.http
        .post('/v1/devices')
        .set(priya.auth)
        .send({ fcm_token: 'a'.repeat(64), platform: 'ios' })
        .expect(400);
      expect(apns.body.error).toMatchObject({ code: 'validation_error', details: { fcm_token: expect.stringMatching(/push-messaging/) } });
      expect(apns.body.error.message).toMatch(/push-messaging/);
      const platform = await t.http
        .post('/v1/devices')
        .set(priya.auth)
        .send({ fcm_token: FCM_TOKEN('p'), platform: 'web' })
        .expect(400);
      expect(platform.body.error.details).toEqual({ platform: expect.any(String) });
      const missing = await t.http.post('/v1/devices').set(priya.auth).send({ platform: 'ios' }).expect(400);
      expect(missing.body.error.details).toEqual({ fcm_token: expect.any(String) });
    });

    it("DELETE unregisters the caller's token; logout and revocation remove the session's devices", async () => {
      const token = FCM_TOKEN('phone-2');
      await t.http.post('/v1/devices').set(priya.auth).send({ fcm_token: token, platform: 'ios' }).expect(200);
      expect((await t.http.delete('/v1/devices').set(priya.auth).send({ fcm_token: token }).expect(200)).body.data).toEqual({ unregistered: true });
      expect(await deviceRows(token)).toEqual([]);
      expect((await t.http.delete('/v1/devices').set(priya.auth).send({ fcm_token: token }).expect(200)).body.data).toEqual({ unregistered: true });

      const session = await mobile(t).signIn('priya', STRONG);
      const kept = FCM_TOKEN('phone-3');
      const dropped = FCM_TOKEN('phone-4');
      await t.http.post('/v1/devices').set(priya.auth).send({ fcm_token: kept, platform: 'ios' }).expect(200);
      await t.http.post('/v1/devices').set(session.auth).send({ fcm_token: dropped, platform: 'android' }).expect(200);
      await t.http.post('/v1/auth/logout').set(bearer(session.access)).expect(200);
      expect(await deviceRows(dropped)).toEqual([]);
      expect(await deviceRows(kept)).toHaveLength(1);

      const other = await mobile(t).signIn('priya', STRONG);
      const revoked = FCM_TOKEN('phone-5');
      await t.http.post('/v1/devices').set(other.auth).send({ fcm_token: revoked, platform: 'android' }).expect(200);
      await t.http.post('/v1/auth/sessions/revoke-others').set(priya.auth).expect(200);
      expect(await deviceRows(revoked)).toEqual([]);
      expect(await deviceRows(kept)).toHaveLength(1);
    });
  });

  it('removes notifications older than 90 days in the daily clean-up', async () => {
    const unread = await feed(owner.auth, 'unread_only=1');
    const [n] = unread.notifications;
    await t.dataSource.query('UPDATE notifications SET created_at = DATE_SUB(UTC_TIMESTAMP(), INTERVAL 91 DAY) WHERE id = ?', [n.notification_id]);
    expect(await worker.app.get(PurgeOldNotifications).execute()).toBe(1);
    const after = await feed(owner.auth);
    expect(after.notifications.map((x: { notification_id: number }) => x.notification_id)).not.toContain(n.notification_id);
    expect(after.unread_count).toBe(unread.unread_count - 1); // an unread one removed takes one off the counter
  });

  it('keeps the unread counters without database triggers (the repository moves them in its own transactions)', async () => {
    const triggers = await t.dataSource.query(
      "SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE IN ('notifications', 'notification_unread_counts')",
    );
    expect(triggers).toEqual([]);
  });

  it('keeps unread_count equal to the unread notifications after reads, read-all and the clean-up', async () => {
    for (const who of [owner, priya, ravi]) {
      const unread = await feed(who.auth, 'unread_only=1&limit=100');
      expect(unread.notifications.length).toBeLessThan(100);
      expect(unread.unread_count).toBe(unread.notifications.length);
      expect(unread.total).toBe(unread.notifications.length);
      const all = await feed(who.auth, 'limit=100');
      expect(all.total).toBe(all.notifications.length);
    }
  });
});
