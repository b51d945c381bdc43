import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { FakeShop, makeOrder } from './support/fake-shop';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';

const SHOP = '127.0.0.9';
const TOKEN = 'shpat_backfill_token';
const ORDERS = 620;
const cursorOf = (offset: number) => Buffer.from(String(offset)).toString('base64url');
const ROOT = path.resolve(__dirname, '..');
const STOREFRONT_ENV = {
  ENCRYPTION_KEY: 'b2'.repeat(32),
  STOREFRONT_SCHEME: 'http',
  STOREFRONT_ALLOW_INSECURE: 'on',
  STOREFRONT_BACKOFF_MS: '100',
  // A dead worker's backfill job is taken over within seconds, not the default half minute.
  STOREFRONT_BACKFILL_LOCK_MS: '3000',
  SWEEP_INTERVAL_MS: '300',
  SWEEP_AFTER_MS: '2000',
};
const pastOrders = (first: number) =>
  Array.from({ length: ORDERS }, (_, i) =>
    makeOrder({ id: first + i, created_at: `2025-05-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00+05:30`, shipping: null }),
  );

describe('storefront backfill: past orders page by page, resumable', () => {
  const fake = new FakeShop();
  let t: TestApp;
  let a: TestAccount;
  let worker: TestWorker | null = null;

  beforeAll(async () => {
    await fake.start();
    t = await startApp('storefront_backfill', { ...STOREFRONT_ENV, STOREFRONT_PORT: String(fake.port), QUEUE_PREFIX: queuePrefixFor('storefront-backfill') });
    fake.add(SHOP, TOKEN, pastOrders(8_000_000));
    a = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
    await t.http.post('/v1/integrations/storefront').set(a.auth).send({ shop_domain: SHOP, access_token: TOKEN }).expect(200);
  });
  afterAll(async () => {
    await worker?.close();
    await dropQueue(t.config);
    await t.close();
    await fake.stop();
  });

  const status = async (who?: TestAccount) =>
    (
      await t.http
        .get('/v1/integrations/storefront')
        .set((who ?? a).auth)
        .expect(200)
    ).body.data;
  async function until(check: (s: any) => boolean, what: string, timeoutMs = 150_000, who?: TestAccount): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = await status(who);
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

  it('a worker killed (SIGKILL) in the middle of a page: its transaction rolls back, the next worker takes the job over, 620 invoices numbered 1 to 620', async () => {
    await worker?.close();
    worker = null;
    if (!existsSync(path.join(ROOT, 'dist/apps/worker/src/storefront/storefront-runtime.js'))) {
      const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    }
    const shop = '127.0.0.10';
    fake.add(shop, TOKEN, pastOrders(9_000_000));
    const b = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
    await t.http.post('/v1/integrations/storefront').set(b.auth).send({ shop_domain: shop, access_token: TOKEN }).expect(200);
    const invoicesOf = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [b.accountId]))[0].n);

    // The built worker in a process of its own, on the suite's database, Redis and queue prefix.
    const child = spawn(process.execPath, ['scripts/run.js', 'worker'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...STOREFRONT_ENV,
        STOREFRONT_PORT: String(fake.port),
        DATABASE_URL: t.databaseUrl,
        REDIS_URL: t.config.redisUrl,
        QUEUE_PREFIX: t.config.queue.prefix,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await t.http.post('/v1/integrations/storefront/backfill').set(b.auth).send({}).expect(200);
      const deadline = Date.now() + 150_000;
      while ((await invoicesOf()) < 300) {
        if (child.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the worker made no progress:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const killed = await status(b);
    expect(killed.backfill).toMatchObject({ state: 'running', total: ORDERS });
    expect(killed.backfill.done).toBeLessThan(ORDERS);

    worker = await startWorker(t.config);
    const done = await until((s) => s.backfill.state !== 'running', 'backfill did not finish after the kill', 150_000, b);
    expect(done.backfill).toEqual({ state: 'done', done: ORDERS, total: ORDERS });
    const [row] = await t.dataSource.query(
      'SELECT COUNT(*) AS n, COUNT(DISTINCT sequence_no) AS distinct_numbers, MIN(sequence_no) AS lo, MAX(sequence_no) AS hi FROM invoices WHERE account_id = ?',
      [b.accountId],
    );
    expect(row).toEqual({ n: ORDERS, distinct_numbers: ORDERS, lo: 1, hi: ORDERS });
  }, 300_000);
});
