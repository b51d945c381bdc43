import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';

const STRONG = 'Str0ng!pass';

/** The Free limits of docs/decisions.md, "Plans" at their configured defaults (50 documents a month, 100 clients, 100 items). */
describe('plans: the effective plan and the Free limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('plan_limits');
  });
  afterAll(() => t.close());

  const me = async (a: TestAccount) => (await t.http.get('/v1/me').set(a.auth).expect(200)).body.data;

  it('/v1/me shows the plan object for Free, Pro and a lapsed Pro', async () => {
    const free = await t.createAccount({ plan: 'free' });
    expect((await me(free)).plan).toEqual({ code: 'free', label: 'Free', expires_at: null, lapsed_from_pro: false, cancel_at_period_end: false });
    const pro = await t.createAccount({ plan: 'pro', expires: '2099-01-01 00:00:00' });
    expect((await me(pro)).plan).toEqual({ code: 'pro', label: 'Pro', expires_at: '2099-01-01 00:00:00', lapsed_from_pro: false, cancel_at_period_end: false });
    const lapsed = await t.createAccount({ plan: 'pro', expires: '2020-01-01 00:00:00' });
    const body = await me(lapsed);
    expect(body.plan).toEqual({ code: 'free', label: 'Free', expires_at: '2020-01-01 00:00:00', lapsed_from_pro: true, cancel_at_period_end: false });
    expect(body.subscription_expires_at).toBe('2020-01-01 00:00:00');
  });

  it('a Free account: the 101st client and the 101st inventory item get 402 with limit, plan and used', async () => {
    const free = await t.createAccount({ plan: 'free' });
    for (let i = 0; i < 100; i++) {
      await t.http
        .post('/v1/clients')
        .set(free.auth)
        .send({ name: `Client ${i}`, phone: String(8000000000 + i), email: `c${i}@limits.example` })
        .expect(201);
      await t.http
        .post('/v1/inventory')
        .set(free.auth)
        .send({ name: `Item ${i}`, rate: 10 })
        .expect(201);
    }
    const client = await t.http.post('/v1/clients').set(free.auth).send({ name: 'Client 101', phone: '8000000999', email: 'c101@limits.example' }).expect(402);
    expect(client.body.error).toMatchObject({ code: 'plan_limit_reached', details: { limit: 100, plan: 'free', used: 100 } });
    const item = await t.http.post('/v1/inventory').set(free.auth).send({ name: 'Item 101', rate: 10 }).expect(402);
    expect(item.body.error).toMatchObject({ code: 'plan_limit_reached', details: { limit: 100, plan: 'free', used: 100 } });

    // Pro lifts both; a lapse limits again without hiding anything already stored.
    await t.admin.setPlan(free.accountId, 'pro', '2099-01-01 00:00:00');
    await t.http.post('/v1/clients').set(free.auth).send({ name: 'Client 101', phone: '8000000999', email: 'c101@limits.example' }).expect(201);
    await t.http.post('/v1/inventory').set(free.auth).send({ name: 'Item 101', rate: 10 }).expect(201);
    await t.admin.setPlan(free.accountId, 'pro', '2020-01-01 00:00:00');
    const again = await t.http.post('/v1/clients').set(free.auth).send({ name: 'Client 102', phone: '8000000998', email: 'c102@limits.example' }).expect(402);
    expect(again.body.error.details).toMatchObject({ limit: 100, plan: 'free', used: 101 });
    expect((await t.http.get('/v1/clients?limit=1').set(free.auth).expect(200)).body.data.total).toBe(101);
    expect((await t.http.get('/v1/inventory?limit=1').set(free.auth).expect(200)).body.data.total).toBe(101);
  });

  it("a Free account's 51st sales document in a month gets 402 with details", async () => {
    const free = await t.createAccount({ plan: 'free' });
    const clientId = await createClient(t, free);
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 50; i++) {
      await t.http.post('/v1/invoices').set(free.auth).send({ client_id: clientId, invoice_date: today, payment_due_date: today }).expect(201);
    }
    const res = await t.http.post('/v1/invoices').set(free.auth).send({ client_id: clientId, invoice_date: today, payment_due_date: today }).expect(402);
    expect(res.body.error).toMatchObject({ code: 'plan_limit_reached', details: { limit: 50, plan: 'free', used: 50 } });
    const quotation = await t.http.post('/v1/quotations').set(free.auth).send({ client_id: clientId, quotation_date: today }).expect(402);
    expect(quotation.body.error.details).toMatchObject({ limit: 50, plan: 'free', used: 50 });
  });

  it('sub-users: 402 on Free, 403 subscription_expired once Pro has lapsed', async () => {
    const free = await t.createAccount({ plan: 'free' });
    const refused = await t.http.post('/v1/settings/users').set(free.auth).send({ username: 'plan_free_clerk', password: STRONG, permissions: [] }).expect(402);
    expect(refused.body.error).toMatchObject({ code: 'plan_limit_reached', details: { limit: 0, plan: 'free', used: 0 } });
    const lapsed = await t.createAccount({ plan: 'pro', expires: '2020-01-01 00:00:00' });
    const expired = await t.http
      .post('/v1/settings/users')
      .set(lapsed.auth)
      .send({ username: 'plan_lapsed_clerk', password: STRONG, permissions: [] })
      .expect(403);
    expect(expired.body.error.code).toBe('subscription_expired');
  });
});
