import { startApp, TestApp } from './support/app-harness';

describe('health with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: Redis is "down" for this app, the database is fine.
    t = await startApp('health_down', { REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('reports 503 not_available naming the dependency that is down', async () => {
    const res = await t.http.get('/health').expect(503);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'not_available', message: expect.any(String), details: { database: 'up', redis: 'down' } },
    });
  });

  it('keeps serving requests that need only the database', async () => {
    const a = await t.createAccount();
    await t.http.get('/v1/me').set(a.auth).expect(200);
  });
});
