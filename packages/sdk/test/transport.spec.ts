import { createInvoicingClient, InvoicingApiError, isApiError, RetryNotice, unwrap } from '@invoicing/sdk';
import { envelopeError, fakeApi, json } from './fake-api';

const created = () => json(201, { ok: true, data: { client: { client_id: 7 } } });
const body = { name: 'Pune Retail', phone: '9876500001', email: 'a@example.com' };

describe('SDK transport: credentials, idempotency keys and retries', () => {
  it('sends the API key as X-API-Key, or a bearer token (asked for on each request) as Authorization', async () => {
    const api = fakeApi(json(200, { ok: true, data: {} }), json(200, { ok: true, data: {} }));
    await createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'ik_key', fetch: api.fetch }).GET('/v1/me');
    let n = 0;
    await createInvoicingClient({ baseUrl: 'http://api.test', bearerToken: () => `token-${++n}`, fetch: api.fetch }).GET('/v1/me');
    expect(api.requests.map((r) => [r.headers.get('x-api-key'), r.headers.get('authorization')])).toEqual([
      ['ik_key', null],
      [null, 'Bearer token-1'],
    ]);
  });

  it('gives each POST an Idempotency-Key of its own, keeps a key the caller set, and sends none on GET', async () => {
    const api = fakeApi(created(), created(), created(), json(200, { ok: true, data: {} }));
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'ik_key', fetch: api.fetch });
    await client.POST('/v1/clients', { body });
    await client.POST('/v1/clients', { body });
    await client.POST('/v1/clients', { body, params: { header: { 'Idempotency-Key': 'order-42' } } });
    await client.GET('/v1/me');
    const keys = api.requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual(['order-42', null]);
  });

  it('retries 429 after Retry-After and 503 with the same key and body, and tells onRetry', async () => {
    const retries: RetryNotice[] = [];
    const api = fakeApi(envelopeError(429, 'rate_limited', {}, { 'retry-after': '0' }), envelopeError(503, 'not_available'), created());
    const client = createInvoicingClient({
      baseUrl: 'http://api.test',
      apiKey: 'k',
      fetch: api.fetch,
      retry: { baseDelayMs: 1, onRetry: (r) => retries.push(r) },
    });
    expect(await unwrap(client.POST('/v1/clients', { body }))).toEqual({ client: { client_id: 7 } });
    expect(new Set(api.requests.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
    expect(api.bodies).toEqual([JSON.stringify(body), JSON.stringify(body), JSON.stringify(body)]);
    expect(retries.map((r) => [r.attempt, r.status, r.delayMs])).toEqual([
      [1, 429, 0],
      [2, 503, 2],
    ]);
  });

  it('stops after maxRetries, and does not wait when Retry-After asks for more than maxDelayMs', async () => {
    const busy = () => envelopeError(503, 'not_available', {}, { 'retry-after': '0' });
    const api = fakeApi(busy(), busy(), busy());
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch, retry: { maxRetries: 2 } });
    await expect(unwrap(client.GET('/v1/me'))).rejects.toMatchObject({ status: 503, code: 'not_available' });
    expect(api.requests).toHaveLength(3);

    const limited = fakeApi(envelopeError(429, 'rate_limited', {}, { 'retry-after': '120' }));
    const patient = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: limited.fetch, retry: { maxDelayMs: 5000 } });
    const error: unknown = await unwrap(patient.GET('/v1/me')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvoicingApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120, requestId: 'req-1' });
    expect(limited.requests).toHaveLength(1);
  });

  it('retries a network failure of a GET or a keyed POST, never of a POST sent without a key', async () => {
    const api = fakeApi(new TypeError('fetch failed'), json(200, { ok: true, data: { me: 1 } }), new TypeError('fetch failed'), created());
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch, retry: { baseDelayMs: 1 } });
    expect(await unwrap(client.GET('/v1/me'))).toEqual({ me: 1 });
    expect(await unwrap(client.POST('/v1/clients', { body }))).toEqual({ client: { client_id: 7 } });

    const unkeyed = fakeApi(new TypeError('fetch failed'));
    const plain = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: unkeyed.fetch, idempotencyKeys: false, retry: { baseDelayMs: 1 } });
    await expect(plain.POST('/v1/clients', { body })).rejects.toThrow('fetch failed');
    expect(unkeyed.requests.map((r) => r.headers.get('idempotency-key'))).toEqual([null]);
  });

  it('waits out a 409 for a key whose first request still runs, but returns any other conflict', async () => {
    const api = fakeApi(
      envelopeError(409, 'conflict', { reason: 'idempotency_key_in_use' }, { 'retry-after': '0' }),
      created(),
      envelopeError(409, 'conflict', { reason: 'idempotency_key_reused' }),
    );
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch });
    expect(await unwrap(client.POST('/v1/clients', { body }))).toEqual({ client: { client_id: 7 } });
    const reused: unknown = await unwrap(client.POST('/v1/clients', { body })).catch((e: unknown) => e);
    expect(isApiError(reused, 'conflict') && reused.details).toEqual({ reason: 'idempotency_key_reused' });
    expect(api.requests).toHaveLength(3);
  });
});
