import { startApp, TestAccount, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';
import { OpenApiDocument, Operation, operationsOf, resolve, Schema } from './support/fuzz/openapi-operations';
import { FREE_FORM } from '@app/contract/openapi/document';

const PASSWORD = 'Strict!Owner7q';
const UNKNOWN_PARAM = 'zz_unknown_param';
const UNKNOWN_FIELD = 'zz_unknown_field';
const NESTED = 'zz_nested';

/** A value for a path parameter that its pipe takes (an id that may not exist: the input is refused before any lookup). */
function pathValue(schema: Schema): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  return schema.type === 'string' ? 'abc' : '1';
}

function urlOf(op: Operation, query = ''): string {
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) path = path.replace(`{${p.name}}`, pathValue(p.schema));
  return query ? `${path}?${query}` : path;
}

/** The object schema a property holds, directly or as the items of an array (null for scalars and free-form objects). */
function nestedObject(doc: OpenApiDocument, owner: string, name: string, prop: Schema): { schema: Schema; array: boolean } | null {
  if (FREE_FORM.includes(`${owner}.${name}`)) return null;
  const s = resolve(doc, prop);
  const items = s.type === 'array' ? resolve(doc, s.items) : null;
  const object = items ?? s;
  return object.type === 'object' && object.properties ? { schema: object, array: !!items } : null;
}

/**
 * The document's example body with an unknown field at the top and one in each nested object (the first line of an
 * array of lines), and the details keys that must name them.
 */
function bodyWithUnknownFields(doc: OpenApiDocument, op: Operation, media: Schema): { body: Record<string, unknown>; expected: string[] } {
  const example: unknown = media.example;
  const body: Record<string, unknown> = { ...((example && typeof example === 'object' ? example : {}) as Record<string, unknown>), [UNKNOWN_FIELD]: 1 };
  const expected = [UNKNOWN_FIELD];
  const owner = String((media.schema?.$ref as string | undefined)?.split('/').pop() ?? '');
  const schema = resolve(doc, op.body ?? {});
  for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const nested = nestedObject(doc, owner, name, prop);
    if (!nested) continue;
    if (nested.array) {
      const lines = Array.isArray(body[name]) && (body[name] as unknown[]).length ? (body[name] as unknown[]) : [{}];
      body[name] = [{ ...(lines[0] as object), [NESTED]: 1 }, ...lines.slice(1)];
      expected.push(`${name}.0.${NESTED}`);
    } else {
      body[name] = { ...((body[name] ?? {}) as object), [NESTED]: 1 };
      expected.push(`${name}.${NESTED}`);
    }
  }
  return { body, expected };
}

describe('strict input: every operation of the OpenAPI document refuses what it does not declare', () => {
  let t: TestApp;
  let a: TestAccount;
  let doc: OpenApiDocument;
  let token: { Authorization: string };

  beforeAll(async () => {
    t = await startApp('strict_input');
    a = await t.createAccount({ name: 'Strict A', username: 'strict_owner', password: PASSWORD });
    token = (await mobile(t).signIn('strict_owner', PASSWORD)).auth;
    doc = (await t.http.get('/v1/openapi.json').expect(200)).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  const headersOf = (op: Operation): Record<string, string> => (op.auth === 'none' ? {} : op.auth === 'mobile' ? token : a.auth);
  const send = (op: Operation, url: string, body?: unknown) => {
    const req = t.http[op.method.toLowerCase() as 'get'](url).set(headersOf(op));
    return body === undefined ? req : req.send(body as object);
  };
  const mediaOf = (op: Operation): Schema =>
    (doc.paths[op.path][op.method.toLowerCase()].requestBody as Schema | undefined)?.content?.['application/json'] ?? {};

  it('an unknown query parameter is 400 validation_error naming it, on every operation', async () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const op of ops) {
      const res = await send(op, urlOf(op, `${UNKNOWN_PARAM}=1`), op.body ? mediaOf(op).example : undefined);
      const details = res.body?.error?.details ?? {};
      if (res.status !== 400 || res.body.error.code !== 'validation_error' || details[UNKNOWN_PARAM] !== 'unknown field') {
        wrong.push(`${op.key}: ${res.status} ${JSON.stringify(res.body?.error ?? res.body).slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an unknown body field, at the top and in nested objects and lines, is 400 naming each, on every operation with a body', async () => {
    const ops = operationsOf(doc).filter((op) => op.body && op.method !== 'GET');
    expect(ops.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    let nested = 0;
    for (const op of ops) {
      const { body, expected } = bodyWithUnknownFields(doc, op, mediaOf(op));
      nested += expected.length - 1;
      const res = await send(op, urlOf(op), body);
      const details = (res.body?.error?.details ?? {}) as Record<string, string>;
      const missing = expected.filter((k) => details[k] !== 'unknown field');
      if (res.status !== 400 || res.body.error.code !== 'validation_error' || missing.length) {
        wrong.push(`${op.key}: ${res.status} missing ${missing.join(', ')} in ${JSON.stringify(res.body?.error ?? res.body).slice(0, 300)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(nested).toBeGreaterThan(10);
  });

  it('a field sent to an operation that takes no body is unknown; an empty body is fine', async () => {
    const res = await t.http.post('/v1/auth/sessions/revoke-others').set(token).send({ everywhere: true }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', details: { everywhere: 'unknown field' } });
    await t.http.post('/v1/auth/sessions/revoke-others').set(token).send({}).expect(200);
  });

  it('the typo of the report is refused and changes nothing; the declared parameters still work', async () => {
    const client = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Typo Traders', phone: '9876543210', email: 'accounts@typo.example' });
    expect([client.status, client.body.error]).toEqual([201, undefined]);
    const clientId = client.body.data.client.client_id as number;
    const res = await t.http.patch(`/v1/clients/${clientId}`).set(a.auth).send({ name: 'Typo Traders Pvt', nmae: 'x' }).expect(400);
    expect(res.body.error.details).toEqual({ nmae: 'unknown field' });
    expect((await t.http.get(`/v1/clients/${clientId}`).set(a.auth).expect(200)).body.data.name).toBe('Typo Traders');
    const sorted = await t.http.get('/v1/invoices?sort=invoice_date&limit=5').set(a.auth).expect(400);
    expect(sorted.body.error.details).toEqual({ sort: 'unknown field' });
    await t.http.get('/v1/invoices?limit=5&offset=0').set(a.auth).expect(200);
    // A parameter named by the handler (not a DTO) is declared too.
    await t.http.delete(`/v1/clients/${clientId}?cascade=1`).set(a.auth).expect(200);
  });

  it('authentication comes first: an anonymous request with an unknown parameter is 401', async () => {
    await t.http.get(`/v1/clients?${UNKNOWN_PARAM}=1`).expect(401);
  });
});
