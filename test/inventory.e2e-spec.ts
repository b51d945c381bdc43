import { startApp, TestAccount, TestApp } from './support/app-harness';

describe('inventory', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await startApp('inventory');
    a = await t.createAccount();
    b = await t.createAccount();
  });
  afterAll(() => t.close());

  const create = (auth: Record<string, string>, body: object) => t.http.post('/v1/inventory').set(auth).send(body);
  const movements = async (auth: Record<string, string>, id: number) =>
    (await t.http.get(`/v1/inventory/${id}/movements`).set(auth).expect(200)).body.data.movements;

  it('creates with 201 and reads back every field; opening stock is a movement', async () => {
    const res = await create(a.auth, {
      name: 'Laser Printer',
      sku: 'LP-1',
      barcode_type: 'EAN13',
      type: 'product',
      description: 'Mono',
      quantity: 10,
      rate: 12500,
      discount_type: 'percentage',
      discount_value: 5,
      tax_rate: 18,
      hsn_code: '8443',
    }).expect(201);
    const id = res.body.data.inventory_id;
    const got = await t.http.get(`/v1/inventory/${id}`).set(a.auth).expect(200);
    expect(got.body.data).toMatchObject({
      inventory_id: id,
      name: 'Laser Printer',
      sku: 'LP-1',
      barcode_type: 'EAN13',
      type: 'product',
      description: 'Mono',
      quantity: 10,
      rate: 12500,
      discount_type: 'percentage',
      discount_value: 5,
      tax_rate: 18,
      hsn_code: '8443',
    });
    const moves = await movements(a.auth, id);
    expect(moves).toEqual([expect.objectContaining({ quantity_delta: 10, quantity_after: 10, source_type: 'opening' })]);
  });

  it('validates name, a positive rate, type, integer quantity and more, keyed by field', async () => {
    const missing = await create(a.auth, {}).expect(400);
    expect(Object.keys(missing.body.error.details).sort()).toEqual(['name', 'rate']);
    for (const [field, value] of [
      ['rate', 0],
      ['rate', -1],
      ['rate', 'abc'],
      ['type', 'gadget'],
      ['quantity', 1.5],
      ['quantity', '3'],
      ['discount_type', 'bogof'],
      ['tax_rate', 101],
      ['hsn_code', '12ab'],
      ['name', '   '],
    ] as const) {
      const res = await create(a.auth, { name: 'x', rate: 10, [field]: value }).expect(400);
      expect(res.body.error.details).toHaveProperty(field);
    }
  });

  it('refuses a negative opening stock with 400 keyed by quantity and makes nothing; later stock may go below zero', async () => {
    const before = (await t.http.get('/v1/inventory').set(a.auth).expect(200)).body.data.total as number;
    for (const quantity of [-100, -1]) {
      const res = await create(a.auth, { name: 'Negative Widget', rate: 10, quantity }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { quantity: expect.stringMatching(/at least 0/) } });
    }
    const service = await create(a.auth, { name: 'Negative Service', rate: 10, type: 'service', quantity: -5 }).expect(400);
    expect(service.body.error.details).toHaveProperty('quantity');
    expect((await t.http.get('/v1/inventory').set(a.auth).expect(200)).body.data.total).toBe(before);
    const id = (await create(a.auth, { name: 'Zero Widget', rate: 10, quantity: 0 }).expect(201)).body.data.inventory_id;
    await t.http.patch(`/v1/inventory/${id}`).set(a.auth).send({ quantity: -2, note: 'sold before delivery' }).expect(200);
    await t.http.patch(`/v1/inventory/${id}`).set(a.auth).send({ name: 'Zero Widget 2', quantity: -2 }).expect(200);
    expect((await t.http.get(`/v1/inventory/${id}`).set(a.auth).expect(200)).body.data).toMatchObject({ name: 'Zero Widget 2', quantity: -2 });
  });

  it('a manual quantity change records an adjustment movement; negative stock is allowed', async () => {
    const id = (await create(a.auth, { name: 'Cable', rate: 100, quantity: 5 }).expect(201)).body.data.inventory_id;
    await t.http
      .patch(`/v1/inventory/${id}`)
      .set(a.auth)
      .send({ quantity: 2, note: 'damaged' })
      .expect(200, { ok: true, data: { inventory_id: id } });
    await t.http.patch(`/v1/inventory/${id}`).set(a.auth).send({ quantity: -3 }).expect(200);
    await t.http.patch(`/v1/inventory/${id}`).set(a.auth).send({ rate: 120 }).expect(200);
    const moves = await movements(a.auth, id);
    expect(
      moves.map((m: { quantity_delta: number; quantity_after: number; source_type: string; note: string }) => [
        m.source_type,
        m.quantity_delta,
        m.quantity_after,
        m.note,
      ]),
    ).toEqual([
      ['adjustment', -5, -3, ''],
      ['adjustment', -3, 2, 'damaged'],
      ['opening', 5, 5, ''],
    ]);
    const got = await t.http.get(`/v1/inventory/${id}`).set(a.auth).expect(200);
    expect(got.body.data).toMatchObject({ quantity: -3, rate: 120 });
  });

  it('services keep no stock', async () => {
    const id = (await create(a.auth, { name: 'Installation', rate: 500, type: 'service', quantity: 7, hsn_code: '998713' }).expect(201)).body.data.inventory_id;
    const got = await t.http.get(`/v1/inventory/${id}`).set(a.auth).expect(200);
    expect(got.body.data.quantity).toBe(0);
    expect(await movements(a.auth, id)).toEqual([]);
  });

  it('lists newest first with total and pagination', async () => {
    const acct = await t.createAccount();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(acct.auth, { name: `Item ${i}`, rate: 1 }).expect(201)).body.data.inventory_id);
    const page1 = await t.http.get('/v1/inventory?limit=2').set(acct.auth).expect(200);
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.items.map((i: { inventory_id: number }) => i.inventory_id)).toEqual([ids[2], ids[1]]);
    const page2 = await t.http.get('/v1/inventory?limit=2&offset=2').set(acct.auth).expect(200);
    expect(page2.body.data.items.map((i: { inventory_id: number }) => i.inventory_id)).toEqual([ids[0]]);
    await t.http.get('/v1/inventory?limit=201').set(acct.auth).expect(400);
  });

  it('bulk-delete and delete', async () => {
    const x = (await create(a.auth, { name: 'X', rate: 1 })).body.data.inventory_id;
    const y = (await create(a.auth, { name: 'Y', rate: 1 })).body.data.inventory_id;
    const theirs = (await create(b.auth, { name: 'Z', rate: 1 })).body.data.inventory_id;
    const res = await t.http
      .post('/v1/inventory/bulk-delete')
      .set(a.auth)
      .send({ ids: [x, theirs, 424242] })
      .expect(200);
    expect(res.body.data).toEqual({ deleted: 1, skipped: [theirs, 424242] });
    await t.http
      .delete(`/v1/inventory/${y}`)
      .set(a.auth)
      .expect(200, { ok: true, data: { deleted: true } });
    await t.http.get(`/v1/inventory/${y}`).set(a.auth).expect(404);
    await t.http.get(`/v1/inventory/${theirs}`).set(b.auth).expect(200);
  });

  it('isolates accounts on every endpoint', async () => {
    const id = (await create(a.auth, { name: 'Secret', rate: 1, quantity: 1 })).body.data.inventory_id;
    await t.http.get(`/v1/inventory/${id}`).set(b.auth).expect(404);
    await t.http.get(`/v1/inventory/${id}/movements`).set(b.auth).expect(404);
    await t.http.patch(`/v1/inventory/${id}`).set(b.auth).send({ quantity: 100 }).expect(404);
    await t.http.delete(`/v1/inventory/${id}`).set(b.auth).expect(404);
    const list = await t.http.get('/v1/inventory?limit=200').set(b.auth).expect(200);
    expect(list.body.data.items.map((i: { inventory_id: number }) => i.inventory_id)).not.toContain(id);
    const got = await t.http.get(`/v1/inventory/${id}`).set(a.auth).expect(200);
    expect(got.body.data.quantity).toBe(1);
  });
});

