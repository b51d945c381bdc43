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

describe('API time limit per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One millisecond of request time a second, one saved up: the first answer spends it all and more.
    t = await startApp('api_timelimit', { RATE_LIMIT: 'on', API_TIME_LIMIT_MS_PER_SECOND: '1', API_TIME_LIMIT_BURST_MS: '1' });
  });
  afterAll(() => t.close());

  it('charges each answer its duration: an account past its request time is refused while it has requests left, others are not', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    await t.http.get('/v1/invoices').set(a.auth).expect(200);
    // The charge is made once the answer has left: wait for the next one to see it.
    let limited: { status: number; headers: Record<string, string>; body: { error: { code: string } } } | undefined;
    for (let i = 0; i < 20 && !limited; i++) {
      const res = await t.http.get('/v1/me').set(a.auth);
      if (res.status === 429) limited = res;
      else await new Promise((r) => setTimeout(r, 25));
    }
    expect(limited?.body.error.code).toBe('rate_limited');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited?.headers['x-ratelimit-remaining'])).toBeGreaterThan(0); // requests were left: time ran out
    await t.http.get('/v1/me').set(b.auth).expect(200);
  });
});
