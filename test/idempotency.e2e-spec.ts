import { Clock } from '@app/domain/shared/clock.port';
import { PurgeIdempotencyKeys } from '@app/domain/idempotency/idempotent-requests.use-case';
import { SqlIdempotencyStore } from '@app/infra/idempotency/sql-idempotency-store';
import { Database } from '@app/infra/database/database';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { countRows, createClient, line } from './support/sales-document-helpers';
import { binary } from './support/binary-body';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { APP_INTERCEPTOR, ApplicationConfig, ModulesContainer } from '@nestjs/core';
import { IdempotencyGuard } from '../apps/api/src/idempotency/idempotency.guard';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('idempotency');
    a = await t.createAccount();
    b = await t.createAccount();
    clientA = await createClient(t, a, 'Sharma Traders');
    clientB = await createClient(t, b, 'Other Business');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const body = (client: number, extra: object = {}) => ({
    client_id: client,
    invoice_date: '2025-06-10',
    payment_due_date: '2025-07-10',
    items: [line('Design work', 2, 1000)],
    ...extra,
  });
  const post = (account: TestAccount, key: string, payload: object) => t.http.post('/v1/invoices').set(account.auth).set('Idempotency-Key', key).send(payload);
  const invoices = (account: TestAccount) => countRows(t, 'SELECT COUNT(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]);

  it('a retried create makes one invoice and replays 201 with the same body', async () => {
    const before = await invoices(a);
    const first = await post(a, 'create-1', body(clientA)).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(a, 'create-1', body(clientA)).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await invoices(a)).toBe(before + 1);
    // The same fields in another order are the same request.
    const reordered = Object.fromEntries(Object.entries(body(clientA)).reverse());
    expect((await post(a, 'create-1', reordered).expect(201)).body).toEqual(first.body);
  });

  it('a replayed 400 stays 400 with the same error', async () => {
    const bad = { ...body(clientA), invoice_date: 'not a date' };
    const first = await post(a, 'bad-1', bad).expect(400);
    const again = await post(a, 'bad-1', bad).expect(400);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('the same key with a different request is 409 conflict idempotency_key_reused', async () => {
    await post(a, 'reuse-1', body(clientA)).expect(201);
    const before = await invoices(a);
    const res = await post(a, 'reuse-1', body(clientA, { lr_number: 'LR-2' })).expect(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', details: { reason: 'idempotency_key_reused' } });
    // Another path is another request too.
    await t.http.post('/v1/clients').set(a.auth).set('Idempotency-Key', 'reuse-1').send({ name: 'X' }).expect(409);
    expect(await invoices(a)).toBe(before);
  });

  it('20 concurrent requests with one key make one invoice; the others are 409 in use or the replay', async () => {
    const before = await invoices(a);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(a, 'burst-1', body(clientA))));
    expect(await invoices(a)).toBe(before + 1);
    const created = answers.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.data.invoice_id)).size).toBe(1);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.details.reason).toBe('idempotency_key_in_use');
      expect(r.headers['retry-after']).toBe('1');
    }
  });

  it('a replay has the status the first answer had: a client create skipped as a duplicate (200) replays 200, not the route default 201', async () => {
    const client = { name: 'Gupta Stores', phone: '9811122233', email: 'accounts@gupta-stores.example' };
    await t.http.post('/v1/clients').set(a.auth).send(client).expect(201);
    const send = () => t.http.post('/v1/clients').set(a.auth).set('Idempotency-Key', 'skipped-1').send(client);
    const first = await send().expect(200);
    expect(first.body.data.skipped).toBe(true);
    const again = await send().expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it("another account's same key is independent", async () => {
    const mine = await post(a, 'shared-key', body(clientA)).expect(201);
    const theirs = await post(b, 'shared-key', body(clientB)).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.invoice_id).not.toBe(mine.body.data.invoice_id);
  });

  it('PATCH is covered; GET ignores the header; a bad key is 400', async () => {
    const id = (await post(a, 'patch-base', body(clientA)).expect(201)).body.data.invoice_id as number;
    const patch = () => t.http.patch(`/v1/invoices/${id}`).set(a.auth).set('Idempotency-Key', 'patch-1').send({ lr_number: 'LR-9' });
    await patch().expect(200);
    expect((await patch().expect(200)).headers['idempotent-replayed']).toBe('true');
    expect((await t.http.get(`/v1/invoices/${id}`).set(a.auth).set('Idempotency-Key', 'patch-1').expect(200)).headers['idempotent-replayed']).toBeUndefined();
    const res = await post(a, 'x'.repeat(256), body(clientA)).expect(400);
    expect(res.body.error.details).toEqual({ 'Idempotency-Key': expect.any(String) });
  });

  it('every POST and PATCH route of the app has the guard, no other route has it, and no route has an interceptor', () => {
    const routes: Array<{ route: string; method: RequestMethod; guarded: boolean }> = [];
    // Interceptors of a route, of its controller, or of the whole app: any one sends the route through Nest's
    // interceptor pipeline (rxjs and two async-context binds per request), which the guard exists to avoid.
    const intercepted: string[] = [];
    const globalInterceptors = (t.app as unknown as { config: ApplicationConfig }).config.getGlobalInterceptors();
    if (globalInterceptors.length) intercepted.push('(global)');
    const interceptorsOf = (target: object) => ((Reflect.getMetadata(INTERCEPTORS_METADATA, target) ?? []) as unknown[]).length > 0;
    for (const mod of t.app.get(ModulesContainer).values()) {
      for (const token of mod.providers.keys()) if (String(token).startsWith(APP_INTERCEPTOR)) intercepted.push(`${mod.name}: ${String(token)}`);
      for (const wrapper of mod.controllers.values()) {
        if (interceptorsOf(wrapper.metatype as object)) intercepted.push(wrapper.name);
        const proto = (wrapper.metatype as { prototype: object }).prototype;
        for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null)
          for (const name of Object.getOwnPropertyNames(p)) {
            const handler = (p as Record<string, unknown>)[name];
            if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
            const route = `${wrapper.name}.${name}`;
            if (interceptorsOf(handler)) intercepted.push(route);
            const guards = (Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[];
            routes.push({ route, method: Reflect.getMetadata(METHOD_METADATA, handler), guarded: guards.includes(IdempotencyGuard) });
          }
      }
    }
    const writes = routes.filter((r) => r.method === RequestMethod.POST || r.method === RequestMethod.PATCH);
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((r) => !r.guarded).map((r) => r.route)).toEqual([]);
    expect(routes.filter((r) => r.guarded && !writes.includes(r)).map((r) => r.route)).toEqual([]);
    expect(intercepted).toEqual([]);
  });

  it('is stated in the OpenAPI document on authenticated POST and PATCH operations', async () => {
    const doc = (await t.http.get('/v1/openapi.json').expect(200)).body;
    const names = (op: { parameters?: Array<{ name: string; in: string }> }) => (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(names(doc.paths['/v1/invoices'].post)).toContain('Idempotency-Key');
    expect(names(doc.paths['/v1/invoices/{id}'].patch)).toContain('Idempotency-Key');
    expect(names(doc.paths['/v1/invoices'].get)).not.toContain('Idempotency-Key');
  });

  it('a file answer (ZIP of PDFs) is not stored: the key guards only while it runs, and a retry builds the file again', async () => {
    const invoice = (await post(a, 'zip-source', body(clientA)).expect(201)).body.data.invoice_id as number;
    const keys = () => countRows(t, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE account_id = ?', [a.accountId]);
    const before = await keys();
    const zip = () =>
      t.http
        .post('/v1/invoices/bulk-pdf')
        .set(a.auth)
        .set('Idempotency-Key', 'zip-1')
        .send({ ids: [invoice] })
        .buffer(true)
        .parse(binary)
        .expect(200);
    for (const res of [await zip(), await zip()]) {
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    }
    expect(await keys()).toBe(before);
  });

  it('a key expires after 24 hours: the same request then runs again, and the worker job deletes expired keys', async () => {
    const clock = t.app.get(Clock);
    const first = await post(a, 'expiry-1', body(clientA)).expect(201);
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000 - 60_000);
    jest.spyOn(clock, 'now').mockReturnValue(later);
    expect((await post(a, 'expiry-1', body(clientA)).expect(201)).headers['idempotent-replayed']).toBe('true');

    const purge = (now: Date) => {
      const fixed = new (class extends Clock {
        now = () => now;
      })();
      return new PurgeIdempotencyKeys(new SqlIdempotencyStore(new Database(t.dataSource)), fixed).execute();
    };
    const keys = () => countRows(t, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE account_id = ?', [a.accountId]);
    expect(await keys()).toBeGreaterThan(1);
    expect(await purge(later)).toBe(0);

    const expired = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    jest.spyOn(clock, 'now').mockReturnValue(expired);
    const second = await post(a, 'expiry-1', body(clientA)).expect(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.data.invoice_id).not.toBe(first.body.data.invoice_id);

    expect(await purge(expired)).toBeGreaterThan(0);
    expect(await keys()).toBe(1); // every key but the one just taken over is gone
  });
});
