import { startApp, TestAccount, TestApp } from './support/app-harness';
import { FakeShop, makeOrder } from './support/fake-shop';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const SHOP = '127.0.0.9';
const TOKEN = 'shpat_backfill_token';
const ORDERS = 620;
const cursorOf = (offset: number) => Buffer.from(String(offset)).toString('base64url');

describe('storefront backfill: past orders page by page, resumable', () => {
  const fake = new FakeShop();
  let t: TestApp;
  let a: TestAccount;
  let worker: TestWorker | null = null;

  beforeAll(async () => {
    await fake.start();
    t = await startApp('storefront_backfill', {
      ENCRYPTION_KEY: 'b2'.repeat(32),
      STOREFRONT_SCHEME: 'http',
      STOREFRONT_PORT: String(fake.port),
      STOREFRONT_ALLOW_INSECURE: 'on',
      STOREFRONT_BACKOFF_MS: '100',
      QUEUE_PREFIX: queuePrefixFor('storefront-backfill'),
      SWEEP_INTERVAL_MS: '300',
      SWEEP_AFTER_MS: '2000',
    });
    const orders = Array.from({ length: ORDERS }, (_, i) =>
      makeOrder({ id: 8_000_000 + i, created_at: `2025-05-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00+05:30`, shipping: null }),
    );
    fake.add(SHOP, TOKEN, orders);
    a = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
    await t.http.post('/v1/integrations/storefront').set(a.auth).send({ shop_domain: SHOP, access_token: TOKEN }).expect(200);
  });
  afterAll(async () => {
    await worker?.close();
    await dropQueue(t.config);
    await t.close();
    await fake.stop();
  });

  const status = async () => (await t.http.get('/v1/integrations/storefront').set(a.auth).expect(200)).body.data;
  async function until(check: (s: any) => boolean, what: string, timeoutMs = 150_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = await status();
      if (check(s)) return s;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const ordersPage = (offset: number) => (path: string, q: URLSearchParams) =>
    path === '/orders.json' && (offset === 0 ? !q.has('page_info') : q.get('page_info') === cursorOf(offset));

  it('makes exactly 620 invoices with consecutive numbers over 3 pages, through a 429 and a 503, across a worker stopped mid-way', async () => {
    fake.failNext(ordersPage(250), 429, { 'retry-after': '1' });
    fake.failNext(ordersPage(500), 503);
    const held = fake.holdNext(ordersPage(500));

    worker = await startWorker(t.config);
    const started = (await t.http.post('/v1/integrations/storefront/backfill').set(a.auth).send({}).expect(200)).body.data;
    expect(started.backfill.state).toBe('running');
    // A second start while one runs answers the running one.
    const again = (await t.http.post('/v1/integrations/storefront/backfill').set(a.auth).send({ since: '2025-01-01' }).expect(200)).body.data;
    expect(again.backfill.state).toBe('running');

    // Page 3 is being asked for (after its 503): stop the worker there.
    await held.reached;
    const midway = await status();
    expect(midway.backfill).toEqual({ state: 'running', done: 500, total: ORDERS });
    await worker.close();
    worker = null;
    held.release();
    expect((await status()).backfill).toEqual({ state: 'running', done: 500, total: ORDERS });

    // A new worker finds the running backfill and resumes from the stored cursor.
    worker = await startWorker(t.config);
    const done = await until((s) => s.backfill.state !== 'running', 'backfill did not finish');
    expect(done.backfill).toEqual({ state: 'done', done: ORDERS, total: ORDERS });

    const [row] = await t.dataSource.query(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT sequence_no) AS distinct_numbers, MIN(sequence_no) AS lo, MAX(sequence_no) AS hi FROM invoices WHERE account_id = ?',
      [a.accountId],
    );
    expect(row).toEqual({ n: ORDERS, distinct_numbers: ORDERS, lo: 1, hi: ORDERS });
    const [mapped] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM storefront_documents WHERE account_id = ? AND kind = 'order' AND document_id IS NOT NULL",
      [a.accountId],
    );
    expect(mapped.n).toBe(ORDERS);

    const pages = fake.requests.filter((r) => r.host === SHOP && r.path.startsWith('/admin/api/2024-10/orders.json'));
    expect(pages.filter((r) => r.path.includes(`page_info=${cursorOf(250)}`)).length).toBe(2); // the 429, then the page
    expect(pages.filter((r) => r.path.includes(`page_info=${cursorOf(500)}`)).length).toBe(3); // the 503, the held one, the resumed one
    expect(pages.every((r) => r.path.includes('limit=250'))).toBe(true);

    // A second backfill makes nothing new: every order has its invoice.
    await t.http.post('/v1/integrations/storefront/backfill').set(a.auth).send({}).expect(200);
    expect((await until((s) => s.backfill.state !== 'running', 'second backfill did not finish')).backfill).toEqual({
      state: 'done',
      done: ORDERS,
      total: ORDERS,
    });
    const [after] = await t.dataSource.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [a.accountId]);
    expect(after.n).toBe(ORDERS);
  }, 300_000);
});
