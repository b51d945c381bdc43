import Redis from 'ioredis';
import { ApiRateLimiter, RateBudget } from '@app/domain/auth/api-rate-limiter.port';

/**
 * Two buckets per account in one Redis hash (shared by every API process), timed by Redis's own clock:
 * - requests: `tokens`, `rate` a second, at most `burst` saved up; each request takes one;
 * - request time: `time` (ms), `timeRate` ms a second, at most `timeBurst` saved up; each answered request is
 *   charged its duration afterwards (`spend`), which may take the balance below zero. While it is at or below
 *   zero the account's requests are refused until it is positive again. A heavy request is always let through
 *   while the account has time left, and pays for itself afterwards: the debt is what holds its next ones back.
 * One script call per request and one per answer. If Redis does not answer within `timeoutMs`, the request is let
 * through (and a charge is dropped): the limit protects the service, an outage of the limiter must not take the API
 * down with it.
 */
const REFILL = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local data = redis.call('HMGET', KEYS[1], 'tokens', 'ts', 'time')
local tokens = tonumber(data[1])
local ts = tonumber(data[2])
local time = tonumber(data[3])
if tokens == nil or ts == nil then tokens = burst; ts = now end
if time == nil then time = timeBurst end
local elapsed = math.max(0, now - ts)
tokens = math.min(burst, tokens + elapsed * rate / 1000)
time = math.min(timeBurst, time + elapsed * timeRate / 1000)
`;
const STORE = `
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now), 'time', tostring(time))
redis.call('PEXPIRE', KEYS[1], math.ceil(math.max(burst * 1000 / rate, (timeBurst - time) * 1000 / timeRate)) + 1000)
`;
const ARGS = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local timeRate = tonumber(ARGV[3])
local timeBurst = tonumber(ARGV[4])
`;
const CONSUME =
  ARGS +
  REFILL +
  `
local allowed = 0
local wait = 0
if time <= 0 then
  wait = math.ceil((1 - time) * 1000 / timeRate)
elseif tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = math.ceil((1 - tokens) * 1000 / rate)
end
` +
  STORE +
  `return {allowed, wait, math.floor(tokens), math.ceil((burst - tokens) * 1000 / rate)}`;
const SPEND = ARGS + REFILL + `time = time - tonumber(ARGV[5])` + STORE + `return 1`;

type Command = (key: string, ...args: number[]) => Promise<[number, number, number, number]>;

export interface ApiRateOptions {
  perSecond: number;
  burst: number;
  /** Request time (ms) an account gets back each second, and the most it may save up. */
  timePerSecondMs: number;
  timeBurstMs: number;
  keyPrefix: string;
  timeoutMs?: number;
}

export class RedisApiRateLimiter extends ApiRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly options: ApiRateOptions,
  ) {
    super();
    // ioredis sends EVALSHA (the script's hash) and falls back to EVAL once per Redis restart.
    if (!('apiBudgetConsume' in redis)) redis.defineCommand('apiBudgetConsume', { numberOfKeys: 1, lua: CONSUME });
    if (!('apiBudgetSpend' in redis)) redis.defineCommand('apiBudgetSpend', { numberOfKeys: 1, lua: SPEND });
  }

  private run(name: 'apiBudgetConsume' | 'apiBudgetSpend', accountId: number, ...more: number[]): Promise<[number, number, number, number]> {
    const command = (this.redis as unknown as Record<string, Command>)[name];
    const { perSecond, burst, timePerSecondMs, timeBurstMs, keyPrefix } = this.options;
    return command.call(this.redis, `${keyPrefix}rate:api:${accountId}`, perSecond, burst, timePerSecondMs, timeBurstMs, ...more);
  }

  async consume(accountId: number): Promise<RateBudget> {
    const call = this.run('apiBudgetConsume', accountId);
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

  spend(accountId: number, milliseconds: number): void {
    // Fails open as `consume` does: a charge that would wait for Redis (reconnecting, a cluster slot failing over) is
    // dropped rather than queued behind the commands of the requests themselves.
    if (this.redis.status !== 'ready') return;
    this.run('apiBudgetSpend', accountId, Math.max(0, Math.round(milliseconds))).catch(() => undefined);
  }
}
