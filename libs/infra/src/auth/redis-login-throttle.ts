import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { LoginAttempt, LoginThrottle } from '@app/domain/auth/login-throttle.port';
import { RateLimited, TemporarilyUnavailable } from '@app/domain/shared/domain-error';

export interface LoginThrottleOptions {
  /** Keeps the counters of one deployment (or one test database) apart from others on the same Redis. */
  prefix: string;
  maxFailuresPerUser: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  /** Longest wait for Redis before the attempt is refused (default 1000 ms). */
  timeoutMs?: number;
}

/** `Retry-After` of a sign-in refused because the counters cannot be reached. */
export const LOGIN_THROTTLE_RETRY_AFTER_SECONDS = 5;

/** The counters could not be read or written: the attempt is refused (503 not_available with Retry-After). */
export class LoginThrottleUnavailable extends TemporarilyUnavailable {
  constructor() {
    super('Sign-in is unavailable for a moment; try again shortly.', LOGIN_THROTTLE_RETRY_AFTER_SECONDS);
  }
}

/** The key prefix for a database name: `ratelimit:login:<database>:`. */
export function loginThrottlePrefix(databaseName: string): string {
  return `ratelimit:login:${databaseName}:`;
}

/**
 * Fixed-window failure counters in Redis: a key per username (SHA-256 of the lowercased name, so no
 * user input reaches key names) and per client address, each expiring `windowSeconds` after its first
 * failure. Every process shares them. The throttle fails closed: when Redis cannot be reached (or does not
 * answer within `timeoutMs`), an attempt that cannot be checked or whose failure cannot be counted is refused
 * with 503 `not_available` and `Retry-After` (LoginThrottleUnavailable), so no password is tried uncounted.
 * Only clearing a username's count after a correct password may fail quietly.
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
    const replies = await this.run(pipeline);
    limits.forEach(({ max }, i) => {
      const count = Number(replies[i * 2] ?? 0);
      if (count < max) return;
      const ms = Number(replies[i * 2 + 1]);
      throw new RateLimited(ms > 0 ? Math.ceil(ms / 1000) : this.options.windowSeconds);
    });
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const { key } of this.limits(attempt)) pipeline.set(key, 0, 'EX', this.options.windowSeconds, 'NX').incr(key);
    await this.run(pipeline);
  }

  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.run(this.redis.pipeline().del(this.userKey(attempt.username))).catch(() => undefined);
  }

  /** The replies of a pipeline; LoginThrottleUnavailable when Redis fails, fails one command or is too slow. */
  private async run(pipeline: ReturnType<Redis['pipeline']>): Promise<unknown[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.options.timeoutMs ?? 1000);
    });
    try {
      const replies = await Promise.race([pipeline.exec().catch(() => null), timeout]);
      if (!replies || replies.some(([error]) => error)) throw new LoginThrottleUnavailable();
      return replies.map(([, value]) => value);
    } finally {
      clearTimeout(timer);
    }
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
