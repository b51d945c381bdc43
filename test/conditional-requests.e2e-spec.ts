import { startApp, TestAccount, TestApp } from './support/app-harness';

/** ETag on single reads, 304 on If-None-Match, and If-Match on PATCH and DELETE (412 precondition_failed). */
describe('conditional requests: ETag, If-None-Match and If-Match', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let n = 0;

  beforeAll(async () => {
    t = await startApp('conditional');
    a = await t.createAccount();
    b = await t.createAccount();
  });
  afterAll(() => t.close());

  async function newClient(who: TestAccount = a): Promise<number> {
    n++;
    const res = await t.http
      .post('/v1/clients')
      .set(who.auth)
      .send({ name: `Client ${n}`, phone: `98${String(76543210 + n)}`, email: `c${n}@conditional.example` })
      .expect(201);
    return res.body.data.client.client_id as number;
  }
  const read = (id: number, headers: Record<string, string> = {}) => t.http.get(`/v1/clients/${id}`).set(a.auth).set(headers);

  it('a single read carries an ETag; If-None-Match with it is 304 without a body until the record changes', async () => {
    const id = await newClient();
    const first = await read(id).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect((await read(id).expect(200)).headers.etag).toBe(etag);
    const unchanged = await read(id, { 'If-None-Match': etag }).expect(304);
    expect(unchanged.text ?? '').toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    await t.http.patch(`/v1/clients/${id}`).set(a.auth).send({ address: '221 MG Road, Bengaluru' }).expect(200);
    const changed = await read(id, { 'If-None-Match': etag }).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.data.address).toBe('221 MG Road, Bengaluru');
  });

  it('If-Match: a stale ETag is 412 precondition_failed and changes nothing; the current one goes ahead', async () => {
    const id = await newClient();
    const stale = (await read(id).expect(200)).headers.etag as string;
    await t.http.patch(`/v1/clients/${id}`).set(a.auth).send({ name: 'Renamed once' }).expect(200);
    const refused = await t.http.patch(`/v1/clients/${id}`).set(a.auth).set('If-Match', stale).send({ name: 'Lost update' }).expect(412);
    expect(refused.body.error).toMatchObject({ code: 'precondition_failed', details: { if_match: stale } });
    expect((await read(id).expect(200)).body.data.name).toBe('Renamed once');
    await t.http.delete(`/v1/clients/${id}`).set(a.auth).set('If-Match', stale).expect(412);
    const current = (await read(id).expect(200)).headers.etag as string;
    await t.http.patch(`/v1/clients/${id}`).set(a.auth).set('If-Match', current).send({ name: 'Renamed twice' }).expect(200);
    const latest = (await read(id).expect(200)).headers.etag as string;
    await t.http.delete(`/v1/clients/${id}`).set(a.auth).set('If-Match', latest).expect(200);
    await read(id).expect(404);
  });

  it('a lost-update race: two clients change the version they both read, one gets 200 and the other 412', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newClient();
      const etag = (await read(id).expect(200)).headers.etag as string;
      const [one, two] = await Promise.all(
        ['Written by one', 'Written by two'].map((name) => t.http.patch(`/v1/clients/${id}`).set(a.auth).set('If-Match', etag).send({ name })),
      );
      expect([one.status, two.status].sort()).toEqual([200, 412]);
      const winner = one.status === 200 ? 'Written by one' : 'Written by two';
      expect((await read(id).expect(200)).body.data.name).toBe(winner);
    }
  });

  it('documents too (their routes come from a shared base controller); another account’s record stays not found', async () => {
    const client = await newClient();
    const created = await t.http
      .post('/v1/quotations')
      .set(a.auth)
      .send({ client_id: client, quotation_date: '2025-05-01', items: [{ item_description: 'Valve', quantity: 1, rate: 100, tax_rate: 18 }] })
      .expect(201);
    const id = created.body.data.quotation_id as number;
    const etag = (await t.http.get(`/v1/quotations/${id}`).set(a.auth).expect(200)).headers.etag as string;
    expect(etag).toBeDefined();
    await t.http.get(`/v1/quotations/${id}`).set(a.auth).set('If-None-Match', etag).expect(304);
    await t.http.patch(`/v1/quotations/${id}`).set(a.auth).set('If-Match', '"not-the-etag"').send({ approval_status: 'rejected' }).expect(412);
    await t.http.patch(`/v1/quotations/${id}`).set(a.auth).set('If-Match', etag).send({ approval_status: 'approved' }).expect(200);
    await t.http.get(`/v1/quotations/${id}`).set(b.auth).set('If-None-Match', etag).expect(404);
    await t.http.patch(`/v1/quotations/${id}`).set(b.auth).set('If-Match', etag).send({ approval_status: 'rejected' }).expect(404);
  });
});
