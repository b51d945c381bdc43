import { startApp, TestAccount, TestApp } from './support/app-harness';

describe('expenses', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;

  beforeAll(async () => {
    t = await startApp('expenses');
    a = await t.createAccount();
    b = await t.createAccount();
    const res = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Vendor Co', phone: '9876543210', email: 'v@example.com' }).expect(201);
    clientA = res.body.data.client.client_id;
  });
  afterAll(() => t.close());

  const create = (auth: Record<string, string>, body: object) => t.http.post('/v1/expenses').set(auth).send(body);

  it('creates with 201, defaults and reads back every field', async () => {
    const res = await create(a.auth, {
      expense_description: '  Office rent  ',
      expense_amount: 25000.5,
      expense_category: 'Rent',
      vendor_name: 'Landlord',
      vendor_contact: '9800000000',
      expense_date: '2025-04-01',
      payment_method: 'upi',
      receipt_url: 'https://r.example/1.pdf',
      notes: 'April',
      client_id: clientA,
    }).expect(201);
    const id = res.body.data.expense_id;
    const got = await t.http.get(`/v1/expenses/${id}`).set(a.auth).expect(200);
    expect(got.body.data).toMatchObject({
      expense_id: id,
      expense_description: 'Office rent',
      expense_amount: 25000.5,
      expense_category: 'Rent',
      vendor_name: 'Landlord',
      expense_date: '2025-04-01',
      expense_status: 'paid',
      payment_method: 'upi',
      receipt_url: 'https://r.example/1.pdf',
      notes: 'April',
      client_id: clientA,
    });
    const unknown = await create(a.auth, { expense_description: 'Tea', expense_amount: 120, unknown_field: 'x' }).expect(400);
    expect(unknown.body.error.details).toEqual({ unknown_field: 'unknown field' });
    const minimal = await create(a.auth, { expense_description: 'Tea', expense_amount: '120' }).expect(201);
    const m = await t.http.get(`/v1/expenses/${minimal.body.data.expense_id}`).set(a.auth).expect(200);
    expect(m.body.data.expense_category).toBe('Miscellaneous');
    expect(m.body.data.expense_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('validates with details keyed by field', async () => {
    const missing = await create(a.auth, {}).expect(400);
    expect(Object.keys(missing.body.error.details).sort()).toEqual(['expense_amount', 'expense_description']);
    const blank = await create(a.auth, { expense_description: '   ', expense_amount: 10 }).expect(400);
    expect(blank.body.error.details).toHaveProperty('expense_description');
    for (const [field, value] of [
      ['expense_amount', -5],
      ['expense_amount', 0],
      ['expense_amount', 1.234],
      ['expense_amount', 'ten'],
      ['expense_category', 'Yachts'],
      ['expense_date', '2025-02-30'],
      ['expense_status', 'lost'],
      ['payment_method', 'barter'],
      ['receipt_url', 'javascript:alert(1)'],
      ['client_id', 'x'],
    ] as const) {
      const res = await create(a.auth, { expense_description: 'x', expense_amount: 10, [field]: value }).expect(400);
      expect(res.body.error.details).toHaveProperty(field);
    }
  });

  it('rejects a client_id of another account and never stores it', async () => {
    const other = await t.http.post('/v1/clients').set(b.auth).send({ name: 'B client', phone: '9123456780', email: 'b@example.com' }).expect(201);
    const res = await create(a.auth, { expense_description: 'x', expense_amount: 10, client_id: other.body.data.client.client_id }).expect(404);
    expect(res.body.error.details).toEqual({ client_id: other.body.data.client.client_id });
  });

  it('lists newest first with total, patches as a merge, deletes', async () => {
    const acct = await t.createAccount();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(acct.auth, { expense_description: `E${i}`, expense_amount: 10 + i }).expect(201)).body.data.expense_id);
    const list = await t.http.get('/v1/expenses?limit=2').set(acct.auth).expect(200);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.expenses.map((e: { expense_id: number }) => e.expense_id)).toEqual([ids[2], ids[1]]);
    await t.http
      .patch(`/v1/expenses/${ids[0]}`)
      .set(acct.auth)
      .send({ expense_amount: 99.99 })
      .expect(200, { ok: true, data: { expense_id: ids[0] } });
    const got = await t.http.get(`/v1/expenses/${ids[0]}`).set(acct.auth).expect(200);
    expect(got.body.data).toMatchObject({ expense_description: 'E0', expense_amount: 99.99 });
    await t.http.patch(`/v1/expenses/${ids[0]}`).set(acct.auth).send({ expense_category: 'Nope' }).expect(400);
    await t.http
      .delete(`/v1/expenses/${ids[0]}`)
      .set(acct.auth)
      .expect(200, { ok: true, data: { deleted: true } });
    await t.http.get(`/v1/expenses/${ids[0]}`).set(acct.auth).expect(404);
  });

  it('repeat gives the row prefilled for a new entry: no id, today', async () => {
    const res = await create(a.auth, {
      expense_description: 'Internet',
      expense_amount: 999,
      expense_category: 'Communication & Internet',
      expense_date: '2024-01-15',
    }).expect(201);
    const rep = await t.http.get(`/v1/expenses/${res.body.data.expense_id}/repeat`).set(a.auth).expect(200);
    expect(rep.body.data).not.toHaveProperty('expense_id');
    expect(rep.body.data).toMatchObject({ expense_description: 'Internet', expense_amount: 999, expense_category: 'Communication & Internet' });
    expect(rep.body.data.expense_date).not.toBe('2024-01-15');
    expect(rep.body.data.expense_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('categories is a static list', async () => {
    const res = await t.http.get('/v1/expenses/categories').set(a.auth).expect(200);
    expect(res.body.data.categories).toContain('Rent');
    expect(res.body.data.categories.length).toBeGreaterThan(10);
  });

  it('bulk-delete deletes own ids and skips unknown and foreign ones', async () => {
    const mine = (await create(a.auth, { expense_description: 'a', expense_amount: 1 })).body.data.expense_id;
    const theirs = (await create(b.auth, { expense_description: 'b', expense_amount: 1 })).body.data.expense_id;
    const res = await t.http
      .post('/v1/expenses/bulk-delete')
      .set(a.auth)
      .send({ ids: [mine, theirs, 999999] })
      .expect(200);
    expect(res.body.data).toEqual({ deleted: 1, skipped: [theirs, 999999] });
    await t.http.get(`/v1/expenses/${theirs}`).set(b.auth).expect(200);
  });

  it('isolates accounts on every endpoint', async () => {
    const id = (await create(a.auth, { expense_description: 'secret', expense_amount: 5 })).body.data.expense_id;
    await t.http.get(`/v1/expenses/${id}`).set(b.auth).expect(404);
    await t.http.get(`/v1/expenses/${id}/repeat`).set(b.auth).expect(404);
    await t.http.patch(`/v1/expenses/${id}`).set(b.auth).send({ notes: 'x' }).expect(404);
    await t.http.delete(`/v1/expenses/${id}`).set(b.auth).expect(404);
    const list = await t.http.get('/v1/expenses?limit=200').set(b.auth).expect(200);
    expect(list.body.data.expenses.map((e: { expense_id: number }) => e.expense_id)).not.toContain(id);
    await t.http.get(`/v1/expenses/${id}`).set(a.auth).expect(200);
  });

  it('deleting a client keeps its expenses with client_id null', async () => {
    const c = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Gone Ltd', phone: '9000000001', email: 'gone@example.com' }).expect(201);
    const cid = c.body.data.client.client_id;
    const e = (await create(a.auth, { expense_description: 'linked', expense_amount: 5, client_id: cid }).expect(201)).body.data.expense_id;
    await t.http.delete(`/v1/clients/${cid}`).set(a.auth).expect(200);
    const got = await t.http.get(`/v1/expenses/${e}`).set(a.auth).expect(200);
    expect(got.body.data.client_id).toBeNull();
  });
});

describe('expenses switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('expenses_off', { FEATURE_EXPENSES: 'off' });
  });
  afterAll(() => t.close());

  it('answers 503 not_available on every endpoint', async () => {
    const a = await t.createAccount();
    for (const [method, path] of [
      ['get', '/v1/expenses'],
      ['post', '/v1/expenses'],
      ['get', '/v1/expenses/categories'],
      ['get', '/v1/expenses/1'],
      ['patch', '/v1/expenses/1'],
      ['delete', '/v1/expenses/1'],
      ['get', '/v1/expenses/1/repeat'],
      ['post', '/v1/expenses/bulk-delete'],
    ] as const) {
      const res = await t.http[method](path).set(a.auth).send({}).expect(503);
      expect(res.body.error.code).toBe('not_available');
    }
    await t.http.get('/v1/expenses').expect(401);
  });
});
