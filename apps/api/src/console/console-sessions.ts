import type Redis from 'ioredis';
import type { Account } from '@app/domain/shared/account';
import type { AccountRepository } from '@app/domain/accounts/account.repository.port';
import type { ActivityLog } from '@app/domain/activity/activity-log.port';
import { AuthenticateCaller } from '@app/domain/auth/authenticate-caller.use-case';
import type { Caller } from '@app/domain/shared/caller';
import { LoginUseCase } from '@app/domain/auth/login.use-case';
import { SessionOpening } from '@app/domain/auth/session-opening';
import type { SessionRepository } from '@app/domain/auth/session.repository.port';
import { ACCESS_TOKEN_PREFIX, looksLikeToken, type SessionPolicy } from '@app/domain/auth/session-tokens';
import type { SignInCheck } from '@app/domain/auth/sign-in-check';
import { deviceInfo } from '@app/domain/auth/device-info';
import type { PlanPolicy } from '@app/domain/accounts/plan';
import type { Clock } from '@app/domain/shared/clock.port';
import { Unauthorized } from '@app/domain/shared/domain-error';
import type { SecretHasher } from '@app/domain/shared/secret.port';
import type { TransactionRunner } from '@app/domain/shared/transaction.port';
import type { User } from '@app/domain/users/user.repository.port';
import type { ConsoleConfig } from '@app/infra/config/console-config';

export interface ConsoleSessionDeps {
  check: SignInCheck;
  accounts: AccountRepository;
  sessions: SessionRepository;
  authenticate: AuthenticateCaller;
  plans: PlanPolicy;
  secrets: SecretHasher;
  tx: TransactionRunner;
  clock: Clock;
  activity: ActivityLog;
  redis: Redis;
  /** Keeps one deployment's (or one test database's) keys apart on a shared Redis. */
  prefix: string;
  config: ConsoleConfig;
}

/** A browser signed in to the console: the caller (as the API sees it) and the CSRF token of its forms. */
export interface SignedIn {
  caller: Caller;
  csrf: string;
}

/** What a new sign-in hands the browser: the session cookie's token and the CSRF token of its forms. */
export interface OpenedSession {
  token: string;
  csrf: string;
}

const CONSOLE_DEVICE = 'Web console';

/**
 * Console sign-ins are sessions of the same kind as the mobile app's (the same users, throttle, device cap
 * and audit line, and they show in GET /v1/auth/sessions), opened under a policy of their own: the access
 * token lives as long as the console's absolute limit and is the session cookie's value; no refresh token
 * ever leaves the server. The idle limit is a Redis key per session, renewed by every page, that also holds
 * the CSRF token of the session's forms: once it lapses the session is revoked at its next use.
 */
export class ConsoleSessions {
  private readonly login: LoginUseCase;
  private readonly opening: SessionOpening;

  constructor(private readonly deps: ConsoleSessionDeps) {
    const ttl = deps.config.absoluteSeconds;
    const policy: SessionPolicy = { accessTtlSeconds: ttl, refreshTtlSeconds: ttl, touchIntervalSeconds: 60 };
    this.opening = new SessionOpening(deps.sessions, deps.plans, deps.secrets, policy);
    this.login = new LoginUseCase(deps.check, deps.accounts, this.opening, deps.tx, deps.clock, deps.activity);
  }

  /** The password sign-in of POST /v1/auth/login (throttle, suspended and deleted accounts, device cap). */
  async signIn(username: string, password: string, ip: string | null, userAgent: string | null): Promise<OpenedSession> {
    const result = await this.login.execute({ username, password, ip, userAgent, deviceName: CONSOLE_DEVICE, platform: 'web' });
    return this.started(result.sessionId, result.tokens.accessToken);
  }

  /** Signs in the owner of an account just made by a verified sign-up (its password was set moments ago). */
  async openFor(account: Account, user: User, userAgent: string | null): Promise<OpenedSession> {
    const now = this.deps.clock.now();
    const tokens = this.opening.tokens(now);
    const device = deviceInfo({ deviceName: CONSOLE_DEVICE, platform: 'web', userAgent });
    const sessionId = await this.deps.tx.run(() => this.opening.open(account, user, device, tokens, now));
    return this.started(sessionId, tokens.accessToken);
  }

  /** The signed-in browser of a session cookie, or null (none, expired, revoked, idle too long). */
  async resolve(token: string | undefined): Promise<SignedIn | null> {
    if (!token || !looksLikeToken(token, ACCESS_TOKEN_PREFIX)) return null;
    let caller: Caller;
    try {
      caller = await this.deps.authenticate.execute(token);
    } catch (error) {
      if (error instanceof Unauthorized) return null;
      throw error;
    }
    const { principal } = caller;
    if (principal.kind !== 'user' || principal.sessionId === null) return null;
    const key = this.key(principal.sessionId);
    const csrf = await this.deps.redis.get(key);
    if (!csrf) {
      await this.deps.sessions.revoke({ accountId: principal.accountId, sessionId: principal.sessionId }, 'idle_timeout', this.deps.clock.now());
      return null;
    }
    await this.deps.redis.expire(key, this.deps.config.idleSeconds);
    return { caller, csrf };
  }

  async signOut(signedIn: SignedIn): Promise<void> {
    const { principal } = signedIn.caller;
    if (principal.sessionId === null) return;
    await this.deps.sessions.revoke({ accountId: principal.accountId, sessionId: principal.sessionId }, 'logout', this.deps.clock.now());
    await this.deps.redis.del(this.key(principal.sessionId));
  }

  private async started(sessionId: number, token: string): Promise<OpenedSession> {
    const csrf = this.deps.secrets.randomToken(32);
    await this.deps.redis.set(this.key(sessionId), csrf, 'EX', this.deps.config.idleSeconds);
    return { token, csrf };
  }

  private key(sessionId: number): string {
    return `${this.deps.prefix}session:${sessionId}`;
  }
}
