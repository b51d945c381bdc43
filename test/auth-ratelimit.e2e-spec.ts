import Redis from 'ioredis';
import { databaseName } from '@app/infra/database/data-source';
import { loginThrottlePrefix } from '@app/infra/auth/redis-login-throttle';
import { startApp, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';
import { freePort, RedisChild } from './support/redis-child';

const STRONG = 'Str0ng!pass';
const WRONG = 'Wrong!pass1';

/** Counters live in Redis for 15 minutes: clear this suite's prefix so a re-run starts from zero. */
async function clearCounters(t: TestApp): Promise<void> {
  const redis = t.app.get(Redis);
  const keys = await redis.keys(`${loginThrottlePrefix(databaseName(t.databaseUrl))}*`);
  if (keys.length) await redis.del(...keys);
}

describe('login rate limits (Redis; RATE_LIMIT=on)', () => {
  let t: TestApp;
  let m: ReturnType<typeof mobile>;

  beforeAll(async () => {
    t = await startApp('auth_ratelimit', { RATE_LIMIT: 'on', LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '12' });
    m = mobile(t);
    await clearCounters(t);
    await t.createAccount({ username: 'rl_alice', password: STRONG });
    await t.createAccount({ username: 'rl_bob', password: STRONG });
  });
  afterAll(async () => {
    await clearCounters(t);
    await t.close();
  });

  it("a correct password clears the username's count", async () => {
    for (let i = 0; i < 2; i++) await m.login('rl_bob', WRONG).expect(401);
    await m.login('rl_bob', STRONG).expect(200);
    for (let i = 0; i < 2; i++) await m.login('rl_bob', WRONG).expect(401);
    await m.login('rl_bob', STRONG).expect(200); // 4 failures in all, never 3 in a row: not limited
  });

  it('after N failures for one username the N+1th attempt is 429 rate_limited with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 3; i++) await m.login('rl_alice', WRONG).expect(401);
    const res = await m.login('RL_Alice', STRONG).expect(429);
    expect(res.body.error).toMatchObject({ code: 'rate_limited', details: { retry_after: expect.any(Number) } });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    await m.login('rl_alice', STRONG).expect(429);
  });

  it('unknown usernames are counted the same way', async () => {
    for (let i = 0; i < 3; i++) await m.login('rl_ghost', WRONG).expect(401);
    expect((await m.login('rl_ghost', WRONG).expect(429)).body.error.code).toBe('rate_limited');
  });

  it('failures from one address across usernames hit the per-IP limit', async () => {
    // 4 (bob) + 3 (alice) + 3 (ghost) failures so far from this address; the limit is 12.
    await m.login('rl_x1', WRONG).expect(401);
    await m.login('rl_x2', WRONG).expect(401);
    const res = await m.login('rl_bob', STRONG).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('a wrong current password in change-password counts against the same limits', async () => {
    await clearCounters(t);
    await t.createAccount({ username: 'rl_carol', password: STRONG });
    const s = await m.signIn('rl_carol', STRONG);
    for (let i = 0; i < 3; i++) {
      await t.http
        .post('/v1/auth/change-password')
        .set(s.auth)
        .send({ current_password: WRONG, password: 'N3w!passw', confirm_password: 'N3w!passw' })
        .expect(400);
    }
    const res = await t.http
      .post('/v1/auth/change-password')
      .set(s.auth)
      .send({ current_password: STRONG, password: 'N3w!passw', confirm_password: 'N3w!passw' })
      .expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    await m.login('rl_carol', STRONG).expect(429);
  });
});

/**
 * The sign-in throttle fails closed: while its counters in Redis cannot be reached, every attempt it guards
 * (login, and the current password of change-password and delete-account) answers 503 `not_available` with
 * `Retry-After`, so no password is tried uncounted. The API's own rate limit fails open meanwhile.
 */
describe('sign-in while Redis is down (RATE_LIMIT=on)', () => {
  let t: TestApp;
  let m: ReturnType<typeof mobile>;
  let redis: RedisChild;
  let apiKey: { Authorization: string };
  let session: { auth: { Authorization: string } };

  beforeAll(async () => {
    redis = new RedisChild(await freePort());
    await redis.start();
    t = await startApp('auth_ratelimit_down', {
      RATE_LIMIT: 'on',
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      LOGIN_MAX_FAILURES_PER_USER: '3',
      LOGIN_MAX_FAILURES_PER_IP: '100',
    });
    m = mobile(t);
    apiKey = (await t.createAccount({ username: 'rd_erin', password: STRONG })).auth;
    session = await m.signIn('rd_erin', STRONG);
  });
  let redisDown = false;
  const stopRedis = async () => {
    redisDown = true;
    await redis.stop();
  };
  const startRedis = async () => {
    await redis.start();
    redisDown = false;
  };
  afterAll(async () => {
    if (redisDown) await startRedis();
    await t?.close();
    await redis.stop();
  });

  const expectUnavailable = (res: { status: number; headers: Record<string, string>; body: any }) => {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, error: { code: 'not_available', message: expect.any(String), details: { retry_after: expect.any(Number) } } });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(res.body.error.details.retry_after).toBe(retryAfter);
  };

  it('refuses every sign-in with 503 and Retry-After, right password or wrong, and lets it in again once Redis is back', async () => {
    await stopRedis();
    for (let i = 0; i < 8; i++) expectUnavailable(await m.login('rd_erin', `${WRONG}${i}`));
    expectUnavailable(await m.login('rd_nobody', WRONG));
    expectUnavailable(await m.login('rd_erin', STRONG));

    // The current password of change-password and delete-account is guarded by the same counters.
    expectUnavailable(
      await t.http.post('/v1/auth/change-password').set(session.auth).send({ current_password: WRONG, password: 'N3w!passw', confirm_password: 'N3w!passw' }),
    );
    expectUnavailable(await t.http.post('/v1/auth/delete-account').set(session.auth).send({ password: WRONG, confirmation: 'DELETE' }));

    // The API's rate limit fails open: calls with the key and the token go on.
    await t.http.get('/v1/me').set(apiKey).expect(200);
    await t.http.get('/v1/auth/me').set(session.auth).expect(200);

    await startRedis();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await m.login('rd_erin', STRONG)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    // Counted again: 3 failures, then the 4th attempt is 429.
    for (let i = 0; i < 3; i++) await m.login('rd_erin', WRONG).expect(401);
    expect((await m.login('rd_erin', STRONG).expect(429)).body.error.code).toBe('rate_limited');
  });
});
