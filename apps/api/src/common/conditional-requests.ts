import { randomUUID } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable, RequestMethod, StreamableFile } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModuleRef } from '@nestjs/core';
import Redis from 'ioredis';
import { PreconditionFailed, TemporarilyUnavailable } from '@app/domain/shared/domain-error';
import { envelopeJson, NOT_MODIFIED } from '../edge/http-edge';
import { etagOfJson, matches } from './cacheable';
import { AuthenticatedRequest } from './decorators';

type Handler = (...args: unknown[]) => unknown;
type Constructor = abstract new (...args: never[]) => unknown;
interface RouteArg {
  index: number;
  data?: unknown;
  factory?: (data: unknown, context: ExecutionContext) => unknown;
}

/** How a route takes part: the single read of a record (`GET .../:id`), or a write of it (PATCH, DELETE) and its read. */
type Role = { kind: 'none' } | { kind: 'read' } | { kind: 'write'; read: string };

const LOCK_MS = 10_000;
const WAIT_MS = 5_000;

const lastSegmentIsId = (path: unknown) => typeof path === 'string' && /(^|\/):id$/.test(path);

/** What the answer of a conditional request needs: the If-None-Match of a read, the lock of a write to let go. */
interface ConditionalAnswer {
  ifNoneMatch?: string;
  read: boolean;
  release?: () => Promise<void>;
}

const CONDITIONAL = Symbol('conditionalAnswer');
type Holder = { [CONDITIONAL]?: ConditionalAnswer };

/**
 * Called by the two places every answer leaves by (the edge's `reply` and the error filter), once: lets a write's
 * lock go and, for a single read's result, sets its `ETag` and answers NOT_MODIFIED when If-None-Match names it.
 */
export function finishConditional(response: unknown, body: unknown, setHeader: (name: string, value: string) => void): unknown {
  const holder = response as Holder | null | undefined;
  const answer = holder?.[CONDITIONAL];
  if (!holder || !answer) return body;
  holder[CONDITIONAL] = undefined;
  void answer.release?.();
  if (!answer.read || body instanceof StreamableFile) return body;
  const etag = etagOfJson(envelopeJson(body));
  setHeader('ETag', etag);
  return answer.ifNoneMatch && matches(answer.ifNoneMatch, etag) ? NOT_MODIFIED : body;
}

/**
 * Optimistic concurrency on every record with a single read (`GET /v1/<records>/{id}` of an authenticated
 * controller): the read answers an `ETag` (a hash of its JSON) and 304 when `If-None-Match` names it; a PATCH or
 * DELETE of the same path with `If-Match` goes ahead only while the record's current read has that ETag, else
 * 412 `precondition_failed`. Conditional writes of one record run one at a time (a Redis lock per account and
 * path, across processes, let go when the answer leaves), so of two clients that read the same version and write
 * it, one succeeds and the other gets 412. Routes are found from their metadata, so a record added later takes
 * part as well. A guard (after authentication), not an interceptor: no route goes through Nest's interceptor
 * pipeline (see the Idempotency-Key guard).
 */
