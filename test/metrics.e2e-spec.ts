import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

const TOKEN = 'metrics-token-for-the-e2e-suite';

/** One sample's value from the Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const row of text.split('\n')) {
    if (!row.startsWith(`${name}{`) && !row.startsWith(`${name} `)) continue;
    const labelText = row.slice(name.length, row.lastIndexOf('}') + 1);
    if (wanted.every((pair) => labelText.includes(pair))) return Number(row.trim().split(' ').pop());
  }
  return undefined;
}

describe('Metrics and health probes', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await startApp('metrics', { METRICS_TOKEN: TOKEN });
    a = await t.createAccount();
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.text;
  };

  it('refuses a scrape without the token or with a wrong one, in the error envelope', async () => {
    const none = await t.http.get('/metrics').expect(401);
    expect(none.body.error.code).toBe('unauthorized');
    await t.http.get('/metrics').set('authorization', `Bearer ${TOKEN}x`).expect(401);
    await t.http.get('/metrics').set('authorization', TOKEN).expect(401);
    await t.http.get('/metrics').set(a.auth).expect(401); // an API key is not the metrics token
  });

  it('counts requests by route template, method and status, never by raw URL', async () => {
    const before = await scrape();
    const meBefore = sample(before, 'http_requests_total', { method: 'GET', route: '/v1/me', status: '200' }) ?? 0;
    for (let i = 0; i < 3; i++) await t.http.get('/v1/me').set(a.auth).expect(200);
    await t.http.get('/v1/invoices/987654').set(a.auth).expect(404);
    await t.http.get('/v1/invoices/0').set(a.auth).expect(400);
    await t.http.get('/no/such/path/4242').expect(404);

    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/v1/me', status: '200' })).toBe(meBefore + 3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/v1/invoices/{id}', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/v1/invoices/{id}', status: '400' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    // The ids of the raw URLs are in no series name or label (values are left aside: a byte count may hold the digits).
    const series = text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(series.length).toBeGreaterThan(10);
    expect(series.filter((line) => line.includes('987654') || line.includes('4242'))).toEqual([]);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/me', status: '200' })).toBe(meBefore + 3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/v1/me', le: '+Inf' })).toBe(meBefore + 3);
  });

  it('reports database pool use, queue depths and process figures', async () => {
    const text = await scrape();
    const used = sample(text, 'db_pool_connections', { state: 'used' });
    const idle = sample(text, 'db_pool_connections', { state: 'idle' });
    expect(used).toBeGreaterThanOrEqual(0);
    expect((used ?? 0) + (idle ?? 0)).toBeGreaterThan(0); // the pool has served the requests above
    for (const queue of ['sendouts', 'pushes', 'ca-sync', 'store-notifications'])
      for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed'])
        expect(sample(text, 'queue_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
  });

  it('times PDF renders', async () => {
    const clientId = await createClient(t, a);
    const created = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items: [line('Metered', 1, 100)] })
      .expect(201);
    const before = sample(await scrape(), 'pdf_render_seconds_count', { outcome: 'ok' }) ?? 0;
    await t.http.get(`/v1/documents/invoice/${created.body.data.invoice_id}/pdf`).set(a.auth).expect(200);
    const text = await scrape();
    expect(sample(text, 'pdf_render_seconds_count', { outcome: 'ok' })).toBe(before + 1);
    expect(sample(text, 'pdf_render_seconds_sum', { outcome: 'ok' })).toBeGreaterThan(0);
  });

  it('splits liveness from readiness', async () => {
    const live = await t.http.get('/health/live').expect(200);
    expect(live.body.data).toEqual({ status: 'ok' });
    const ready = await t.http.get('/health/ready').expect(200);
    expect(ready.body.data).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });
});

describe('Metrics without a token configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('metrics_off', { METRICS_TOKEN: '' });
  });
  afterAll(() => t?.close());

  it('answers 404 whatever is presented', async () => {
    const res = await t.http.get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
