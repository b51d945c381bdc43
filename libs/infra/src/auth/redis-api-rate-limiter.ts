import Redis from 'ioredis';
import { ApiRateLimiter, RateBudget } from '@app/domain/auth/api-rate-limiter.port';

/**
 * A token bucket per account in Redis (shared by every API process): `rate` tokens a second, at most
 * `burst` saved up. One script call per request, timed by Redis's own clock. If Redis does not answer
 * within `timeoutMs`, the request is let through: the limit protects the service, an outage of the
 * limiter must not take the API down with it.
 */
const SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local data = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(data[1])
local ts = tonumber(data[2])
if tokens == nil or ts == nil then tokens = burst; ts = now end
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate / 1000)
local allowed = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = math.ceil((1 - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return {allowed, wait, math.floor(tokens), math.ceil((burst - tokens) * 1000 / rate)}
`;

export class RedisApiRateLimiter extends ApiRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly options: { perSecond: number; burst: number; keyPrefix: string; timeoutMs?: number },
  ) {
    super();
    // ioredis sends EVALSHA (the script's hash) and falls back to EVAL once per Redis restart.
    if (!('apiTokenBucket' in redis)) redis.defineCommand('apiTokenBucket', { numberOfKeys: 1, lua: SCRIPT });
  }

  private takeToken(key: string, rate: number, burst: number): Promise<[number, number, number, number]> {
    const command = (this.redis as unknown as Record<string, (key: string, ...args: number[]) => Promise<[number, number, number, number]>>).apiTokenBucket;
    return command.call(this.redis, key, rate, burst);
  }

  async consume(accountId: number): Promise<RateBudget> {
    const call = this.takeToken(`${this.options.keyPrefix}rate:api:${accountId}`, this.options.perSecond, this.options.burst);
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), this.options.timeoutMs ?? 50).unref());
    const result = await Promise.race([call.catch(() => null), timeout]);
    if (!result) return { allowed: true, retryAfterSeconds: 0 };
    const [allowed, waitMs, remaining, fullInMs] = result;
    return {
      allowed: allowed === 1,
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      limit: this.options.burst,
      remaining: Math.max(0, remaining),
      resetSeconds: Math.max(0, Math.ceil(fullInMs / 1000)),
    };
  }
}
