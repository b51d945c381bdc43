import { startApp, TestApp } from './support/app-harness';

describe('API rate limit per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('api_ratelimit', { RATE_LIMIT: 'on', API_RATE_LIMIT_PER_SECOND: '1', API_RATE_LIMIT_BURST: '3' });
  });
  afterAll(() => t.close());

  it('lets a burst through, then answers 429 rate_limited with Retry-After; accounts are independent', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    for (let i = 0; i < 3; i++) await t.http.get('/v1/me').set(a.auth).expect(200);
    const limited = await t.http.get('/v1/me').set(a.auth).expect(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await t.http.get('/v1/me').set(b.auth).expect(200);
    // Unauthenticated calls are refused before they can spend anyone's budget.
    await t.http.get('/v1/me').expect(401);
  });
});
