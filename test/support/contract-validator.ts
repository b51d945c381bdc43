import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };

/** JSON pointer escaping of one path segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks every answer the app sends against its own OpenAPI document: the status must be documented for
 * the operation, and a JSON body must match that status's schema. Mismatches are collected; `assertClean`
 * throws them (the harness calls it when a suite closes the app), so a suite fails when the contract and
 * the service disagree.
 */
export class ContractValidator {
  readonly violations: string[] = [];
  private doc: Doc | null = null;
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor() {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
  }

  /** Adds the checking hook; call before the app is ready. */
  install(app: INestApplication): void {
    const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
    fastify.addHook('onSend', (request, reply, payload, done) => {
      try {
        const route = request.routeOptions?.url;
        if (route && this.doc) this.check(this.doc, request.method, route, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload);
      } catch (error) {
        this.violations.push(`validator failed: ${(error as Error).message}`);
      }
      done(null, payload);
    });
  }

  /** Reads the document the app serves; call once the app is ready. */
  async load(app: INestApplication): Promise<void> {
    const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
    const res = await fastify.inject({ method: 'GET', url: '/v1/openapi.json' });
    this.doc = JSON.parse(res.body) as Doc;
    this.ajv.addSchema({ ...this.doc, $id: 'openapi.json' });
  }

  private check(doc: Doc, method: string, route: string, status: number, contentType: string, payload: unknown): void {
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
      const pointer = ['paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema'].map(escape).join('/');
      this.compiled.set(key, this.ajv.compile({ $ref: `openapi.json#/${pointer}` }));
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
