import { TypeormDebitNoteRepository } from '@app/infra/notes/typeorm-debit-note.repository';
import { debitNoteFields } from '../libs/domain/testing/note-repository.contract';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { activityOf, createClient, today, typeormNoteRepositoryContract } from './support/note-fixtures';

describe('debit notes', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientA2: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('debit_notes', { FREE_DOCUMENTS_PER_MONTH: '2' });
    a = await t.createAccount({ name: 'Acme Traders' });
    // A business with an address and a state: its notes carry no supplier_address_missing warning.
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune 411001', state_code: '27' }).expect(200);
    b = await t.createAccount({ name: 'Other Business' });
    clientA = await createClient(t, a, 'Sharma Traders');
    clientA2 = await createClient(t, a, 'Kapoor Exports');
    clientB = await createClient(t, b, 'Bhatia Stores');
  });
  afterAll(() => t.close());

  const create = (who: TestAccount, body: object) => t.http.post('/v1/debit-notes').set(who.auth).send(body);
  const read = async (who: TestAccount, id: number) => (await t.http.get(`/v1/debit-notes/${id}`).set(who.auth).expect(200)).body.data;
  const createOk = async (who: TestAccount, body: object): Promise<number> => (await create(who, body).expect(201)).body.data.debit_note_id;
  const list = async (who: TestAccount, query: string) => (await t.http.get(`/v1/debit-notes?${query}`).set(who.auth).expect(200)).body.data;

  it('creates with 201 {debit_note_id} and reads back the defaults', async () => {
    const res = await create(a, { client_id: clientA, debit_note_date: '2025-05-15' }).expect(201);
    expect(res.body).toEqual({ ok: true, data: { debit_note_id: expect.any(Number), tax_warnings: [] } });
    const note = await read(a, res.body.data.debit_note_id);
    expect(note).toMatchObject({
      debit_note_id: res.body.data.debit_note_id,
      client_id: clientA,
      debit_note_number: expect.stringMatching(/^DN\/25-26\/\d{4}$/),
      debit_note_date: '2025-05-15',
      payment_due_date: '2025-05-15',
      currency: 'INR',
      status: 'issued',
      payment_status: 'pending',
      paid_amount: 0,
      payment_date: null,
      declaration_text: null,
      transport_details: null,
      lr_number: null,
      total_amount: 0,
      items: [],
    });
    expect(note.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('stores every optional field as sent', async () => {
    const id = await createOk(a, {
      client_id: clientA,
      debit_note_date: '2025-06-01',
      payment_due_date: '2025-06-30',
      declaration_text: 'We declare.',
      currency: 'USD',
      status: 'draft',
      transport_details: 'By road',
      lr_number: 'LR-77',
      items: [{ description: 'Freight short-billed', expense_date: '2025-05-28', amount: 1250.5 }],
    });
    expect(await read(a, id)).toMatchObject({
      payment_due_date: '2025-06-30',
      declaration_text: 'We declare.',
      currency: 'USD',
      status: 'draft',
      transport_details: 'By road',
      lr_number: 'LR-77',
      total_amount: 1250.5,
      items: [{ item_id: expect.any(Number), debit_note_id: id, description: 'Freight short-billed', expense_date: '2025-05-28', amount: 1250.5 }],
    });
  });

  it('rejects bad fields with validation_error keyed by field', async () => {
    const missing = await create(a, {}).expect(400);
    expect(missing.body.error.code).toBe('validation_error');
    expect(Object.keys(missing.body.error.details).sort()).toEqual(['client_id', 'debit_note_date']);
    const base = { client_id: clientA, debit_note_date: '2025-05-15' };
    const cases: Array<[string, object]> = [
      ['status', { status: 'paid' }],
      ['payment_status', { payment_status: 'settled' }],
      ['currency', { currency: 'XYZ' }],
      ['currency', { currency: 'inr' }],
      ['debit_note_date', { debit_note_date: '2025-02-30' }],
      ['debit_note_date', { debit_note_date: '15-05-2025' }],
      ['payment_due_date', { payment_due_date: 'tomorrow' }],
      ['payment_date', { payment_date: '2025-13-01' }],
      ['paid_amount', { paid_amount: 'lots' }],
      ['paid_amount', { paid_amount: -1 }],
      ['client_id', { client_id: 'abc' }],
      ['client_id', { client_id: 0 }],
      ['items', { items: 'none' }],
      ['items', { items: null }],
      ['items.0.amount', { items: [{ description: 'x', amount: 'ten' }] }],
      ['items.0.amount', { items: [{ description: 'x', amount: -5 }] }],
      [
        'items.1.amount',
        {
          items: [
            { description: 'x', amount: 1 },
            { description: 'y', amount: 1.234 },
          ],
        },
      ],
      ['items.0.expense_date', { items: [{ description: 'x', expense_date: '2025-02-29' }] }],
      ['items.0.description', { items: [{ description: 42 }] }],
      [
        'items',
        {
          items: [
            { description: 'a', amount: '9999999999999.99' },
            { description: 'b', amount: 1 },
          ],
        },
      ],
    ];
    for (const [field, patch] of cases) {
      const res = await create(a, { ...base, ...patch });
      expect({ field, status: res.status, code: res.body.error?.code }).toEqual({ field, status: 400, code: 'validation_error' });
      expect(Object.keys(res.body.error.details)).toEqual([field]);
    }
    const id = await createOk(a, base);
    const patched = await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ debit_note_date: null, currency: 'ABC' }).expect(400);
    expect(Object.keys(patched.body.error.details)).toEqual(['currency']);
    const cleared = await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ debit_note_date: null }).expect(400);
    expect(cleared.body.error.details).toEqual({ debit_note_date: 'is required' });
    await t.http.get('/v1/debit-notes/abc').set(a.auth).expect(400);
    await t.http.get('/v1/debit-notes/999999').set(a.auth).expect(404);
    await t.http.get('/v1/debit-notes?status=paid').set(a.auth).expect(400);
    await t.http.get('/v1/debit-notes?limit=201').set(a.auth).expect(400);
    await t.http.get('/v1/debit-notes?fy_start_year=abc').set(a.auth).expect(400);
  });

  it('drops lines without a description, keeps the order sent and totals the amounts exactly', async () => {
    const id = await createOk(a, {
      client_id: clientA,
      debit_note_date: '2025-05-15',
      items: [
        { description: 'First', amount: 0.1 },
        { description: '   ', amount: 99 },
        { amount: 50 },
        { description: null, amount: 7 },
        { description: '  Second  ', amount: '0.2', expense_date: '2025-05-01' },
        { description: 'Third' },
      ],
    });
    const note = await read(a, id);
    expect(note.total_amount).toBe(0.3);
    expect(note.items.map((l: { description: string; amount: number; expense_date: string | null }) => [l.description, l.amount, l.expense_date])).toEqual([
      ['First', 0.1, null],
      ['Second', 0.2, '2025-05-01'],
      ['Third', 0, null],
    ]);
    const ids = note.items.map((l: { item_id: number }) => l.item_id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(note.items.every((l: { debit_note_id: number }) => l.debit_note_id === id)).toBe(true);

    const dropped = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: [{ description: '' }, { amount: 3 }] });
    expect(await read(a, dropped)).toMatchObject({ items: [], total_amount: 0 });
    const empty = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: [] });
    expect(await read(a, empty)).toMatchObject({ items: [], total_amount: 0 });
  });

  it('PATCH merges over the stored note: lines kept unless items is sent, then replaced', async () => {
    const id = await createOk(a, {
      client_id: clientA,
      debit_note_date: '2025-05-15',
      lr_number: 'LR-1',
      items: [
        { description: 'A', amount: 10 },
        { description: 'B', amount: 20 },
      ],
    });
    const before = await read(a, id);
    const res = await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ declaration_text: 'Updated', client_id: clientA2 }).expect(200);
    expect(res.body.data).toEqual({ debit_note_id: id, tax_warnings: [] });
    const merged = await read(a, id);
    expect(merged).toMatchObject({ declaration_text: 'Updated', client_id: clientA2, lr_number: 'LR-1', total_amount: 30 });
    expect(merged.items).toEqual(before.items);
    expect(merged.debit_note_number).toBe(before.debit_note_number);

    await t.http
      .patch(`/v1/debit-notes/${id}`)
      .set(a.auth)
      .send({ items: [{ description: 'C', amount: 5 }, { description: ' ' }] })
      .expect(200);
    const replaced = await read(a, id);
    const noGst = {
      hsn_code: null,
      quantity: null,
      unit: null,
      taxable_value: null,
      tax_rate: null,
      cgst_amount: null,
      sgst_amount: null,
      igst_amount: null,
      cess_rate: null,
      cess_amount: null,
    };
    expect(replaced.items).toEqual([{ item_id: expect.any(Number), debit_note_id: id, description: 'C', expense_date: null, amount: 5, ...noGst }]);
    expect(replaced.items[0].item_id).toBeGreaterThan(Math.max(...before.items.map((l: { item_id: number }) => l.item_id)));
    expect(replaced.total_amount).toBe(5);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM debit_note_items WHERE debit_note_id = ?', [id]);
    expect(Number(n)).toBe(1);

    await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ items: [] }).expect(200);
    expect(await read(a, id)).toMatchObject({ items: [], total_amount: 0 });
    await t.http.patch(`/v1/debit-notes/999999`).set(a.auth).send({ lr_number: 'x' }).expect(404);
  });

  describe('payment rules', () => {
    const lines = [
      { description: 'Price difference', amount: 800 },
      { description: 'Freight', amount: 200 },
    ];

    it('paid sets paid_amount to the total and payment_date to the date given or today', async () => {
      const given = await createOk(a, {
        client_id: clientA,
        debit_note_date: '2025-05-15',
        payment_status: 'paid',
        payment_date: '2025-05-20',
        paid_amount: 5,
        items: lines,
      });
      expect(await read(a, given)).toMatchObject({ payment_status: 'paid', paid_amount: 1000, payment_date: '2025-05-20' });
      const defaulted = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', payment_status: 'paid', items: lines });
      expect(await read(a, defaulted)).toMatchObject({ payment_status: 'paid', paid_amount: 1000, payment_date: today() });
    });

    it('partial needs 0 < paid_amount < total and defaults payment_date to today', async () => {
      const body = { client_id: clientA, debit_note_date: '2025-05-15', payment_status: 'partial', items: lines };
      for (const paid of [undefined, 0, 1000, 1000.01, 5000]) {
        const res = await create(a, { ...body, paid_amount: paid }).expect(400);
        expect(Object.keys(res.body.error.details)).toEqual(['paid_amount']);
      }
      const low = await createOk(a, { ...body, paid_amount: 0.01 });
      expect(await read(a, low)).toMatchObject({ payment_status: 'partial', paid_amount: 0.01, payment_date: today() });
      const high = await createOk(a, { ...body, paid_amount: 999.99, payment_date: '2025-05-16' });
      expect(await read(a, high)).toMatchObject({ payment_status: 'partial', paid_amount: 999.99, payment_date: '2025-05-16' });
      const none = await create(a, { ...body, items: [], paid_amount: 1 }).expect(400);
      expect(Object.keys(none.body.error.details)).toEqual(['paid_amount']);
    });

    it('pending and overdue clear paid_amount and payment_date', async () => {
      for (const status of ['pending', 'overdue']) {
        const id = await createOk(a, {
          client_id: clientA,
          debit_note_date: '2025-05-15',
          payment_status: status,
          paid_amount: 300,
          payment_date: '2025-05-20',
          items: lines,
        });
        expect(await read(a, id)).toMatchObject({ payment_status: status, paid_amount: 0, payment_date: null });
      }
    });

    it('applies on PATCH: the paid amount follows the new total, partial is re-checked, pending clears', async () => {
      const id = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: lines });
      await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ payment_status: 'paid', payment_date: '2025-05-25' }).expect(200);
      expect(await read(a, id)).toMatchObject({ payment_status: 'paid', paid_amount: 1000, payment_date: '2025-05-25' });
      await t.http
        .patch(`/v1/debit-notes/${id}`)
        .set(a.auth)
        .send({ items: [{ description: 'Only', amount: 640.25 }] })
        .expect(200);
      expect(await read(a, id)).toMatchObject({ payment_status: 'paid', paid_amount: 640.25, payment_date: '2025-05-25' });
      const [{ paid_at }] = await t.dataSource.query('SELECT paid_at FROM debit_notes WHERE id = ?', [id]);
      expect(paid_at).toBeTruthy();

      const noAmount = await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ payment_status: 'partial' }).expect(400);
      expect(Object.keys(noAmount.body.error.details)).toEqual(['paid_amount']);
      await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ payment_status: 'partial', paid_amount: 600 }).expect(200);
      expect(await read(a, id)).toMatchObject({ payment_status: 'partial', paid_amount: 600 });
      const shrink = await t.http
        .patch(`/v1/debit-notes/${id}`)
        .set(a.auth)
        .send({ items: [{ description: 'Less', amount: 500 }] })
        .expect(400);
      expect(Object.keys(shrink.body.error.details)).toEqual(['paid_amount']);
      expect(await read(a, id)).toMatchObject({ total_amount: 640.25, paid_amount: 600 });

      await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ payment_status: 'pending' }).expect(200);
      expect(await read(a, id)).toMatchObject({ payment_status: 'pending', paid_amount: 0, payment_date: null });
      const [{ paid_at: cleared }] = await t.dataSource.query('SELECT paid_at FROM debit_notes WHERE id = ?', [id]);
      expect(cleared).toBeNull();
    });
  });

  describe('lists, filters and numbering', () => {
    let f: TestAccount;
    let sharma: number;
    let kapoor: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      f = await t.createAccount({ name: 'Filter Co' });
      sharma = await createClient(t, f, 'Sharma Traders');
      kapoor = await createClient(t, f, 'Kapoor 100% Exports');
      const make = async (key: string, body: object) => (ids[key] = await createOk(f, body));
      await make('mar31', { client_id: sharma, debit_note_date: '2025-03-31' });
      await make('apr1', { client_id: kapoor, debit_note_date: '2025-04-01', status: 'draft' });
      await make('mid', { client_id: sharma, debit_note_date: '2025-09-15', payment_status: 'paid', items: [{ description: 'x', amount: 1 }] });
      await make('mar31b', { client_id: kapoor, debit_note_date: '2026-03-31', status: 'cancelled' });
      await make('apr1b', { client_id: sharma, debit_note_date: '2026-04-01' });
    });

    const idsOf = (data: { debit_notes: Array<{ debit_note_id: number }> }) => data.debit_notes.map((n) => n.debit_note_id);

    it('numbers per financial year of the note date: DN/24-25/0001, DN/25-26/0001, 0002, DN/26-27/0001; the draft a DRAFT number', async () => {
      const numbers = await Promise.all(['mar31', 'apr1', 'mid', 'mar31b', 'apr1b'].map(async (k) => (await read(f, ids[k])).debit_note_number));
      expect(numbers).toEqual(['DN/24-25/0001', 'DRAFT/25-26/0001', 'DN/25-26/0001', 'DN/25-26/0002', 'DN/26-27/0001']);
      const other = await t.createAccount();
      const otherClient = await createClient(t, other, 'Someone');
      const first = await createOk(other, { client_id: otherClient, debit_note_date: '2025-05-01' });
      expect((await read(other, first)).debit_note_number).toBe('DN/25-26/0001');
    });

    it('lists header rows newest first with total, limit and offset', async () => {
      const all = await list(f, '');
      expect(all.total).toBe(5);
      expect(idsOf(all)).toEqual([ids.apr1b, ids.mar31b, ids.mid, ids.apr1, ids.mar31]);
      expect(all.debit_notes[0]).not.toHaveProperty('items');
      expect(all.debit_notes[0]).toMatchObject({ debit_note_id: ids.apr1b, client_id: sharma, debit_note_date: '2026-04-01', total_amount: 0 });
      const page = await list(f, 'limit=2&offset=1');
      expect(page.total).toBe(5);
      expect(idsOf(page)).toEqual([ids.mar31b, ids.mid]);
    });

    it('fy_start_year takes April 1 to March 31 and overrides date_from/date_to', async () => {
      expect(idsOf(await list(f, 'fy_start_year=2025'))).toEqual([ids.mar31b, ids.mid, ids.apr1]);
      expect(idsOf(await list(f, 'fy_start_year=2024'))).toEqual([ids.mar31]);
      expect(idsOf(await list(f, 'fy_start_year=2026'))).toEqual([ids.apr1b]);
      expect(idsOf(await list(f, 'fy_start_year=2025&date_from=2026-04-01&date_to=2026-04-30'))).toEqual([ids.mar31b, ids.mid, ids.apr1]);
      expect(idsOf(await list(f, 'date_from=2025-03-31&date_to=2025-04-01'))).toEqual([ids.apr1, ids.mar31]);
      expect(idsOf(await list(f, 'date_from=2026-03-31'))).toEqual([ids.apr1b, ids.mar31b]);
    });

    it('filters by client_id, status, payment_status and search (number or client name), combinable', async () => {
      expect(idsOf(await list(f, `client_id=${kapoor}`))).toEqual([ids.mar31b, ids.apr1]);
      expect(idsOf(await list(f, 'status=draft'))).toEqual([ids.apr1]);
      expect(idsOf(await list(f, 'payment_status=paid'))).toEqual([ids.mid]);
      expect(idsOf(await list(f, 'search=sharma'))).toEqual([ids.apr1b, ids.mid, ids.mar31]);
      expect(idsOf(await list(f, 'search=%20%20Sharma%20'))).toEqual([ids.apr1b, ids.mid, ids.mar31]);
      expect(idsOf(await list(f, 'search=DN%2F25-26%2F0001'))).toEqual([ids.mid]);
      expect(idsOf(await list(f, 'search=24-25'))).toEqual([ids.mar31]);
      expect(idsOf(await list(f, 'search=100%25'))).toEqual([ids.mar31b, ids.apr1]);
      expect((await list(f, 'search=%25')).total).toBe(2);
      expect(idsOf(await list(f, `search=kapoor&fy_start_year=2025&status=cancelled&client_id=${kapoor}`))).toEqual([ids.mar31b]);
      expect((await list(f, `search=nobody`)).total).toBe(0);
    });
  });

  it('a client_id of another account is 404 and nothing is stored', async () => {
    const [{ n: before }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM debit_notes');
    const res = await create(a, { client_id: clientB, debit_note_date: '2025-05-15' }).expect(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', details: { client_id: clientB } });
    const [{ n: after }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM debit_notes');
    expect(Number(after)).toBe(Number(before));
    const id = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15' });
    await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ client_id: clientB }).expect(404);
    expect((await read(a, id)).client_id).toBe(clientA);
  });

  it("keeps accounts apart: B gets 404 on A's notes and never sees them in lists or search", async () => {
    const id = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: [{ description: 'Secret', amount: 1 }] });
    const { debit_note_number } = await read(a, id);
    await t.http.get(`/v1/debit-notes/${id}`).set(b.auth).expect(404);
    await t.http.patch(`/v1/debit-notes/${id}`).set(b.auth).send({ lr_number: 'hijack' }).expect(404);
    await t.http.patch(`/v1/debit-notes/${id}`).set(b.auth).send({ client_id: clientB }).expect(404);
    await t.http.delete(`/v1/debit-notes/${id}`).set(b.auth).expect(404);
    await createOk(b, { client_id: clientB, debit_note_date: '2025-05-15' });
    const bList = await list(b, 'limit=200');
    expect(bList.debit_notes.map((n: { debit_note_id: number }) => n.debit_note_id)).not.toContain(id);
    expect(bList.debit_notes.every((n: { client_id: number }) => n.client_id === clientB)).toBe(true);
    expect((await list(b, `search=${encodeURIComponent(debit_note_number)}`)).debit_notes.map((n: { debit_note_id: number }) => n.debit_note_id)).not.toContain(
      id,
    );
    expect((await list(b, 'search=Sharma')).total).toBe(0);
    expect((await list(b, `client_id=${clientA}`)).total).toBe(0);
    expect(await read(a, id)).toMatchObject({ lr_number: null, client_id: clientA, items: [expect.objectContaining({ description: 'Secret' })] });
  });

  it('DELETE removes the note and its lines', async () => {
    const id = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: [{ description: 'x', amount: 1 }] });
    expect((await t.http.delete(`/v1/debit-notes/${id}`).set(a.auth).expect(200)).body.data).toEqual({ deleted: true });
    await t.http.get(`/v1/debit-notes/${id}`).set(a.auth).expect(404);
    await t.http.delete(`/v1/debit-notes/${id}`).set(a.auth).expect(404);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM debit_note_items WHERE debit_note_id = ?', [id]);
    expect(Number(n)).toBe(0);
  });

  it('bulk-delete deletes own notes and skips foreign or unknown ids', async () => {
    const mine = [
      await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: [{ description: 'x', amount: 1 }] }),
      await createOk(a, { client_id: clientA, debit_note_date: '2025-05-16' }),
    ];
    const theirs = await createOk(b, { client_id: clientB, debit_note_date: '2025-05-15' });
    const res = await t.http
      .post('/v1/debit-notes/bulk-delete')
      .set(a.auth)
      .send({ ids: [...mine, theirs, 999999, mine[0]] })
      .expect(200);
    expect(res.body.data).toEqual({ deleted: 2, skipped: [theirs, 999999] });
    for (const id of mine) await t.http.get(`/v1/debit-notes/${id}`).set(a.auth).expect(404);
    await t.http.get(`/v1/debit-notes/${theirs}`).set(b.auth).expect(200);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM debit_note_items WHERE debit_note_id IN (?, ?)', mine);
    expect(Number(n)).toBe(0);
    const bad = await t.http.post('/v1/debit-notes/bulk-delete').set(a.auth).send({ ids: [] }).expect(400);
    expect(Object.keys(bad.body.error.details)).toEqual(['ids']);
  });

  it('a client with debit notes is 409 to delete without cascade; cascade=1 removes notes and lines', async () => {
    const client = await createClient(t, a, 'Soon Gone');
    const id = await createOk(a, { client_id: client, debit_note_date: '2025-05-15', items: [{ description: 'x', amount: 1 }] });
    const conflict = await t.http.delete(`/v1/clients/${client}`).set(a.auth).expect(409);
    expect(conflict.body.error.code).toBe('conflict');
    await t.http.get(`/v1/debit-notes/${id}`).set(a.auth).expect(200);
    await t.http.delete(`/v1/clients/${client}?cascade=1`).set(a.auth).expect(200);
    await t.http.get(`/v1/debit-notes/${id}`).set(a.auth).expect(404);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM debit_note_items WHERE debit_note_id = ?', [id]);
    expect(Number(n)).toBe(0);
  });

  it('writes activity events for create, update and delete with the actor', async () => {
    const id = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15', items: [{ description: 'x', amount: 12.5 }] });
    const { debit_note_number } = await read(a, id);
    await t.http.patch(`/v1/debit-notes/${id}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
    await t.http.delete(`/v1/debit-notes/${id}`).set(a.auth).expect(200);
    const events = await activityOf(t, a.accountId, 'debit_note', id);
    expect(events.map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
    for (const e of events) expect(e).toMatchObject({ actor_kind: 'api_key', actor_user_id: null, entity_id: id, label: debit_note_number });
    expect(events[0]).toMatchObject({ before: null, after: { number: debit_note_number, client_id: clientA, total_amount: '12.50', status: 'issued' } });
    expect(events[1]).toMatchObject({ before: { status: 'issued' }, after: { status: 'cancelled' } });
    expect(events[2]).toMatchObject({ before: { number: debit_note_number, status: 'cancelled' }, after: null });
    const bulk = await createOk(a, { client_id: clientA, debit_note_date: '2025-05-15' });
    await t.http
      .post('/v1/debit-notes/bulk-delete')
      .set(a.auth)
      .send({ ids: [bulk] })
      .expect(200);
    expect((await activityOf(t, a.accountId, 'debit_note', bulk)).map((e) => e.action)).toEqual(['created', 'deleted']);
    expect(await activityOf(t, b.accountId, 'debit_note', id)).toEqual([]);
  });

  it('counts against the Free plan monthly document allowance (402)', async () => {
    const free = await t.createAccount({ plan: 'free' });
    const client = await createClient(t, free, 'Free Client');
    await createOk(free, { client_id: client, debit_note_date: '2025-05-15' });
    await createOk(free, { client_id: client, debit_note_date: '2025-05-16' });
    const res = await create(free, { client_id: client, debit_note_date: '2025-05-17' }).expect(402);
    expect(res.body.error.code).toBe('plan_limit_reached');
  });

  describe('TypeORM debit-note repository (the contract the in-memory fake also passes)', () => {
    typeormNoteRepositoryContract('DN', () => t, TypeormDebitNoteRepository, debitNoteFields);
  });
});
