import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

type Movement = { quantity_delta: number; quantity_after: number; source_type: string; source_id: number | null; source_label: string; note: string };

describe('stock follows invoices', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;

  beforeAll(async () => {
    t = await startApp('inventory_stock');
    a = await t.createAccount();
    b = await t.createAccount();
    clientA = await createClient(t, a);
  });
  afterAll(() => t.close());

  const item = async (who: TestAccount, body: object) =>
    (
      await t.http
        .post('/v1/inventory')
        .set(who.auth)
        .send({ rate: 100, ...body })
        .expect(201)
    ).body.data.inventory_id as number;
  const stock = async (id: number) => (await t.http.get(`/v1/inventory/${id}`).set(a.auth).expect(200)).body.data.quantity as number;
  const moves = async (id: number): Promise<Movement[]> => (await t.http.get(`/v1/inventory/${id}/movements`).set(a.auth).expect(200)).body.data.movements;
  const invoice = (items: object[], client = clientA) =>
    t.http.post('/v1/invoices').set(a.auth).send({ client_id: client, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items });

  it('create deducts, edit re-syncs, delete restores, each with its own movement', async () => {
    const printer = await item(a, { name: 'Printer', quantity: 10 });
    const created = await invoice([line('Printer', 3, 100, { inventory_id: printer })]).expect(201);
    const id = created.body.data.invoice_id;
    const number = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data.invoice_number;
    expect(await stock(printer)).toBe(7);
    expect((await moves(printer))[0]).toMatchObject({ quantity_delta: -3, quantity_after: 7, source_type: 'invoice', source_id: id, source_label: number });

    await t.http
      .patch(`/v1/invoices/${id}`)
      .set(a.auth)
      .send({ items: [line('Printer', 5, 100, { inventory_id: printer })] })
      .expect(200);
    expect(await stock(printer)).toBe(5);
    expect((await moves(printer))[0]).toMatchObject({ quantity_delta: -2, quantity_after: 5, source_type: 'invoice', source_label: number });

    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ lr_number: 'LR-1' }).expect(200); // lines kept: no movement
    expect((await moves(printer)).length).toBe(3);

    await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
    expect(await stock(printer)).toBe(10);
    expect((await moves(printer))[0]).toMatchObject({ quantity_delta: 5, quantity_after: 10, source_type: 'invoice' });
  });

  it('a cancelled invoice holds no stock: cancelling gives it back, restoring takes it, deleting a cancelled one moves nothing', async () => {
    const desk = await item(a, { name: 'Desk', quantity: 10 });
    const chair = await item(a, { name: 'Chair', quantity: 10 });
    const one = (await invoice([line('Desk', 4, 100, { inventory_id: desk })]).expect(201)).body.data.invoice_id;
    expect(await stock(desk)).toBe(6);

    await t.http.patch(`/v1/invoices/${one}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
    expect(await stock(desk)).toBe(10);
    expect((await moves(desk))[0]).toMatchObject({ quantity_delta: 4, quantity_after: 10, source_type: 'invoice', source_id: one });
    await t.http.patch(`/v1/invoices/${one}`).set(a.auth).send({ lr_number: 'LR-9' }).expect(200); // still cancelled: no movement
    expect((await moves(desk)).length).toBe(3);

    await t.http.patch(`/v1/invoices/${one}`).set(a.auth).send({ status: 'issued' }).expect(200);
    expect(await stock(desk)).toBe(6);
    await t.http
      .patch(`/v1/invoices/${one}`)
      .set(a.auth)
      .send({ status: 'cancelled', items: [line('Desk', 1, 100, { inventory_id: desk })] })
      .expect(200);
    expect(await stock(desk)).toBe(10);

    await t.http.delete(`/v1/invoices/${one}`).set(a.auth).expect(200);
    expect(await stock(desk)).toBe(10);

    const two = (await invoice([line('Chair', 2, 100, { inventory_id: chair })]).expect(201)).body.data.invoice_id;
    const three = (await invoice([line('Chair', 3, 100, { inventory_id: chair })]).expect(201)).body.data.invoice_id;
    await t.http.patch(`/v1/invoices/${two}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
    expect(await stock(chair)).toBe(7);
    const bulk = await t.http
      .post('/v1/invoices/bulk-delete')
      .set(a.auth)
      .send({ ids: [two, three] })
      .expect(200);
    expect(bulk.body.data.deleted).toBe(2);
    expect(await stock(chair)).toBe(10);
  });

  it('negative stock is allowed and visible; services keep no stock', async () => {
    const cable = await item(a, { name: 'Cable', quantity: 1 });
    const service = await item(a, { name: 'Installation', type: 'service' });
    await invoice([line('Cable', 4, 100, { inventory_id: cable }), line('Installation', 2, 500, { inventory_id: service })]).expect(201);
    expect(await stock(cable)).toBe(-3);
    expect(await stock(service)).toBe(0);
    expect(await moves(service)).toEqual([]);
  });

  it('rejects an inventory_id of another account or a fractional product quantity, and stores nothing', async () => {
    const theirs = await item(b, { name: 'Their item', quantity: 5 });
    const mine = await item(a, { name: 'Mine', quantity: 5 });
    const before = Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [a.accountId]))[0].n);
    const res = await invoice([line('Theirs', 1, 100, { inventory_id: theirs })]).expect(400);
    expect(res.body.error.details).toHaveProperty(['items.0.inventory_id']);
    const frac = await invoice([line('Mine', 1.5, 100, { inventory_id: mine })]).expect(400);
    expect(frac.body.error.details).toHaveProperty(['items.0.quantity']);
    const after = Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [a.accountId]))[0].n);
    expect(after).toBe(before);
    expect((await t.http.get(`/v1/inventory/${theirs}`).set(b.auth).expect(200)).body.data.quantity).toBe(5);
  });

  it('bulk delete restores stock', async () => {
    const box = await item(a, { name: 'Box', quantity: 20 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await invoice([line('Box', 2, 100, { inventory_id: box })]).expect(201)).body.data.invoice_id);
    expect(await stock(box)).toBe(14);
    await t.http.post('/v1/invoices/bulk-delete').set(a.auth).send({ ids }).expect(200);
    expect(await stock(box)).toBe(20);
  });

  it('deleting a client with cascade gives back the stock its invoices took', async () => {
    const client = await createClient(t, a);
    const lamp = await item(a, { name: 'Lamp', quantity: 8 });
    await invoice([line('Lamp', 3, 100, { inventory_id: lamp })], client).expect(201);
    await invoice([line('Lamp', 1, 100, { inventory_id: lamp })], client).expect(201);
    expect(await stock(lamp)).toBe(4);
    await t.http.delete(`/v1/clients/${client}?cascade=1`).set(a.auth).expect(200);
    expect(await stock(lamp)).toBe(8);
    expect(
      (await moves(lamp))
        .filter((m) => m.note === 'invoice deleted with its client')
        .map((m) => m.quantity_delta)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('20 concurrent invoices on one item leave stock exactly 20 lower with 20 distinct quantity_after values', async () => {
    const hot = await item(a, { name: 'Hot item', quantity: 100 });
    const results = await Promise.all(Array.from({ length: 20 }, () => invoice([line('Hot item', 1, 100, { inventory_id: hot })])));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await stock(hot)).toBe(80);
    const invoiceMoves = (await moves(hot)).filter((m) => m.source_type === 'invoice');
    expect(invoiceMoves).toHaveLength(20);
    expect(new Set(invoiceMoves.map((m) => m.quantity_after)).size).toBe(20);
    expect(invoiceMoves.map((m) => m.quantity_after).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => 80 + i));
  });
});

describe('invoices with inventory switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('inventory_stock_off', { FEATURE_INVENTORY: 'off' });
  });
  afterAll(() => t.close());

  it('ignores inventory_id on invoice lines and moves nothing', async () => {
    const a = await t.createAccount();
    const client = await createClient(t, a);
    await t.dataSource.query(
      "INSERT INTO inventory_items (account_id, name, type, quantity, rate, created_at, updated_at) VALUES (?, 'Legacy', 'product', 5, 10, NOW(), NOW())",
      [a.accountId],
    );
    const [{ id }] = await t.dataSource.query('SELECT id FROM inventory_items WHERE account_id = ?', [a.accountId]);
    const res = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: client, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items: [line('Legacy', 2, 10, { inventory_id: id })] })
      .expect(201);
    const got = await t.http.get(`/v1/invoices/${res.body.data.invoice_id}`).set(a.auth).expect(200);
    expect(got.body.data.items[0].inventory_id).toBeNull();
    const [{ quantity }] = await t.dataSource.query('SELECT quantity FROM inventory_items WHERE id = ?', [id]);
    expect(Number(quantity)).toBe(5);
  });
});