describe('inventory plan limit and switch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('inventory_limits', { FREE_INVENTORY_ITEMS: '2' });
  });
  afterAll(() => t.close());

  it('a Free account is capped with 402 plan_limit_reached', async () => {
    const free = await t.createAccount({ plan: 'free' });
    await t.http.post('/v1/inventory').set(free.auth).send({ name: 'a', rate: 1 }).expect(201);
    await t.http.post('/v1/inventory').set(free.auth).send({ name: 'b', rate: 1 }).expect(201);
    const res = await t.http.post('/v1/inventory').set(free.auth).send({ name: 'c', rate: 1 }).expect(402);
    expect(res.body.error).toMatchObject({ code: 'plan_limit_reached', details: { limit: 2, plan: 'free' } });
  });
});

describe('inventory switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('inventory_off', { FEATURE_INVENTORY: 'off' });
  });
  afterAll(() => t.close());

  it('answers 503 not_available on every endpoint', async () => {
    const a = await t.createAccount();
    for (const [method, path] of [
      ['get', '/v1/inventory'],
      ['post', '/v1/inventory'],
      ['get', '/v1/inventory/1'],
      ['patch', '/v1/inventory/1'],
      ['delete', '/v1/inventory/1'],
      ['get', '/v1/inventory/1/movements'],
      ['post', '/v1/inventory/bulk-delete'],
    ] as const) {
      const res = await t.http[method](path).set(a.auth).send({}).expect(503);
      expect(res.body.error.code).toBe('not_available');
    }
  });
});
