import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { AuthenticateCaller } from '@app/domain/auth/authenticate-caller.use-case';
import { ApiRateLimiter } from '@app/domain/auth/api-rate-limiter.port';
import { Forbidden, RateLimited, ValidationFailed } from '@app/domain/shared/domain-error';
import { can, PermissionKey } from '@app/domain/shared/principal';
import { hasApiKeyInQuery } from '../log-redaction';
import { AuthenticatedRequest, MOBILE_ONLY, PERMISSION, PUBLIC } from './decorators';
import type { EdgeAdapter, EdgeReply, EdgeRequest } from '../edge/http-edge';

/** What a route asks of its caller (its decorators, see decorators.ts). */
interface RouteAccess {
  public: boolean;
  mobileOnly: boolean;
  permission: PermissionKey | undefined;
}

/**
 * Global guard: resolves the caller from the headers, takes one request from the account's rate budget
 * (429 rate_limited with Retry-After when spent; X-RateLimit-Limit, -Remaining and -Reset on every answer) and
 * charges the account the time its answer takes once it has left, then checks mobile-only and permission keys.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticate: AuthenticateCaller,
    private readonly rate: ApiRateLimiter,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** Each route's metadata, read once per handler and controller class rather than on every request. */
  private readonly routes = new WeakMap<object, WeakMap<object, RouteAccess>>();

  private accessOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byClass = this.routes.get(handler);
    if (!byClass) this.routes.set(handler, (byClass = new WeakMap()));
    let access = byClass.get(controller);
    if (!access) {
      const targets = [handler, controller];
      access = {
        public: !!this.reflector.getAllAndOverride<boolean>(PUBLIC, targets),
        mobileOnly: !!this.reflector.getAllAndOverride<boolean>(MOBILE_ONLY, targets),
        permission: this.reflector.getAllAndOverride<PermissionKey | undefined>(PERMISSION, targets),
      };
      byClass.set(controller, access);
    }
    return access;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.accessOf(context);
    const req = context.switchToHttp().getRequest<EdgeRequest & AuthenticatedRequest>();
    // Public routes too: a key in a URL ends up in logs and browser histories, whatever the route.
    if (hasApiKeyInQuery(req.url)) {
      throw new ValidationFailed(
        { api_key: 'must be sent in the Authorization or X-API-Key header, never in the URL' },
        'API keys are not accepted in the URL.',
      );
    }
    if (access.public) return true;
    const caller = await this.authenticate.execute(credentialOf(req));
    const budget = await this.rate.consume(caller.account.id);
    if (budget.limit !== undefined) {
      const reply = context.switchToHttp().getResponse<EdgeReply>();
      reply.header('X-RateLimit-Limit', String(budget.limit));
      reply.header('X-RateLimit-Remaining', String(budget.remaining ?? 0));
      reply.header('X-RateLimit-Reset', String(budget.resetSeconds ?? 0));
    }
    if (!budget.allowed) throw new RateLimited(budget.retryAfterSeconds);
    if (budget.limit !== undefined) this.chargeWhenAnswered(context, caller.account.id);
    if (access.mobileOnly && caller.principal.kind !== 'user') {
      throw new Forbidden('This endpoint needs a mobile access token (sign in with POST /v1/auth/login).');
    }
    const permission = access.permission;
    if (permission && !can(caller.principal, permission)) {
      throw new Forbidden(`This user lacks the "${permission}" permission.`, { permission });
    }
    req.caller = caller;
    return true;
  }

  /** Charges the account the request's time, from here to the answer's last byte handed to the socket (or its abort). */
  private chargeWhenAnswered(context: ExecutionContext, accountId: number): void {
    const started = performance.now();
    const edge = this.adapterHost.httpAdapter as unknown as EdgeAdapter;
    const raw = edge.rawResponse(context.switchToHttp().getResponse());
    raw.once('close', () => this.rate.spend(accountId, performance.now() - started));
  }
}

export function credentialOf(req: Pick<EdgeRequest, 'headers'>): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (match) return match[1];
  }
  const key = req.headers['x-api-key'];
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}
