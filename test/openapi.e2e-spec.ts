import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, TestApp } from './support/app-harness';
import { documentAjv, jsonSchemaRef } from './support/contract-validator';
import { DOCUMENT_BASE_URL, FREE_FORM } from '@app/contract/openapi/document';
import { isValidGstin } from '../libs/domain/src/tax/gstin';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('OpenAPI contract', () => {
  let t: TestApp;
  let served: Json;

  beforeAll(async () => {
    t = await startApp('openapi', { PUBLIC_BASE_URL: DOCUMENT_BASE_URL, RATE_LIMIT: 'on' });
    served = (await t.http.get('/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(served.paths as Record<string, Json>).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item[m] as Json })),
    );

  it('the committed openapi/openapi.json is what the app serves (run `npm run openapi` after changing the API)', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '..', 'openapi', 'openapi.json'), 'utf8')) as Json;
    expect(served).toEqual(committed);
  });

  it('every JSON example, of requests and of answers, matches its schema (patterns of the GST portal schemas included)', () => {
    const ajv = documentAjv(served);
    const failures: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(served.paths as Record<string, Json>))
      for (const method of METHODS.filter((m) => item[m])) {
        const op = item[method] as Json;
        const places: Array<[string[], Json | undefined]> = [
          [['requestBody'], op.requestBody as Json | undefined],
          ...Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]): [string[], Json] => [['responses', status], r]),
        ];
        for (const [at, holder] of places) {
          const media = (holder?.content as Json | undefined)?.['application/json'] as Json | undefined;
          if (media?.example === undefined) continue;
          const validate = ajv.compile(jsonSchemaRef(path, method, at));
          checked++;
          if (!validate(media.example))
            failures.push(
              `${method.toUpperCase()} ${path} ${at.join(' ')}: ${(validate.errors ?? [])
                .slice(0, 3)
                .map((e) => `${e.instancePath} ${e.message}`)
                .join('; ')}`,
            );
        }
      }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('every operation has a readable unique id, a summary, a success schema and its error answers', () => {
    const ids = operations().map(({ op }) => op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, op } of operations()) {
      expect([key, op.operationId]).toEqual([key, expect.stringMatching(/^[a-z][A-Za-z0-9]+$/)]);
      expect([key, typeof op.summary]).toEqual([key, 'string']);
      const statuses = Object.keys(op.responses as Json);
      const success = statuses.filter((s) => s.startsWith('2'));
      expect([key, success.length > 0]).toEqual([key, true]);
      for (const s of success) {
        const content = op.responses[s].content as Json;
        const schema =
          content['application/json']?.schema ?? content['application/pdf']?.schema ?? content['application/zip']?.schema ?? content['text/plain']?.schema;
        expect([key, s, !!schema]).toEqual([key, s, true]);
      }
      if (op.security.length) expect([key, statuses]).toEqual([key, expect.arrayContaining(['401', '403', '429'])]);
    }
  });

  it('public operations say `security: []`; the bearer scheme is an opaque key, not a JWT', () => {
    const publicOps = operations()
      .filter(({ op }) => op.security.length === 0)
      .map(({ key }) => key);
    expect(publicOps).toEqual(expect.arrayContaining(['GET /health', 'POST /v1/auth/login', 'GET /v1/share/{token}', 'GET /v1/legal']));
    expect(served.components.securitySchemes.bearer.bearerFormat).toBeUndefined();
    expect(served.servers).toEqual([expect.objectContaining({ url: DOCUMENT_BASE_URL })]);
  });

  it('the error envelope lists every error code of the service', () => {
    const codes = served.components.schemas.ErrorEnvelope.properties.error.properties.code.enum as string[];
    expect(codes).toEqual(expect.arrayContaining(['validation_error', 'unauthorized', 'plan_limit_reached', 'not_found', 'rate_limited', 'not_configured']));
  });

  it('no property is a bare object unless it is free-form by design', () => {
    const bare: string[] = [];
    for (const [name, schema] of Object.entries(served.components.schemas as Record<string, Json>)) {
      for (const [prop, s] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        if (s.type === 'object' && !s.properties && !s.$ref && !s.additionalProperties) bare.push(`${name}.${prop}`);
      }
    }
    for (const b of bare) expect(FREE_FORM).toContain(b);
  });

  it('request schemas carry the validation rules: integers, nullable strings, dates, enums and bounds', () => {
    const s = served.components.schemas;
    expect(s.CreateClientDto.properties.gstin).toMatchObject({ type: 'string', nullable: true, maxLength: 15 });
    expect(s.InvoiceLineDto.properties.inventory_id).toMatchObject({ type: 'integer', nullable: true, minimum: 1 });
    expect(s.CreateInvoiceDto.properties.invoice_date).toMatchObject({ type: 'string', format: 'date' });
    const limit = served.paths['/v1/invoices'].get.parameters.find((p: Json) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
  });

  it('every authenticated answer carries the rate-limit headers', async () => {
    const a = await t.createAccount();
    const res = await t.http.get('/v1/clients').set(a.auth).expect(200);
    expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    const missing = await t.http.get('/v1/clients/999999').set(a.auth).expect(404);
    expect(missing.headers['x-ratelimit-remaining']).toBeDefined();
  });

  it('an integrator can trust it: realistic examples, 400 examples naming the operation’s fields, parameters described, headers declared', () => {
    const placeholders: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}.${i}`));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
      else if (typeof value === 'string' && /^textx*$/.test(value)) placeholders.push(at);
    };
    for (const { key, op } of operations()) {
      walk(op.requestBody?.content?.['application/json']?.example, `${key} request`);
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) walk(r.content?.['application/json']?.example, `${key} ${status}`);
      // The 400 example names a field of this operation's body or parameters, or a parameter it does not declare.
      const body = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      const bodySchema = body?.$ref ? served.components.schemas[String(body.$ref).split('/').pop() as string] : body;
      const own = new Set([...Object.keys(bodySchema?.properties ?? {}), ...((op.parameters ?? []) as Json[]).map((p) => p.name as string)]);
      const details = op.responses['400'].content['application/json'].example.error.details as Record<string, string>;
      const named = Object.entries(details).filter(([field, message]) => own.has(field) || message === 'unknown field');
      expect([key, named.length > 0 && named.length === Object.keys(details).length]).toEqual([key, true]);
      for (const p of (op.parameters ?? []) as Json[]) expect([key, p.name, p.description !== p.name && !!p.description]).toEqual([key, p.name, true]);
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
        expect([key, status, r.headers?.['X-Request-Id']]).toEqual([key, status, { $ref: '#/components/headers/X-Request-Id' }]);
        if (status.startsWith('2') && op.parameters?.some((p: Json) => p.name === 'Idempotency-Key'))
          expect([key, status, r.headers?.['Idempotent-Replayed']]).toEqual([key, status, { $ref: '#/components/headers/Idempotent-Replayed' }]);
      }
    }
    expect(placeholders).toEqual([]);
    expect(served.info.version).toMatch(/^1\.[1-9]\d*\.\d+$/);
    expect(served.components.headers['Idempotent-Replayed'].schema).toEqual({ type: 'string', enum: ['true'] });
  });

  it('request schemas state defaults in words, so generated request types leave those fields optional', () => {
    const withDefault = Object.entries(served.components.schemas as Record<string, Json>).flatMap(([name, schema]) =>
      Object.entries((schema.properties ?? {}) as Record<string, Json>)
        .filter(([, p]) => 'default' in p)
        .map(([prop]) => `${name}.${prop}`),
    );
    expect(withDefault).toEqual([]);
    expect(served.components.schemas.CreateQuotationDto.properties.approval_status.description).toContain('Default when left out: "pending"');
  });

  it('the example GSTINs carry their check character', () => {
    const gstins = JSON.stringify(served).match(/\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/g) ?? [];
    expect(gstins.length).toBeGreaterThan(5);
    for (const g of new Set(gstins)) expect([g, isValidGstin(g)]).toEqual([g, true]);
  });

  it('links a changelog that exists', async () => {
    expect(served.externalDocs.url).toBe(`${DOCUMENT_BASE_URL}/changelog`);
    const res = await t.http.get('/changelog').expect(200);
    expect(res.text).toContain('# Changelog');
  });
});
