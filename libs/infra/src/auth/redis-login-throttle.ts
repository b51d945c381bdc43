import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { LoginAttempt, LoginThrottle } from '@app/domain/auth/login-throttle.port';
import { RateLimited } from '@app/domain/shared/domain-error';

export interface LoginThrottleOptions {
  /** Keeps the counters of one deployment (or one test database) apart from others on the same Redis. */
  prefix: string;
  maxFailuresPerUser: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

/** The key prefix for a database name: `ratelimit:login:<database>:`. */
export function loginThrottlePrefix(databaseName: string): string {
  return `ratelimit:login:${databaseName}:`;
}

/**
 * Fixed-window failure counters in Redis: a key per username (SHA-256 of the lowercased name, so no
 * user input reaches key names) and per client address, each expiring `windowSeconds` after its first
 * failure. Every process shares them. When Redis cannot be reached sign-in stays available (fail open);
 * /health reports Redis as down.
 */
export class RedisLoginThrottle extends LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly options: LoginThrottleOptions,
  ) {
    super();
  }

  async assertAllowed(attempt: LoginAttempt): Promise<void> {
    const limits = this.limits(attempt);
    const pipeline = this.redis.pipeline();
    for (const { key } of limits) pipeline.get(key).pttl(key);
    let replies: Array<[Error | null, unknown]> | null;
    try {
      replies = await pipeline.exec();
    } catch {
      return;
    }
    if (!replies) return;
    limits.forEach(({ max }, i) => {
      const [countErr, count] = replies[i * 2];
      const [ttlErr, ttl] = replies[i * 2 + 1];
      if (countErr || ttlErr || Number(count ?? 0) < max) return;
      const ms = Number(ttl);
      throw new RateLimited(ms > 0 ? Math.ceil(ms / 1000) : this.options.windowSeconds);
    });
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const { key } of this.limits(attempt)) pipeline.set(key, 0, 'EX', this.options.windowSeconds, 'NX').incr(key);
    await pipeline.exec().catch(() => undefined);
  }

  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.redis.del(this.userKey(attempt.username)).catch(() => undefined);
  }

  private limits(attempt: LoginAttempt): Array<{ key: string; max: number }> {
    const limits = [{ key: this.userKey(attempt.username), max: this.options.maxFailuresPerUser }];
    if (attempt.ip) limits.push({ key: `${this.options.prefix}ip:${attempt.ip}`, max: this.options.maxFailuresPerIp });
    return limits;
  }

  private userKey(username: string): string {
    const digest = createHash('sha256').update(username.trim().toLowerCase(), 'utf8').digest('hex');
    return `${this.options.prefix}user:${digest}`;
  }
}
