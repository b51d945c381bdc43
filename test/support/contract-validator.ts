import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';

type ExpressLike = { use(handler: (req: IncomingMessage & { route?: { path?: unknown } }, res: ServerResponse, next: () => void) => void): void };

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };

/** JSON pointer escaping of one path segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** An Ajv that knows the OpenAPI document `doc` as `openapi.json` (formats on, `binary` accepted). */
export function documentAjv(doc: object): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
  return ajv;
}

/** The JSON schema of the document's JSON content at `path`, `method` and `at` (e.g. ['responses', '200']). */
export function jsonSchemaRef(path: string, method: string, at: string[]): { $ref: string } {
  const pointer = ['paths', path, method.toLowerCase(), ...at, 'content', 'application/json', 'schema'].map(escape).join('/');
  return { $ref: `openapi.json#/${pointer}` };
}

/**
 * Checks every answer the app sends against its own OpenAPI document: the status must be documented for
 * the operation, and a JSON body must match that status's schema. Mismatches are collected; `assertClean`
 * throws them (the harness calls it when a suite closes the app), so a suite fails when the contract and
 * the service disagree.
 */
export class ContractValidator {
  readonly violations: string[] = [];
  private doc: Doc | null = null;
  private ajv: Ajv | null = null;
  private readonly compiled = new Map<string, ValidateFunction | null>();

  /** Adds the checking hook (Fastify or Express, whichever the app runs on); call before the app is ready. */
  install(app: INestApplication): void {
    const instance = app.getHttpAdapter().getInstance() as FastifyInstance | ExpressLike;
    if ('addHook' in instance && typeof instance.addHook === 'function') {
      (instance as FastifyInstance).addHook('onSend', (req, reply, payload, done) => {
        this.safely(() => req.routeOptions?.url, req.method, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload);
        done(null, payload);
      });
      return;
    }
    (instance as ExpressLike).use((req, res, next) => {
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        const chunk = args[0];
        const payload = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
        const route = typeof req.route?.path === 'string' ? req.route.path : undefined;
        this.safely(() => route, req.method ?? 'GET', res.statusCode, String(res.getHeader('content-type') ?? ''), payload);
        return end(...args);
      }) as ServerResponse['end'];
      next();
    });
  }

  private safely(route: () => string | undefined, method: string, status: number, contentType: string, payload: unknown): void {
    try {
      const url = route();
      if (url && this.doc && this.ajv) this.check(this.doc, this.ajv, method, url, status, contentType, payload);
    } catch (error) {
      this.violations.push(`validator failed: ${(error as Error).message}`);
    }
  }

  /** Reads the document the app serves; call once the app is ready. */
  async load(app: INestApplication): Promise<void> {
    const res = await request(app.getHttpServer() as Parameters<typeof request>[0]).get('/v1/openapi.json');
    this.doc = JSON.parse(res.text) as Doc;
    this.ajv = documentAjv(this.doc);
  }

  private check(doc: Doc, ajv: Ajv, method: string, route: string, status: number, contentType: string, payload: unknown): void {
    const path = route.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) return; // routes outside the contract: /docs, /v1/openapi.json, CORS preflight
    const key = `${method} ${path} ${status}`;
    const response = op.responses?.[String(status)];
    if (!response) {
      this.violations.push(`${key}: status not documented`);
      return;
    }
    if (!contentType.includes('application/json') || typeof payload !== 'string') return;
    if (!response.content?.['application/json']) {
      this.violations.push(`${key}: JSON answer where the document says ${Object.keys(response.content ?? {}).join(', ') || 'no body'}`);
      return;
    }
    if (!this.compiled.has(key)) {
      this.compiled.set(key, ajv.compile(jsonSchemaRef(path, method, ['responses', String(status)])));
    }
    const validate = this.compiled.get(key)!;
    const body: unknown = JSON.parse(payload);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`);
      this.violations.push(`${key}: ${errors.join('; ')}`);
    }
  }

  assertClean(): void {
    if (this.violations.length) {
      const unique = [...new Set(this.violations)];
      throw new Error(`Answers that break the OpenAPI contract (${unique.length}):\n${unique.slice(0, 30).join('\n')}`);
    }
  }
}
