import Redis from 'ioredis';
import { databaseName } from '@app/infra/database/data-source';
import { loginThrottlePrefix } from '@app/infra/auth/redis-login-throttle';
import { startApp, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';

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