@Injectable()
export class ConditionalRequestsGuard implements CanActivate {
  private readonly roles = new WeakMap<object, WeakMap<object, Role>>();

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const role = this.roleOf(context);
    if (role.kind === 'none') return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest & { headers: Record<string, string | undefined>; url?: string }>();
    if (!req.caller) return true;
    const response = context.switchToHttp().getResponse<Holder>();
    if (role.kind === 'read') {
      response[CONDITIONAL] = { read: true, ifNoneMatch: req.headers['if-none-match'] };
      return true;
    }
    const ifMatch = req.headers['if-match'];
    if (!ifMatch) return true;
    const key = `conditional:${req.caller.account.id}:${String(req.url).split('?')[0]}`;
    const token = await this.lock(key);
    const release = () => this.unlock(key, token);
    const current = await this.currentRead(context, role.read).catch(async (error: unknown) => {
      await release();
      throw error;
    });
    if (current !== undefined) {
      const etag = etagOfJson(envelopeJson(current));
      if (!matches(ifMatch, etag)) {
        await release();
        throw new PreconditionFailed('The record changed since the version named in If-Match; read it again.', { if_match: ifMatch, etag });
      }
    }
    response[CONDITIONAL] = { read: false, release };
    return true;
  }

  private roleOf(context: ExecutionContext): Role {
    const handler = context.getHandler();
    const controller = context.getClass() as Constructor;
    let byClass = this.roles.get(handler);
    if (!byClass) this.roles.set(handler, (byClass = new WeakMap()));
    let role = byClass.get(controller);
    if (!role) byClass.set(controller, (role = roleOf(controller, handler as Handler)));
    return role;
  }

  /** The record's current read, as its GET route answers it; undefined when it cannot be read (the write then answers for itself). */
  private async currentRead(context: ExecutionContext, readMethod: string): Promise<unknown> {
    const controller = context.getClass() as Constructor;
    const instance = this.moduleRef.get<unknown, Record<string, Handler>>(controller, { strict: false });
    const args = readArguments(controller, readMethod, context);
    if (!args) return undefined;
    try {
      return await instance[readMethod](...args);
    } catch {
      return undefined;
    }
  }

  private async lock(key: string): Promise<string> {
    const token = randomUUID();
    const until = Date.now() + WAIT_MS;
    while ((await this.redis.set(key, token, 'PX', LOCK_MS, 'NX')) !== 'OK') {
      if (Date.now() > until) throw new TemporarilyUnavailable('Another conditional write of this record is running; retry.', 1);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    return token;
  }

  private async unlock(key: string, token: string): Promise<void> {
    await this.redis
      .eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, token)
      .catch(() => undefined);
  }
}

/** The routes of the controller (its prototype chain) by method and path. */
function routesOf(controller: Constructor): Array<{ name: string; method: RequestMethod; path: unknown }> {
  const out: Array<{ name: string; method: RequestMethod; path: unknown }> = [];
  for (let proto = controller.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const fn = (Object.getOwnPropertyDescriptor(proto, name)?.value ?? null) as Handler | null;
      if (typeof fn !== 'function' || name === 'constructor') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (method !== undefined && !out.some((r) => r.name === name)) out.push({ name, method, path: Reflect.getMetadata(PATH_METADATA, fn) });
    }
  }
  return out;
}

/** What a route is to conditional requests: its path must end with `:id` and its controller must read that path. */
export function roleOf(controller: Constructor, handler: Handler): Role {
  const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
  const path = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
  if (!lastSegmentIsId(path) || (method !== RequestMethod.GET && method !== RequestMethod.PATCH && method !== RequestMethod.DELETE)) return { kind: 'none' };
  const read = routesOf(controller).find((r) => r.method === RequestMethod.GET && r.path === path);
  if (!read || !readArguments(controller, read.name)) return { kind: 'none' };
  return method === RequestMethod.GET ? { kind: 'read' } : { kind: 'write', read: read.name };
}

/**
 * The arguments of a read route (the caller, the path id) for this request; null when the route takes others
 * (the reply, a body, a query) and so cannot be called this way. Without a context, only whether it can.
 */
function readArguments(controller: Constructor, method: string, context?: ExecutionContext): unknown[] | null {
  const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArg>;
  const args: unknown[] = [];
  for (const [key, arg] of Object.entries(metadata)) {
    if (arg.factory) {
      args[arg.index] = context ? arg.factory(arg.data, context) : undefined;
      continue;
    }
    if (Number(key.split(':')[0]) !== (RouteParamtypes.PARAM as number) || arg.data !== 'id') return null;
    const raw = context?.switchToHttp().getRequest<{ params?: Record<string, string> }>().params?.id ?? '1';
    if (!/^\d{1,10}$/.test(raw)) return null;
    args[arg.index] = Number(raw);
  }
  return args;
}
