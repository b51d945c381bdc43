import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, TestApp, TestAccount } from './support/app-harness';

describe('foundation: envelope, auth, CORS, errors', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await startApp('foundation');
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme@example.com', gstin: '27AAPFU0939F1ZV' });
  });
  afterAll(() => t.close());

  it('GET /v1/me returns the account in the envelope with every field of the spec', async () => {
    const res = await t.http.get('/v1/me').set(a.auth).expect(200);
    expect(res.body).toEqual({
      ok: true,
      data: expect.objectContaining({
        account_id: a.accountId,
        business_name: 'Acme Traders',
        business_email: 'acme@example.com',
        currency: 'INR',
        business_gstin: '27AAPFU0939F1ZV',
        business_pan: 'AAPFU0939F',
        subscription_expires_at: null,
      }),
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('accepts X-API-Key and rejects missing or unknown keys with 401', async () => {
    await t.http.get('/v1/me').set('X-API-Key', a.apiKey).expect(200);
    const missing = await t.http.get('/v1/me').expect(401);
    expect(missing.body).toEqual({ ok: false, error: { code: 'unauthorized', message: expect.any(String), details: {} } });
    await t.http.get('/v1/me').set('Authorization', 'Bearer ik_nope').expect(401);
  });

  it('rejects ?api_key= even when the key is valid', async () => {
    const res = await t.http.get(`/v1/me?api_key=${a.apiKey}`).expect(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details).toHaveProperty('api_key');
  });

  it('rotation invalidates the old key at once', async () => {
    const b = await t.createAccount();
    const { api_key } = await t.admin.rotateKey(b.accountId);
    await t.http.get('/v1/me').set(b.auth).expect(401);
    const res = await t.http.get('/v1/me').set('Authorization', `Bearer ${api_key}`).expect(200);
    expect(res.body.data.account_id).toBe(b.accountId);
  });

  it('a suspended account gets 403 account_suspended until unsuspended', async () => {
    const s = await t.createAccount();
    await t.admin.setSuspended(s.accountId, true);
    const res = await t.http.get('/v1/me').set(s.auth).expect(403);
    expect(res.body.error.code).toBe('account_suspended');
    await t.admin.setSuspended(s.accountId, false);
    await t.http.get('/v1/me').set(s.auth).expect(200);
  });

  it('OPTIONS answers 204 before authentication with the CORS headers, never credentials', async () => {
    const res = await t.http.options('/v1/clients').set('Origin', 'https://app.example.com').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PATCH, DELETE, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, X-API-Key');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await t.http.get('/v1/me').set(a.auth).set('Origin', 'https://x.example').expect(200);
    expect(get.headers['access-control-allow-origin']).toBe('https://x.example');
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('unknown routes and methods are 404 not_found with details.route and details.method', async () => {
    const res = await t.http.get('/v1/nothing-here').expect(404);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'not_found', message: expect.any(String), details: { route: '/v1/nothing-here', method: 'GET' } },
    });
    const put = await t.http.put('/v1/me').set(a.auth).expect(404);
    expect(put.body.error.details).toEqual({ route: '/v1/me', method: 'PUT' });
  });

  it('malformed JSON and bad path ids are 400 validation_error', async () => {
    const res = await t.http.post('/v1/clients').set(a.auth).set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body.error.code).toBe('validation_error');
    const bad = await t.http.get('/v1/clients/abc').set(a.auth).expect(400);
    expect(bad.body.error.details).toHaveProperty('id');
    await t.http.get('/v1/clients/0').set(a.auth).expect(400);
    await t.http.get('/v1/clients/99999999999').set(a.auth).expect(400);
  });

  it('bodies over 1 MB are 413 payload_too_large', async () => {
    const res = await t.http
      .post('/v1/clients')
      .set(a.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('GET /health reports database and Redis', async () => {
    const res = await t.http.get('/health').expect(200);
    expect(res.body.data).toMatchObject({ database: 'up', redis: 'up' });
  });

  it('serves the OpenAPI contract at /v1/openapi.json with the version of the committed document', async () => {
    const res = await t.http.get('/v1/openapi.json').expect(200);
    const committed = JSON.parse(readFileSync(join(__dirname, '..', 'openapi', 'openapi.json'), 'utf8')) as { info: { version: string } };
    expect(res.body.info.version).toMatch(/^1\.\d+\.\d+$/);
    expect(res.body.info.version).toBe(committed.info.version);
    expect(res.body.paths).toHaveProperty('/v1/clients');
    await t.http.get('/docs/').expect(200);
  });
});
