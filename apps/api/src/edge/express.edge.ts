import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { requestIdFor } from '../common/http-middleware';
import { ExpressRouteIndex, RouteMethod } from './express-route-index';
import { takeIdempotentRun } from '../idempotency/idempotent-run';
import { finishConditional } from '../common/conditional-requests';
import {
  EdgeAdapter,
  edgeErrors,
  edgeHeaders,
  EdgeSettings,
  envelopeJson,
  NOT_MODIFIED,
  FORM_MAX_BYTES,
  isFormContentType,
  isJsonContentType,
  parseFormBody,
  MAX_BODY_BYTES,
  RAW_BODY_MAX_BYTES,
  requestBody,
  RequestLogger,
  urlDecodes,
  wantsRawBody,
  writeClientError,
} from './http-edge';

/** `text/plain`, with or without parameters. */
function isTextContentType(contentType: string | undefined): boolean {
  return !!contentType && /^text\/plain(?:$|[; ])/i.test(contentType);
}

/** Reads a request body as UTF-8 text, refusing it (413) once it passes `limit` bytes. */
async function readText(req: Request, limit: number): Promise<string> {
  return (await readBytes(req, limit)).toString('utf8');
}

/** Reads a request body's bytes, refusing it (413) once it passes `limit` bytes. */
function readBytes(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(edgeErrors.tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        reject(edgeErrors.tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * A constructor making `base`'s objects whose prototype is `prototype` (which inherits from `base.prototype`), for
 * the HTTP server's `IncomingMessage` and `ServerResponse` options. Node's two are plain functions, so `base` runs
 * on the new object as a call (a `Reflect.construct` with another `new.target` measured slower than Express as
 * it comes). Both take at most two arguments.
 */
function madeOn<C extends typeof IncomingMessage | typeof ServerResponse>(base: C, prototype: object): C {
  const init = base as unknown as (this: object, first: unknown, second: unknown) => void;
  function Made(this: object, first: unknown, second: unknown): void {
    init.call(this, first, second);
  }
  Made.prototype = prototype;
  return Made as unknown as C;
}

/**
 * The edge on Express, behaving as the Fastify one does: the same request id, CORS and OPTIONS answer,
 * the same JSON body rules (read only for a matched route, as Fastify does: a POST to an unknown path is
 * a 404 whatever its body), the same envelope and the same client-error answer.
 */
export class ExpressEdgeAdapter extends ExpressAdapter implements EdgeAdapter {
  readonly edgeName = 'express' as const;
  private routeIndex: ExpressRouteIndex | null = null;

  constructor(
    private readonly settings: EdgeSettings,
    private readonly logRequest: RequestLogger | null,
  ) {
    super(ExpressEdgeAdapter.application(settings));
    const app = this.getInstance<Express>();
    app.use((req: Request, res: Response, next: NextFunction) => this.onRequest(req, res, next));
  }

  /** The Express application, set before its router exists (the router reads the routing settings once). */
  private static application(settings: EdgeSettings): Express {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.set('trust proxy', settings.trustProxy);
    // As Fastify routes: `/v1/me/` and `/V1/ME` are not `/v1/me`.
    app.set('strict routing', true);
    app.set('case sensitive routing', true);
    return app;
  }

  /**
   * The HTTP server, making each request and response on the application's own prototypes. Express gives every
   * request and response its prototypes with `Object.setPrototypeOf` as it takes them; on objects made on another
   * prototype that makes V8 drop their fast shape, and every later property read on them goes the slow way
   * (a bare Express 5 app answering a fixed JSON body served 0.23 of a bare Node server's requests, and 0.76 with
   * its requests made on its prototypes; docs/performance.md, "The HTTP edge"). Made on them, the switch finds
   * the prototype already in place and does nothing. Nest's own server (`super`) is kept for the options it
   * handles that we do not use.
   */
  override initHttpServer(options: Parameters<ExpressAdapter['initHttpServer']>[0]): void {
    if (options?.httpsOptions || options?.forceCloseConnections) super.initHttpServer(options);
    else {
      const app = this.getInstance<Express>();
      this.setHttpServer(createServer({ IncomingMessage: madeOn(IncomingMessage, app.request), ServerResponse: madeOn(ServerResponse, app.response) }, app));
    }
    const server = this.getHttpServer() as Server;
    server.removeAllListeners('clientError');
    server.on('clientError', writeClientError);
  }

  override reply(response: unknown, result: unknown, statusCode?: number): void | Promise<void> {
    const res = response as Response;
    if (statusCode) res.status(statusCode);
    // A single read's ETag (and 304), or a conditional write's lock let go.
    const body = finishConditional(response, result, (name, value) => res.setHeader(name, value));
    // An Idempotency-Key run is settled (the answer stored) before the answer leaves.
    const run = takeIdempotentRun(response);
    if (run) return run.settle(body, res.statusCode).then(() => this.reply(response, body));
    if (body instanceof StreamableFile) {
      super.reply(response, body);
      return;
    }
    if (body === NOT_MODIFIED) {
      res.status(304).end();
      return;
    }
    const json = envelopeJson(body);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(json));
    res.end(json);
  }

  // Routes go through the route index (express-route-index.ts). Those that may carry a body read it first (GET and
  // HEAD bodies are ignored, as on Fastify).
  override get(...args: unknown[]) {
    return this.route('get', args);
  }
  override head(...args: unknown[]) {
    return this.route('head', args);
  }
  override options(...args: unknown[]) {
    return this.route('options', args);
  }
  override search(...args: unknown[]) {
    return this.route('search', args);
  }
  override all(...args: unknown[]) {
    return this.route('all', args);
  }
  override post(...args: unknown[]) {
    return this.route('post', this.withBody(args));
  }
  override put(...args: unknown[]) {
    return this.route('put', this.withBody(args));
  }
  override patch(...args: unknown[]) {
    return this.route('patch', this.withBody(args));
  }
  override delete(...args: unknown[]) {
    return this.route('delete', this.withBody(args));
  }

  /** Adds a route to the index, which takes its place among the application's middleware at the first route. */
  private route(method: RouteMethod, args: unknown[]): Express {
    const app = this.getInstance<Express>();
    if (!this.routeIndex) {
      this.routeIndex = new ExpressRouteIndex({ caseSensitive: !!app.get('case sensitive routing'), strict: !!app.get('strict routing') });
      app.use(this.routeIndex.middleware);
    }
    this.routeIndex.add(method, args);
    return app;
  }

  sendJson(response: unknown, status: number, json: string, headers: Record<string, string> = {}): void {
    const res = response as Response;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(status);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(json));
    res.end(json);
  }

  headersSent(response: unknown): boolean {
    return (response as Response).headersSent;
  }

  endResponse(response: unknown): void {
    (response as Response).end();
  }

  rawResponse(response: unknown): ServerResponse {
    return response as Response;
  }

  whenReady(): Promise<void> {
    return Promise.resolve();
  }

  /** The request id, one log line per request, CORS; OPTIONS ends here with 204, before any authentication. */
  private onRequest(req: Request, res: Response, next: NextFunction): void {
    const id = requestIdFor(req.headers['x-request-id']);
    (req as Request & { id?: string }).id = id;
    if (this.logRequest) this.logRequest(req, res);
    const preflight = req.method === 'OPTIONS';
    for (const [name, value] of Object.entries(edgeHeaders(id, req.headers.origin, preflight))) res.setHeader(name, value);
    if (preflight) {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (!urlDecodes(req.url)) return next(edgeErrors.badUrl());
    next();
  }

  /** A route's arguments (`[path,] handler`) with the body reader in front of the handler. */
  private withBody(args: unknown[]): [string, RequestHandler, RequestHandler] {
    const handler = args[args.length - 1] as RequestHandler;
    const path = args.length > 1 ? (args[0] as string) : '/';
    const reader: RequestHandler = (req, _res, next) => void this.readBody(req).then(() => next(), next);
    return [path, reader, handler];
  }

  /** Fastify's rules for which requests have a body to parse, then the shared JSON rules. */
  private async readBody(req: Request): Promise<void> {
    const contentType = req.headers['content-type'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    const length = req.headers['content-length'];
    req.body = undefined;
    if (req.method === 'DELETE' || req.method === 'OPTIONS') {
      if (contentType === undefined || (!chunked && length === undefined)) return;
    } else if (contentType === undefined && !chunked && (length === undefined || length === '0')) {
      return;
    }
    if (isTextContentType(contentType)) {
      // Fastify's own text/plain parser: the text as it came (a string body fails validation later).
      req.body = await readText(req, MAX_BODY_BYTES);
      return;
    }
    if (isFormContentType(contentType)) {
      req.body = parseFormBody(await readBytes(req, FORM_MAX_BYTES + 1), req.url);
      return;
    }
    if (!isJsonContentType(contentType)) throw edgeErrors.notJson();
    const limit = wantsRawBody(req.url) ? RAW_BODY_MAX_BYTES : MAX_BODY_BYTES;
    req.body = requestBody(await readBytes(req, limit), req.url, this.settings.jsonMaxDepth);
  }
}
