import { SecretBox } from '@app/infra/crypto/secret-box';
import { StorefrontRuntime } from '../apps/worker/src/storefront/storefront-runtime';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { FakeShop, makeOrder, signBody } from './support/fake-shop';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const KEY = 'a1'.repeat(32);
const BUSINESS_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const KA_GSTIN = '29AAACH7409R1ZX'; // Karnataka
const WEBHOOK_PATH = '/v1/integrations/storefront/webhooks';

describe('storefront integration: connect a shop, its orders become invoices', () => {
  const fake = new FakeShop();
  let t: TestApp;
  let worker: TestWorker | null = null;
  let n = 1;
  /** A shop of its own per test: 127.0.0.<n> reaches the one fake server, which tells shops apart by Host. */
  const nextShop = () => `127.0.0.${++n}`;

  beforeAll(async () => {
    await fake.start();
    t = await startApp('storefront', {
      ENCRYPTION_KEY: KEY,
      PUBLIC_BASE_URL: 'http://api.example.test',
      STOREFRONT_SCHEME: 'http',
      STOREFRONT_PORT: String(fake.port),
      STOREFRONT_ALLOW_INSECURE: 'on',
      STOREFRONT_BACKOFF_MS: '50',
      STOREFRONT_DEFAULT_HSN: '6211',
      QUEUE_PREFIX: queuePrefixFor('storefront'),
      SWEEP_INTERVAL_MS: '300',
      SWEEP_AFTER_MS: '2000',
    });
    worker = await startWorker(t.config);
  });
  afterAll(async () => {
    await worker?.close();
    await dropQueue(t.config);
    await t.close();
    await fake.stop();
  });

  const status = async (a: TestAccount) => (await t.http.get('/v1/integrations/storefront').set(a.auth).expect(200)).body.data;
  const connect = (a: TestAccount, shop_domain: string, access_token: string) =>
    t.http.post('/v1/integrations/storefront').set(a.auth).send({ shop_domain, access_token });

  /** A Pro account (Maharashtra) connected to a new fake shop. */
  async function connected(orders: object[] = []): Promise<{ a: TestAccount; shop: string; token: string }> {
    const a = await t.createAccount({ gstin: BUSINESS_GSTIN });
    const shop = nextShop();
    const token = `shpat_${shop.replace(/\./g, '')}_secret`;
    fake.add(shop, token, orders);
    await connect(a, shop, token).expect(200);
    return { a, shop, token };
  }

  /** Sends a delivery as the shop does: raw JSON body, HMAC of its bytes with the secret, the protocol headers. */
  function deliver(shop: string, topic: string, payload: object, opts: { webhookId?: string; secret?: string; hmac?: string | null } = {}) {
    const body = JSON.stringify(payload);
    const req = t.http
      .post(WEBHOOK_PATH)
      .set('Content-Type', 'application/json')
      .set('X-Storefront-Shop-Domain', shop)
      .set('X-Storefront-Topic', topic)
      .set('X-Storefront-Webhook-Id', opts.webhookId ?? `wh-${Math.random().toString(36).slice(2)}`);
    const hmac = opts.hmac === undefined ? signBody(opts.secret ?? fake.secretOf(shop), body) : opts.hmac;
    if (hmac !== null) req.set('X-Storefront-Hmac-Sha256', hmac);
    return req.send(body);
  }

  const logs = async (a: TestAccount) => (await t.http.get('/v1/integrations/storefront/logs?limit=200').set(a.auth).expect(200)).body.data.logs as any[];

  /** Waits until no event of the account is still `received`, and `count` events exist. */
  async function settled(a: TestAccount, count: number): Promise<any[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = await logs(a);
      if (rows.length >= count && rows.every((r) => r.state !== 'received')) return rows;
      if (Date.now() > deadline) throw new Error(`events not processed: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const invoices = async (a: TestAccount) => (await t.http.get('/v1/invoices?limit=200').set(a.auth).expect(200)).body.data.invoices as any[];
  const invoice = async (a: TestAccount, id: number) => (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
  const clients = async (a: TestAccount) => (await t.http.get('/v1/clients?limit=200').set(a.auth).expect(200)).body.data.clients as any[];

  describe('connect, status, disconnect', () => {
    it('a token the shop refuses is 400 on access_token and stores nothing', async () => {
      const a = await t.createAccount({ gstin: BUSINESS_GSTIN });
      const shop = nextShop();
      fake.add(shop, 'the-right-token');
      const res = await connect(a, shop, 'a-wrong-token').expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { access_token: 'is not accepted by the shop' } });
      expect(await status(a)).toEqual({
        connected: false,
        shop_domain: null,
        connected_at: null,
        last_event_at: null,
        backfill: { state: 'idle', done: 0, total: null },
      });
      expect((await t.dataSource.query('SELECT COUNT(*) AS n FROM storefront_connections WHERE account_id = ?', [a.accountId]))[0].n).toBe(0);
      expect(fake.shops.get(shop)!.webhooks).toEqual([]);
    });

    it('bad input is 400 keyed by field; a Free account gets 402', async () => {
      const a = await t.createAccount();
      const missing = await t.http.post('/v1/integrations/storefront').set(a.auth).send({ shop_domain: 'shop.example.com' }).expect(400);
      expect(missing.body.error.details).toEqual({ access_token: expect.any(String) });
      const url = await connect(a, 'https://x.example/path', 'token').expect(400);
      expect(url.body.error.details).toEqual({ shop_domain: 'must be a host name such as my-shop.example.com' });
      const free = await t.createAccount({ plan: 'free' });
      await connect(free, 'shop.example.com', 'token').expect(402);
    });

    it('stores the token encrypted, registers the four webhooks at PUBLIC_BASE_URL, never answers the token', async () => {
      const { a, shop, token } = await connected();
      const body = await status(a);
      expect(body).toMatchObject({ connected: true, shop_domain: shop, last_event_at: null, backfill: { state: 'idle', done: 0, total: null } });
      expect(body.connected_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(JSON.stringify(body)).not.toContain(token);
      const [row] = await t.dataSource.query('SELECT access_token_sealed, webhook_secret_sealed FROM storefront_connections WHERE account_id = ?', [
        a.accountId,
      ]);
      expect(row.access_token_sealed).not.toContain(token);
      expect(new SecretBox(KEY).open(row.access_token_sealed)).toBe(token);
      expect(new SecretBox(KEY).open(row.webhook_secret_sealed)).toBe(fake.secretOf(shop));
      const hooks = fake.shops.get(shop)!.webhooks;
      expect(hooks.map((h) => h.topic).sort()).toEqual(['orders/cancelled', 'orders/create', 'orders/updated', 'refunds/create']);
      expect(new Set(hooks.map((h) => h.address))).toEqual(new Set([`http://api.example.test${WEBHOOK_PATH}`]));
      // One shop per account, one account per shop.
      await connect(a, nextShop(), 'x').expect(409);
      const other = await t.createAccount();
      expect((await connect(other, shop, token).expect(409)).body.error.code).toBe('conflict');
    });
  });

  describe('webhooks', () => {
    it('a bad or missing HMAC is 401 and stores and creates nothing', async () => {
      const { a, shop } = await connected();
      const order = makeOrder({});
      await deliver(shop, 'orders/create', order, { hmac: signBody('not-the-secret', JSON.stringify(order)) }).expect(401);
      await deliver(shop, 'orders/create', order, { hmac: null }).expect(401);
      await deliver(shop, 'orders/create', order, { hmac: 'short' }).expect(401);
      // The right HMAC of other bytes (a re-serialised body) is refused too.
      await deliver(shop, 'orders/create', order, { hmac: signBody(fake.secretOf(shop), JSON.stringify(order, null, 1)) }).expect(401);
      await deliver('unknown.example.com', 'orders/create', order, { hmac: signBody(fake.secretOf(shop), JSON.stringify(order)) }).expect(401);
      await new Promise((r) => setTimeout(r, 500));
      expect(await logs(a)).toEqual([]);
      expect(await invoices(a)).toEqual([]);
      expect((await t.dataSource.query('SELECT COUNT(*) AS n FROM storefront_events WHERE account_id = ?', [a.accountId]))[0].n).toBe(0);
    });

    it('an intra-state order delivered three times at once makes one client and one invoice split CGST + SGST, and moves stock', async () => {
      const { a, shop } = await connected();
      const item = (
        await t.http
          .post('/v1/inventory')
          .set(a.auth)
          .send({ name: 'Kurta', sku: 'KURTA-M', rate: 500, quantity: 10, hsn_code: '6109', type: 'product' })
          .expect(201)
      ).body.data.inventory_id;
      const order = makeOrder({
        state: 'MH',
        lines: [
          { title: 'Cotton Kurta', sku: 'KURTA-M', quantity: 2, price: '500.00', tax: '180.00' },
          { title: 'Gift wrap', quantity: 1, price: '50.00', tax: '9.00' },
        ],
        shipping: { price: '100.00', tax: '18.00' },
      });
      const answers = await Promise.all(['d1', 'd2', 'd3'].map((id) => deliver(shop, 'orders/create', order, { webhookId: `${shop}-${id}` }).expect(200)));
      for (const res of answers) expect(res.body.data).toEqual({ received: true, duplicate: false });
      // The platform's retry of a delivery (same webhook id) is acknowledged as a duplicate.
      expect((await deliver(shop, 'orders/create', order, { webhookId: `${shop}-d1` }).expect(200)).body.data).toEqual({ received: true, duplicate: true });
      await deliver(shop, 'orders/updated', { ...order, note: 'gift' }).expect(200);

      const rows = await settled(a, 4);
      expect(rows.filter((r) => r.state === 'processed')).toHaveLength(1);
      expect(rows.filter((r) => r.state === 'ignored')).toHaveLength(3);
      const list = await invoices(a);
      expect(list).toHaveLength(1);
      expect(rows.every((r) => r.invoice_id === list[0].invoice_id)).toBe(true);
      expect(await clients(a)).toEqual([expect.objectContaining({ name: 'Asha Verma', email: 'asha@example.com', phone: '9876543210', state_code: '27' })]);

      const inv = await invoice(a, list[0].invoice_id);
      expect(inv).toMatchObject({ status: 'issued', payment_status: 'paid', invoice_date: '2025-06-10', total_amount: 1357 });
      expect(
        inv.items.map((l: any) => [
          l.item_description,
          l.hsn_code,
          l.quantity,
          l.rate,
          l.cgst_amount,
          l.sgst_amount,
          l.igst_amount,
          l.total_amount,
          l.inventory_id,
        ]),
      ).toEqual([
        ['Cotton Kurta', '6109', 2, 500, 90, 90, 0, 1180, item],
        ['Gift wrap', '6211', 1, 50, 4.5, 4.5, 0, 59, null],
        ['Shipping: Standard', '996812', 1, 100, 9, 9, 0, 118, null],
      ]);
      expect((await t.http.get(`/v1/inventory/${item}`).set(a.auth).expect(200)).body.data.quantity).toBe(8);
      expect((await status(a)).last_event_at).not.toBeNull();
    });

    it('an inter-state order is IGST, with the GSTIN of the billing company; cancel returns stock; a refund makes a credit note', async () => {
      const { a, shop } = await connected();
      const item = (
        await t.http
          .post('/v1/inventory')
          .set(a.auth)
          .send({ name: 'Saree', sku: 'SAREE-1', rate: 2000, quantity: 5, hsn_code: '5007', type: 'product' })
          .expect(201)
      ).body.data.inventory_id;
      const order = makeOrder({
        state: 'KA',
        company_tax_id: KA_GSTIN,
        email: 'buyer@verma.example',
        phone: '9123456780',
        financial_status: 'pending',
        lines: [{ title: 'Silk Saree', sku: 'SAREE-1', quantity: 1, price: '2000.00', tax: '100.00', rate: 0.05, id: 991 }],
        shipping: null,
      });
      await deliver(shop, 'orders/create', order).expect(200);
      await settled(a, 1);
      const [header] = await invoices(a);
      const inv = await invoice(a, header.invoice_id);
      expect(inv).toMatchObject({ payment_status: 'pending', total_amount: 2100 });
      expect(inv.items[0]).toMatchObject({ tax_rate: 5, cgst_amount: 0, sgst_amount: 0, igst_amount: 100, total_amount: 2100 });
      expect(await clients(a)).toEqual([expect.objectContaining({ name: 'Verma Traders', gstin: KA_GSTIN, state_code: '29' })]);
      expect((await t.http.get(`/v1/inventory/${item}`).set(a.auth).expect(200)).body.data.quantity).toBe(4);

      const refund = {
        id: 4455,
        order_id: order.id,
        created_at: '2025-06-12T09:00:00+05:30',
        note: 'Colour not as shown',
        refund_line_items: [{ line_item_id: 991, quantity: 1, subtotal: '2000.00', total_tax: '100.00', line_item: { title: 'Silk Saree', sku: 'SAREE-1' } }],
      };
      await deliver(shop, 'refunds/create', refund).expect(200);
      await deliver(shop, 'refunds/create', refund).expect(200); // another delivery of the same refund
      await settled(a, 3);
      const notes = (await t.http.get('/v1/credit-notes').set(a.auth).expect(200)).body.data.credit_notes;
      expect(notes).toHaveLength(1);
      const note = (await t.http.get(`/v1/credit-notes/${notes[0].credit_note_id}`).set(a.auth).expect(200)).body.data;
      expect(note).toMatchObject({ source_invoice_id: header.invoice_id, client_id: header.client_id, total_amount: 2100, reason: 'Colour not as shown' });
      expect(note.items).toEqual([expect.objectContaining({ description: 'Refund: Silk Saree × 1', amount: 2100 })]);

      await deliver(shop, 'orders/cancelled', { ...order, cancelled_at: '2025-06-13T10:00:00+05:30' }).expect(200);
      await deliver(shop, 'orders/cancelled', { ...order, cancelled_at: '2025-06-13T10:00:00+05:30' }).expect(200);
      await settled(a, 5);
      expect(await invoice(a, header.invoice_id)).toMatchObject({ status: 'cancelled', invoice_number: header.invoice_number });
      expect((await t.http.get(`/v1/inventory/${item}`).set(a.auth).expect(200)).body.data.quantity).toBe(5);
    });

    it('an unknown topic is logged as ignored and acknowledged; a delivery that breaks a rule is logged as failed', async () => {
      const { a, shop } = await connected();
      await deliver(shop, 'products/update', { id: 1 }).expect(200);
      await deliver(shop, 'orders/create', makeOrder({ email: 'not-an-email', phone: '12' })).expect(200);
      const rows = await settled(a, 2);
      expect(rows.find((r) => r.topic === 'products/update')).toMatchObject({ state: 'ignored', reason: 'unknown topic', invoice_id: null });
      expect(rows.find((r) => r.topic === 'orders/create')).toMatchObject({ state: 'failed', reason: expect.stringContaining('email') });
      expect(await invoices(a)).toEqual([]);
    });

    it('disconnect unregisters the webhooks and stops processing: later deliveries are refused', async () => {
      const { a, shop } = await connected();
      const secret = fake.secretOf(shop);
      expect((await t.http.delete('/v1/integrations/storefront').set(a.auth).expect(200)).body.data.connected).toBe(false);
      expect(fake.shops.get(shop)!.webhooks).toEqual([]);
      expect((await t.dataSource.query('SELECT COUNT(*) AS n FROM storefront_connections WHERE account_id = ?', [a.accountId]))[0].n).toBe(0);
      await deliver(shop, 'orders/create', makeOrder({}), { secret }).expect(401);
      await new Promise((r) => setTimeout(r, 500));
      expect(await invoices(a)).toEqual([]);
    });
  });

  describe('logs', () => {
    it('newest first with limit and offset; events older than 30 days are removed by the daily purge', async () => {
      const { a, shop } = await connected();
      for (const id of ['l1', 'l2', 'l3']) await deliver(shop, 'shop/update', { id }, { webhookId: `${shop}-${id}` }).expect(200);
      const all = await settled(a, 3);
      expect(all.map((l) => l.webhook_id)).toEqual([`${shop}-l3`, `${shop}-l2`, `${shop}-l1`]);
      const page = (await t.http.get('/v1/integrations/storefront/logs?limit=1&offset=1').set(a.auth).expect(200)).body.data;
      expect(page).toEqual({ logs: [all[1]], total: 3, has_more: true });
      await t.http.get('/v1/integrations/storefront/logs?limit=201').set(a.auth).expect(400);

      await t.dataSource.query('UPDATE storefront_events SET received_at = UTC_TIMESTAMP() - INTERVAL 31 DAY WHERE account_id = ? AND webhook_id = ?', [
        a.accountId,
        `${shop}-l1`,
      ]);
      expect(await worker!.app.get(StorefrontRuntime).purgeEvents()).toBeGreaterThanOrEqual(1);
      expect((await logs(a)).map((l) => l.webhook_id)).toEqual([`${shop}-l3`, `${shop}-l2`]);
    });
  });

  describe('two accounts, two shops', () => {
    it('never see each other’s orders; a delivery signed with shop A’s secret naming shop B is refused', async () => {
      const A = await connected();
      const B = await connected();
      await deliver(A.shop, 'orders/create', makeOrder({ email: 'a-buyer@example.com', phone: '9000000001' })).expect(200);
      await deliver(B.shop, 'orders/create', makeOrder({ email: 'b-buyer@example.com', phone: '9000000002' })).expect(200);
      const forged = makeOrder({ email: 'forged@example.com', phone: '9000000003' });
      await deliver(B.shop, 'orders/create', forged, { secret: fake.secretOf(A.shop) }).expect(401);
      await settled(A.a, 1);
      await settled(B.a, 1);
      const [ia] = await invoices(A.a);
      const [ib] = await invoices(B.a);
      expect((await invoices(A.a)).length).toBe(1);
      expect((await invoices(B.a)).length).toBe(1);
      expect((await clients(A.a)).map((c) => c.email)).toEqual(['a-buyer@example.com']);
      expect((await clients(B.a)).map((c) => c.email)).toEqual(['b-buyer@example.com']);
      await t.http.get(`/v1/invoices/${ib.invoice_id}`).set(A.a.auth).expect(404);
      await t.http.get(`/v1/invoices/${ia.invoice_id}`).set(B.a.auth).expect(404);
      expect((await logs(A.a)).map((l) => l.invoice_id)).toEqual([ia.invoice_id]);
      expect((await logs(B.a)).map((l) => l.invoice_id)).toEqual([ib.invoice_id]);
    });
  });
});
