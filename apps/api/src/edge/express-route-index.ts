import { Router } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Options of every router of the index: the application's own routing settings. */
export interface RouteIndexOptions {
  caseSensitive: boolean;
  strict: boolean;
}

/** A router as the `router` package makes it: callable, with `handle` and the verb methods. */
type IndexRouter = ReturnType<typeof Router> & { handle(req: Request, res: Response, done: NextFunction): void };

/** Route methods the adapter registers through the index (Nest's HTTP adapter verbs). */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | 'all' | 'search';

/**
 * The first two segments of a request target's path (`/v1/invoices/12/pdf?x=1` -> `/v1/invoices`); an
 * absolute-form target (`http://host/v1/me`) is read from its path, as Express does.
 */
export function routeKeyOf(target: string): string {
  let url = target;
  if (!url.startsWith('/')) {
    const scheme = url.indexOf('://');
    const slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
    url = slash < 0 ? '/' : url.slice(slash);
  }
  const query = url.indexOf('?');
  return firstTwoSegments(url, query < 0 ? url.length : query);
}

/** `path` up to its third '/' or `end`, whichever comes first. */
function firstTwoSegments(path: string, end: number): string {
  const second = path.indexOf('/', 1);
  const third = second < 0 || second >= end ? -1 : path.indexOf('/', second + 1);
  return path.slice(0, third < 0 || third > end ? end : third);
}

/** A route path's first two segments when they are plain text (no parameter, wildcard, group or pattern), else null. */
function literalKey(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  const key = firstTwoSegments(path, path.length);
  return /[:*?(){}\\+!]/.test(key) ? null : key;
}

/**
 * Express routes indexed by their first two path segments. Express matches a request against every route in the
 * order they were added, one pattern at a time, so a request for a route added late (the API has about 150)
 * tested every pattern before it: the Express edge spent more CPU choosing the route of `POST /v1/invoices` than
 * validating its body's amounts (docs/performance.md, "The HTTP edge"). Here each group of routes sharing their first
 * two segments is an Express router of its own, and a request goes to its group's router only, where Express
 * matches as it always does, in the order the routes were added. A route whose first two segments hold a
 * parameter or a pattern goes to a last router, tried after the request's group found nothing: static segments
 * win over parameters, as on the Fastify edge. The index is one middleware of the application, where the first
 * route was added; middleware added after (Nest's not-found and error handlers) still runs after every route.
 */
export class ExpressRouteIndex {
  private readonly groups = new Map<string, IndexRouter>();
  private readonly patterned: IndexRouter;
  private hasPatterned = false;

  constructor(private readonly options: RouteIndexOptions) {
    this.patterned = this.newRouter();
  }

  /** Adds a route (`[path,] ...handlers`) with `method`, to its group's router. */
  add(method: RouteMethod, args: unknown[]): void {
    const path = args.length > 1 ? args[0] : '/';
    const handlers = (args.length > 1 ? args.slice(1) : args) as RequestHandler[];
    const key = this.keyOf(literalKey(path));
    let router: IndexRouter;
    if (key === null) {
      router = this.patterned;
      this.hasPatterned = true;
    } else {
      router = this.groups.get(key) ?? this.newRouter();
      this.groups.set(key, router);
    }
    (router[method] as (path: unknown, ...handlers: RequestHandler[]) => unknown)(path, ...handlers);
  }

  /** The middleware choosing the request's router. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const group = this.groups.get(this.keyOf(routeKeyOf(req.url)) as string);
    if (!group) {
      if (this.hasPatterned) this.patterned.handle(req, res, next);
      else next();
      return;
    }
    if (!this.hasPatterned) {
      group.handle(req, res, next);
      return;
    }
    group.handle(req, res, (error?: unknown) => (error ? next(error) : this.patterned.handle(req, res, next)));
  };

  /**
   * Keys compare as the routes' paths do: lower-cased unless routing is case-sensitive, and without a trailing slash
   * (`/v1/` and `/v1` share a group, whose router then applies strict routing or not).
   */
  private keyOf(key: string | null): string | null {
    if (key === null) return null;
    const trimmed = key.length > 1 && key.endsWith('/') ? key.slice(0, -1) : key;
    return this.options.caseSensitive ? trimmed : trimmed.toLowerCase();
  }

  private newRouter(): IndexRouter {
    return Router({ caseSensitive: this.options.caseSensitive, strict: this.options.strict }) as IndexRouter;
  }
}
