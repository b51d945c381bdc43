import { TypeormCreditNoteRepository } from '@app/infra/notes/typeorm-credit-note.repository';
import { creditNoteFields } from '../libs/domain/testing/note-repository.contract';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { activityOf, createClient, insertInvoice, today, typeormNoteRepositoryContract } from './support/note-fixtures';

describe('credit notes', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientA2: number;
  let clientB: number;
  let invoiceA: number;
  let invoiceA2: number;
  let invoiceB: number;

  beforeAll(async () => {
    t = await startApp('credit_notes');
    a = await t.createAccount({ name: 'Acme Traders' });
    // A business with an address and a state: its notes carry no supplier_address_missing warning.
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune 411001', state_code: '27' }).expect(200);
    b = await t.createAccount({ name: 'Other Business' });
    clientA = await createClient(t, a, 'Sharma Traders');
    clientA2 = await createClient(t, a, 'Kapoor Exports');
    clientB = await createClient(t, b, 'Bhatia Stores');
    invoiceA = await insertInvoice(t, a.accountId, {
      clientId: clientA,
      number: 'INV/25-26/0042',
      date: '2025-05-10',
      currency: 'USD',
      lines: [
        { description: 'Copper wire 2.5 sq mm', total: '1180.00' },
        { description: 'Installation', total: '590.50' },
        { description: 'MCB 32A', total: '0.10' },
      ],
    });
    invoiceA2 = await insertInvoice(t, a.accountId, {
      clientId: clientA2,
      number: 'INV/25-26/0043',
      date: '2025-06-01',
      lines: [{ description: 'Panel', total: '100.00' }],
    });
    invoiceB = await insertInvoice(t, b.accountId, {
      clientId: clientB,
      number: 'INV/25-26/0001',
      date: '2025-05-10',
      lines: [{ description: 'Theirs', total: '50.00' }],
    });
  });
  afterAll(() => t.close());

  const create = (who: TestAccount, body: object) => t.http.post('/v1/credit-notes').set(who.auth).send(body);
  const createOk = async (who: TestAccount, body: object): Promise<number> => (await create(who, body).expect(200)).body.data.credit_note_id;
  const read = async (who: TestAccount, id: number) => (await t.http.get(`/v1/credit-notes/${id}`).set(who.auth).expect(200)).body.data;
  const patch = (who: TestAccount, id: number, body: object) => t.http.patch(`/v1/credit-notes/${id}`).set(who.auth).send(body);
  const list = async (who: TestAccount, query: string) => (await t.http.get(`/v1/credit-notes?${query}`).set(who.auth).expect(200)).body.data;
  const lineShape = (items: Array<{ description: string; amount: number; expense_date: string | null }>) =>
    items.map((l) => [l.description, l.amount, l.expense_date]);

  it("creates with 200 {credit_note_id} (the contract gives 201 to other kinds only); date defaults to today, status issued, currency the account's", async () => {
    const res = await create(a, { client_id: clientA, items: [{ description: 'Rate difference', amount: 150, expense_date: '2025-05-12' }] }).expect(200);
    expect(res.body).toEqual({ ok: true, data: { credit_note_id: expect.any(Number), tax_warnings: [] } });
    const id = res.body.data.credit_note_id;
    expect(await read(a, id)).toMatchObject({
      credit_note_id: id,
      client_id: clientA,
      credit_note_number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/\d{4}$/),
      credit_note_date: today(),
      currency: 'INR',
      status: 'issued',
      source_invoice_id: null,
      reason: null,
      total_amount: 150,
      items: [{ item_id: expect.any(Number), credit_note_id: id, description: 'Rate difference', expense_date: '2025-05-12', amount: 150 }],
    });
    const full = await createOk(a, {
      client_id: clientA,
      credit_note_date: '2025-05-20',
      currency: 'EUR',
      status: 'draft',
      reason: 'Goods returned',
      declaration_text: 'Declared',
      transport_details: 'Courier',
      lr_number: 'LR-9',
    });
    expect(await read(a, full)).toMatchObject({
      credit_note_date: '2025-05-20',
      currency: 'EUR',
      status: 'draft',
      reason: 'Goods returned',
      declaration_text: 'Declared',
      transport_details: 'Courier',
      lr_number: 'LR-9',
      items: [],
      total_amount: 0,
    });
  });

  it('pre-fills client, currency and one line per invoice line from source_invoice_id', async () => {
    const id = await createOk(a, { source_invoice_id: invoiceA, credit_note_date: '2025-05-25' });
    const note = await read(a, id);
    expect(note).toMatchObject({ client_id: clientA, currency: 'USD', source_invoice_id: invoiceA, credit_note_date: '2025-05-25', total_amount: 1770.6 });
    expect(lineShape(note.items)).toEqual([
      ['Copper wire 2.5 sq mm', 1180, '2025-05-10'],
      ['Installation', 590.5, '2025-05-10'],
      ['MCB 32A', 0.1, '2025-05-10'],
    ]);
    expect(note.items.every((l: { credit_note_id: number }) => l.credit_note_id === id)).toBe(true);
    const ids = note.items.map((l: { item_id: number }) => l.item_id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(await read(a, await createOk(a, { source_invoice_id: invoiceA }))).toMatchObject({ credit_note_date: today(), client_id: clientA });
  });

  it('body fields override the pre-fill: items (even empty), currency, and the same client_id', async () => {
    const own = await createOk(a, {
      source_invoice_id: invoiceA,
      currency: 'INR',
      items: [
        { description: 'Partial return', amount: 100 },
        { description: ' ', amount: 5 },
      ],
    });
    const ownNote = await read(a, own);
    expect(ownNote).toMatchObject({ client_id: clientA, currency: 'INR', source_invoice_id: invoiceA, total_amount: 100 });
    expect(lineShape(ownNote.items)).toEqual([['Partial return', 100, null]]);
    expect(await read(a, await createOk(a, { source_invoice_id: invoiceA, items: [] }))).toMatchObject({ items: [], total_amount: 0, currency: 'USD' });
    expect(await read(a, await createOk(a, { source_invoice_id: invoiceA, client_id: clientA }))).toMatchObject({ client_id: clientA, total_amount: 1770.6 });
  });

  it("a client_id other than the invoice's is a validation error keyed client_id", async () => {
    const res = await create(a, { source_invoice_id: invoiceA, client_id: clientA2 }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', details: { client_id: expect.stringContaining('INV/25-26/0042') } });
    expect(Object.keys(res.body.error.details)).toEqual(['client_id']);
  });

  it('a source_invoice_id of another account, or unknown, is 404 keyed source_invoice_id and nothing is stored', async () => {
    const [{ n: before }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM credit_notes');
    for (const source of [invoiceB, 999999]) {
      const res = await create(a, { source_invoice_id: source }).expect(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', details: { source_invoice_id: source } });
    }
    await create(a, { source_invoice_id: invoiceB, client_id: clientA }).expect(404);
    const [{ n: after }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM credit_notes');
    expect(Number(after)).toBe(Number(before));
  });

  it('rejects bad fields with validation_error keyed by field', async () => {
    const missing = await create(a, {}).expect(400);
    expect(missing.body.error.details).toEqual({ client_id: 'is required' });
    const cases: Array<[string, object]> = [
      ['status', { status: 'void' }],
      ['currency', { currency: 'RUPEES' }],
      ['credit_note_date', { credit_note_date: '2025-04-31' }],
      ['source_invoice_id', { source_invoice_id: 'abc' }],
      ['source_invoice_id', { source_invoice_id: -3 }],
      ['client_id', { client_id: 1.5 }],
      ['reason', { reason: 'x'.repeat(501) }],
      ['items', { items: {} }],
      ['items.0.amount', { items: [{ description: 'x', amount: '1,000' }] }],
      ['items.0.expense_date', { items: [{ description: 'x', expense_date: '2025/05/01' }] }],
    ];
    for (const [field, body] of cases) {
      const res = await create(a, { client_id: clientA, ...body });
      expect({ field, status: res.status, code: res.body.error?.code }).toEqual({ field, status: 400, code: 'validation_error' });
      expect(Object.keys(res.body.error.details)).toEqual([field]);
    }
  });

  it('drops lines without a description and keeps the order sent', async () => {
    const id = await createOk(a, {
      client_id: clientA,
      items: [{ description: 'One', amount: 1 }, { amount: 2 }, { description: '', amount: 3 }, { description: 'Four', amount: 4.25 }],
    });
    const note = await read(a, id);
    expect(lineShape(note.items)).toEqual([
      ['One', 1, null],
      ['Four', 4.25, null],
    ]);
    expect(note.total_amount).toBe(5.25);
  });

  it("PATCH merges; items replace lines; the client must stay the source invoice's", async () => {
    const id = await createOk(a, { source_invoice_id: invoiceA, credit_note_date: '2025-05-25' });
    const before = await read(a, id);
    // In the source invoice's USD, without exchange_rate (docs/gst.md, "Foreign currency").
    expect((await patch(a, id, { reason: 'Damaged', status: 'archived' }).expect(200)).body.data).toEqual({
      credit_note_id: id,
      tax_warnings: [expect.objectContaining({ line: null, code: 'exchange_rate_missing' })],
    });
    const merged = await read(a, id);
    expect(merged).toMatchObject({
      reason: 'Damaged',
      status: 'archived',
      currency: 'USD',
      total_amount: 1770.6,
      credit_note_number: before.credit_note_number,
    });
    expect(merged.items).toEqual(before.items);

    await patch(a, id, { items: [{ description: 'Replaced', amount: 10 }] }).expect(200);
    expect(lineShape((await read(a, id)).items)).toEqual([['Replaced', 10, null]]);
    expect((await read(a, id)).total_amount).toBe(10);

    const mismatch = await patch(a, id, { client_id: clientA2 }).expect(400);
    expect(Object.keys(mismatch.body.error.details)).toEqual(['client_id']);
    await patch(a, id, { source_invoice_id: invoiceB }).expect(404);
    // Re-pointing at another invoice moves the note to that invoice's client (lines and currency stay).
    await patch(a, id, { source_invoice_id: invoiceA2 }).expect(200);
    expect(await read(a, id)).toMatchObject({ source_invoice_id: invoiceA2, client_id: clientA2, currency: 'USD', total_amount: 10 });
    // Detached from its invoice, the note may move to any client of the account.
    await patch(a, id, { source_invoice_id: null, client_id: clientA }).expect(200);
    expect(await read(a, id)).toMatchObject({ source_invoice_id: null, client_id: clientA });
    await patch(a, id, { client_id: clientB }).expect(404);
    const cleared = await patch(a, id, { client_id: null }).expect(400);
    expect(cleared.body.error.details).toEqual({ client_id: 'is required' });
  });

  describe('lists, filters and numbering', () => {
    let f: TestAccount;
    let sharma: number;
    let kapoor: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      f = await t.createAccount({ name: 'Filter Co' });
      sharma = await createClient(t, f, 'Sharma Traders');
      kapoor = await createClient(t, f, 'Kapoor Exports');
      const make = async (key: string, body: object) => (ids[key] = await createOk(f, body));
      await make('mar31', { client_id: sharma, credit_note_date: '2025-03-31' });
      await make('apr1', { client_id: kapoor, credit_note_date: '2025-04-01', status: 'draft' });
      await make('mar31b', { client_id: kapoor, credit_note_date: '2026-03-31', status: 'cancelled' });
      await make('apr1b', { client_id: sharma, credit_note_date: '2026-04-01' });
    });

    const idsOf = (data: { credit_notes: Array<{ credit_note_id: number }> }) => data.credit_notes.map((n) => n.credit_note_id);

    it('numbers per financial year: CN/24-25/0001, CN/25-26/0001, CN/26-27/0001; the draft a DRAFT number', async () => {
      const numbers = await Promise.all(['mar31', 'apr1', 'mar31b', 'apr1b'].map(async (k) => (await read(f, ids[k])).credit_note_number));
      expect(numbers).toEqual(['CN/24-25/0001', 'DRAFT/25-26/0001', 'CN/25-26/0001', 'CN/26-27/0001']);
    });

    it('lists header rows newest first; fy_start_year covers April 1 to March 31 and wins over dates', async () => {
      const all = await list(f, '');
      expect(all.total).toBe(4);
      expect(idsOf(all)).toEqual([ids.apr1b, ids.mar31b, ids.apr1, ids.mar31]);
      expect(all.credit_notes[0]).not.toHaveProperty('items');
      expect(idsOf(await list(f, 'fy_start_year=2025'))).toEqual([ids.mar31b, ids.apr1]);
      expect(idsOf(await list(f, 'fy_start_year=2024'))).toEqual([ids.mar31]);
      expect(idsOf(await list(f, 'fy_start_year=2025&date_from=2026-04-01'))).toEqual([ids.mar31b, ids.apr1]);
      expect(idsOf(await list(f, 'date_from=2025-04-01&date_to=2026-03-31'))).toEqual([ids.mar31b, ids.apr1]);
      expect(idsOf(await list(f, 'limit=1&offset=1'))).toEqual([ids.mar31b]);
    });

    it('filters by client_id, status and search on number or client name', async () => {
      expect(idsOf(await list(f, `client_id=${sharma}`))).toEqual([ids.apr1b, ids.mar31]);
      expect(idsOf(await list(f, 'status=cancelled'))).toEqual([ids.mar31b]);
      expect(idsOf(await list(f, 'search=kapoor'))).toEqual([ids.mar31b, ids.apr1]);
      expect(idsOf(await list(f, 'search=CN%2F26-27'))).toEqual([ids.apr1b]);
      expect(idsOf(await list(f, 'search=sharma&fy_start_year=2026'))).toEqual([ids.apr1b]);
      await t.http.get('/v1/credit-notes?status=open').set(f.auth).expect(400);
    });
  });

  it("keeps accounts apart: B gets 404 on A's notes and never sees them in lists or search", async () => {
    const id = await createOk(a, { source_invoice_id: invoiceA });
    const { credit_note_number } = await read(a, id);
    await t.http.get(`/v1/credit-notes/${id}`).set(b.auth).expect(404);
    await patch(b, id, { reason: 'hijack' }).expect(404);
    await patch(b, id, { source_invoice_id: invoiceB }).expect(404);
    await t.http.delete(`/v1/credit-notes/${id}`).set(b.auth).expect(404);
    await createOk(b, { source_invoice_id: invoiceB });
    const bList = await list(b, 'limit=200');
    expect(bList.total).toBe(1);
    expect(bList.credit_notes.map((n: { credit_note_id: number }) => n.credit_note_id)).not.toContain(id);
    expect(
      (await list(b, `search=${encodeURIComponent(credit_note_number)}`)).credit_notes.map((n: { credit_note_id: number }) => n.credit_note_id),
    ).not.toContain(id);
    expect((await list(b, 'search=Sharma')).total).toBe(0);
    expect(await read(a, id)).toMatchObject({ reason: null, source_invoice_id: invoiceA });
  });

  it('DELETE removes the note and its lines; bulk-delete skips foreign and unknown ids', async () => {
    const one = await createOk(a, { source_invoice_id: invoiceA });
    expect((await t.http.delete(`/v1/credit-notes/${one}`).set(a.auth).expect(200)).body.data).toEqual({ deleted: true });
    await t.http.get(`/v1/credit-notes/${one}`).set(a.auth).expect(404);
    const mine = [await createOk(a, { source_invoice_id: invoiceA }), await createOk(a, { client_id: clientA })];
    const theirs = await createOk(b, { client_id: clientB });
    const res = await t.http
      .post('/v1/credit-notes/bulk-delete')
      .set(a.auth)
      .send({ ids: [theirs, ...mine, 999999] })
      .expect(200);
    expect(res.body.data).toEqual({ deleted: 2, skipped: [theirs, 999999] });
    await t.http.get(`/v1/credit-notes/${theirs}`).set(b.auth).expect(200);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM credit_note_items WHERE credit_note_id IN (?, ?, ?)', [one, ...mine]);
    expect(Number(n)).toBe(0);
  });

  it('a client with credit notes is 409 to delete without cascade; cascade=true removes notes and lines', async () => {
    const client = await createClient(t, a, 'Soon Gone');
    const id = await createOk(a, { client_id: client, items: [{ description: 'x', amount: 1 }] });
    expect((await t.http.delete(`/v1/clients/${client}`).set(a.auth).expect(409)).body.error.code).toBe('conflict');
    await t.http.delete(`/v1/clients/${client}?cascade=true`).set(a.auth).expect(200);
    await t.http.get(`/v1/credit-notes/${id}`).set(a.auth).expect(404);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM credit_note_items WHERE credit_note_id = ?', [id]);
    expect(Number(n)).toBe(0);
  });

  it('writes activity events for create, update and delete with the actor', async () => {
    const id = await createOk(a, { source_invoice_id: invoiceA });
    const { credit_note_number } = await read(a, id);
    await patch(a, id, { status: 'cancelled' }).expect(200);
    await t.http.delete(`/v1/credit-notes/${id}`).set(a.auth).expect(200);
    const events = await activityOf(t, a.accountId, 'credit_note', id);
    expect(events.map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
    for (const e of events) expect(e).toMatchObject({ actor_kind: 'api_key', actor_user_id: null, entity_id: id, label: credit_note_number });
    expect(events[0].after).toMatchObject({ number: credit_note_number, client_id: clientA, source_invoice_id: invoiceA, total_amount: '1770.60' });
    expect(events[1]).toMatchObject({ before: { status: 'issued' }, after: { status: 'cancelled' } });
    expect(events[2]).toMatchObject({ before: { status: 'cancelled' }, after: null });
  });

  it('documents both resources in the OpenAPI contract', async () => {
    const spec = (await t.http.get('/v1/openapi.json').expect(200)).body;
    for (const path of ['/v1/credit-notes', '/v1/credit-notes/{id}', '/v1/credit-notes/bulk-delete', '/v1/debit-notes', '/v1/debit-notes/{id}']) {
      expect(spec.paths).toHaveProperty([path]);
    }
    const params = spec.paths['/v1/credit-notes'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['limit', 'offset', 'fy_start_year', 'date_from', 'date_to', 'client_id', 'search', 'status']));
    expect(params).not.toContain('approval_status');
  });

  describe('TypeORM credit-note repository (the contract the in-memory fake also passes)', () => {
    typeormNoteRepositoryContract('CN', () => t, TypeormCreditNoteRepository, creditNoteFields);
  });
});
