import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestIdFor } from '../common/http-middleware';
import { takeIdempotentRun } from '../idempotency/idempotent-run';
import { finishConditional } from '../common/conditional-requests';
import {
  EdgeAdapter,
  EdgeError,
  edgeErrors,
  edgeHeaders,
  EdgeSettings,
  envelopeJson,
  NOT_MODIFIED,
  errorJson,
  FORM_MAX_BYTES,
  MAX_BODY_BYTES,
  parseFormBody,
  requestBody,
  RequestLogger,
  urlDecodes,
  writeClientError,
} from './http-edge';

/**
 * The edge on Fastify. Wraps every handler result as `{ok: true, data}` where Nest hands it to Fastify
 * (files, returned as StreamableFile, pass through raw; errors are written by the error filter through
 * `sendJson`). Doing this in the adapter instead of a global interceptor keeps rxjs and an async-context
 * bind out of every request.
 */
export class FastifyEdgeAdapter extends FastifyAdapter implements EdgeAdapter {
  readonly edgeName = 'fastify' as const;

  constructor(
    private readonly settings: EdgeSettings,
    private readonly logRequest: RequestLogger | null,
  ) {
    super({
      logger: false,
      bodyLimit: MAX_BODY_BYTES,
      trustProxy: settings.trustProxy,
      // Every id goes through requestIdFor (a client's X-Request-Id only when it is a UUID), never a header as sent.
      requestIdHeader: false,
      genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdFor(req.headers['x-request-id']),
      // A URL whose percent-encoding does not decode, refused by the router before any hook runs.
      frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
        const error = edgeErrors.badUrl();
        void reply
          .headers(edgeHeaders(request.id, request.headers.origin, false))
          .code(error.statusCode)
          .header('content-type', 'application/json; charset=utf-8')
          .send(errorJson(error.code, error.message, error.details));
      },
      clientErrorHandler: writeClientError,
    });
    const fastify = this.getInstance<FastifyInstance>();
    this.registerJsonParser(fastify);
    this.registerRequestHook(fastify);
  }

  override reply(response: unknown, result: unknown, statusCode?: number): FastifyReply {
    const reply = response as FastifyReply;
    if (statusCode) reply.status(statusCode);
    // A single read's ETag (and 304), or a conditional write's lock let go.
    const body = finishConditional(response, result, (name, value) => void reply.header(name, value));
    // An Idempotency-Key run is settled (the answer stored) before the answer leaves.
    const run = takeIdempotentRun(response);
    // Nest awaits what `reply` returns, so the answer's promise stands in for the reply it resolves to.
    if (run) return run.settle(body, reply.statusCode).then(() => this.reply(response, body)) as unknown as FastifyReply;
    if (body instanceof StreamableFile) return super.reply(reply, body);
    if (body === NOT_MODIFIED) return reply.status(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(envelopeJson(body));
  }

  sendJson(response: unknown, status: number, json: string, headers: Record<string, string> = {}): void {
    void (response as FastifyReply).headers(headers).status(status).header('content-type', 'application/json; charset=utf-8').send(json);
  }

  headersSent(response: unknown): boolean {
    const reply = response as FastifyReply;
    return reply.sent || reply.raw.headersSent;
  }

  endResponse(response: unknown): void {
    (response as FastifyReply).raw.end();
  }

  rawResponse(response: unknown): ServerResponse {
    return (response as FastifyReply).raw;
  }

  async whenReady(): Promise<void> {
    await this.getInstance<FastifyInstance>().ready();
  }

  /**
   * JSON bodies: 1 MB (5 MB where a signature image may come), depth-checked, parsed once; an empty body is
   * no body. On the raw-body paths (`wantsRawBody`) the bytes are handed over unparsed (1 MB). Anything else with a body is refused by Fastify (415), which the error filter reports as a 400.
   */
  private registerJsonParser(fastify: FastifyInstance): void {
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (req: FastifyRequest, body: string | Buffer, done) => {
      try {
        const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
        done(null, requestBody(bytes, req.url, this.settings.jsonMaxDepth));
      } catch (error) {
        done(error as EdgeError, undefined);
      }
    });
    // HTML form posts, on the console's paths only (parseFormBody refuses them elsewhere as not JSON).
    fastify.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: FORM_MAX_BYTES },
      (req: FastifyRequest, body: string | Buffer, done) => {
        try {
          done(null, parseFormBody(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, req.url));
        } catch (error) {
          done(error as EdgeError, undefined);
        }
      },
    );
  }

  /**
   * The request id (echoed in X-Request-Id), one log line per request, then CORS; an OPTIONS request ends
   * here with 204, before any authentication.
   */
  private registerRequestHook(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      (request.raw as IncomingMessage & { id?: string }).id = request.id;
      if (this.logRequest) this.logRequest(request.raw, reply.raw);
      const preflight = request.method === 'OPTIONS';
      reply.headers(edgeHeaders(request.id, request.headers.origin, preflight));
      if (preflight) return reply.code(204).send();
      if (!urlDecodes(request.url)) return done(edgeErrors.badUrl());
      done();
    });
  }
}
