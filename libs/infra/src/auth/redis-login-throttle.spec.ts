import type Redis from 'ioredis';
import { RateLimited } from '@app/domain/shared/domain-error';
import { LOGIN_THROTTLE_RETRY_AFTER_SECONDS, LoginThrottleUnavailable, RedisLoginThrottle } from './redis-login-throttle';

type Replies = Array<[Error | null, unknown]>;

/** A Redis whose pipelines answer `exec` with what `answer` gives (replies, a rejection, or never). */
function fakeRedis(answer: () => Promise<Replies | null>): Redis {
  const pipeline = () => {
    const chain = {
      get: () => chain,
      pttl: () => chain,
      set: () => chain,
      incr: () => chain,
      del: () => chain,
      exec: answer,
    };
    return chain;
  };
  return { pipeline } as unknown as Redis;
}

const options = { prefix: 'ratelimit:login:test:', maxFailuresPerUser: 3, maxFailuresPerIp: 10, windowSeconds: 900, timeoutMs: 50 };
const attempt = { username: 'alice', ip: '203.0.113.7' };

describe('RedisLoginThrottle', () => {
  it('lets an attempt under both limits through and refuses one over a limit with the seconds left', async () => {
    await expect(
      new RedisLoginThrottle(
        fakeRedis(async () => [
          [null, '2'],
          [null, 5000],
          [null, null],
          [null, -2],
        ]),
        options,
      ).assertAllowed(attempt),
    ).resolves.toBeUndefined();
    const over = new RedisLoginThrottle(
      fakeRedis(async () => [
        [null, '3'],
        [null, 61_500],
        [null, '0'],
        [null, -2],
      ]),
      options,
    );
    await expect(over.assertAllowed(attempt)).rejects.toEqual(new RateLimited(62));
  });

  it.each([
    ['Redis refuses the call', () => Promise.reject(new Error('Connection is closed.'))],
    [
      'one command fails',
      async (): Promise<Replies> => [
        [null, '0'],
        [new Error('LOADING'), null],
        [null, '0'],
        [null, -2],
      ],
    ],
    ['Redis does not answer in time', () => new Promise<Replies>(() => undefined)],
    ['the pipeline answers nothing', async () => null],
  ])('fails closed when %s: the check and the count both refuse with 503 and Retry-After', async (_what, answer) => {
    const throttle = new RedisLoginThrottle(fakeRedis(answer as () => Promise<Replies | null>), options);
    for (const call of [() => throttle.assertAllowed(attempt), () => throttle.recordFailure(attempt)]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoginThrottleUnavailable);
      expect(error).toMatchObject({
        code: 'not_available',
        retryAfterSeconds: LOGIN_THROTTLE_RETRY_AFTER_SECONDS,
        details: { retry_after: LOGIN_THROTTLE_RETRY_AFTER_SECONDS },
      });
    }
    // Clearing the count after a right password may fail quietly.
    await expect(throttle.recordSuccess(attempt)).resolves.toBeUndefined();
  });
});
