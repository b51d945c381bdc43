import { startApp, TestAccount, TestApp } from './support/app-harness';
import { activityOf, countRows, createClient, line, todayInKolkata } from './support/sales-document-helpers';

describe('proforma invoices', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('proforma');
    a = await t.createAccount({ currency: 'EUR' });
    b = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
    clientA = await createClient(t, a, 'Iyer Logistics');
    clientB = await createClient(t, b, 'Elsewhere Ltd');
  });
  afterAll(() => t.close());

  const create = (account: TestAccount, body: object) => t.http.post('/v1/proforma-invoices').set(account.auth).send(body);
  const get = async (account: TestAccount, id: number) => (await t.http.get(`/v1/proforma-invoices/${id}`).set(account.auth).expect(200)).body.data;
  const base = (extra: object = {}) => ({ client_id: clientA, proforma_date: '2025-06-10', items: [line('Freight', 1, 2500)], ...extra });
  const newProforma = async (account: TestAccount, body: object) => (await create(account, body).expect(200)).body.data.proforma_invoice_id as number;

  it('creates (200, the spec gives 201 only to other kinds) and reads back header and items', async () => {
    const res = await create(
      a,
      base({ items: [line('Freight', 1, 2500), { item_description: ' ' }, line('Handling', 2, 100)], validity_date: '2025-06-30' }),
    ).expect(200);
    expect(res.body.data).toEqual({
      proforma_invoice_id: expect.any(Number),
      proforma_number: expect.stringMatching(/^PI\/25-26\/\d{4}$/),
      // A EUR document without exchange_rate (docs/gst.md, "Foreign currency").
      tax_warnings: [expect.objectContaining({ line: null, code: 'exchange_rate_missing' })],
    });
    const p = await get(a, res.body.data.proforma_invoice_id);
    expect(p).toMatchObject({
      proforma_invoice_id: res.body.data.proforma_invoice_id,
      client_id: clientA,
      proforma_date: '2025-06-10',
      validity_date: '2025-06-30',
      approval_status: 'pending',
      currency: 'EUR',
      total_amount: 3186,
    });
    expect(p.items.map((l: { item_description: string; proforma_invoice_id: number }) => [l.item_description, l.proforma_invoice_id])).toEqual([
      ['Freight', p.proforma_invoice_id],
      ['Handling', p.proforma_invoice_id],
    ]);
    expect(p.items[0]).not.toHaveProperty('inventory_id');
    const defaults = await get(a, await newProforma(a, base()));
    expect(defaults.validity_date).toBe('2025-06-10');
  });

  it('requires items (400 when missing); an empty or all-dropped array makes a proforma with no lines', async () => {
    const missing = await create(a, { client_id: clientA, proforma_date: '2025-06-10' }).expect(400);
    expect(missing.body.error).toMatchObject({ code: 'validation_error', details: { items: expect.any(String) } });
    expect(Object.keys(missing.body.error.details)).toEqual(['items']);
    await create(a, base({ items: null })).expect(400);
    await create(a, base({ items: 'x' })).expect(400);
    const empty = await newProforma(a, base({ items: [{ item_description: '' }] }));
    expect(await get(a, empty)).toMatchObject({ items: [], total_amount: 0 });
  });

  it('validates approval_status, currency and dates keyed by field; a foreign client is 404', async () => {
    expect(Object.keys((await create(a, {}).expect(400)).body.error.details).sort()).toEqual(['client_id', 'items', 'proforma_date']);
    for (const [field, value] of [
      ['approval_status', 'ok'],
      ['currency', 'ZZZ'],
      ['validity_date', '2025-06-01'],
      ['proforma_date', '2025-13-10'],
    ]) {
      const res = await create(a, base({ [field]: value })).expect(400);
      expect(Object.keys(res.body.error.details)).toEqual([field]);
    }
    expect((await create(a, base({ client_id: clientB })).expect(404)).body.error.details).toEqual({ client_id: clientB });
  });

  it('PATCH merges and keeps lines unless items is sent', async () => {
    const id = await newProforma(a, base());
    const before = await get(a, id);
    await t.http
      .patch(`/v1/proforma-invoices/${id}`)
      .set(a.auth)
      .send({ approval_status: 'approved' })
      .expect(200)
      .expect((r) =>
        expect(r.body.data).toEqual({ proforma_invoice_id: id, tax_warnings: [expect.objectContaining({ line: null, code: 'exchange_rate_missing' })] }),
      );
    expect(await get(a, id)).toMatchObject({ approval_status: 'approved', items: before.items, proforma_number: before.proforma_number });
    await t.http
      .patch(`/v1/proforma-invoices/${id}`)
      .set(a.auth)
      .send({ items: [line('New', 1, 1)] })
      .expect(200);
    expect((await get(a, id)).items.map((l: { item_description: string }) => l.item_description)).toEqual(['New']);
  });

  it('lists with FY boundaries, approval status and search, newest first', async () => {
    const c = await createClient(t, a, 'Boundary Co');
    const mar31 = await newProforma(a, base({ client_id: c, proforma_date: '2025-03-31' }));
    const apr01 = await newProforma(a, base({ client_id: c, proforma_date: '2025-04-01', approval_status: 'rejected' }));
    const mar31b = await newProforma(a, base({ client_id: c, proforma_date: '2026-03-31' }));
    const ids = async (q: string) =>
      (await t.http.get(`/v1/proforma-invoices?client_id=${c}&${q}`).set(a.auth).expect(200)).body.data.proforma_invoices.map(
        (p: { proforma_invoice_id: number }) => p.proforma_invoice_id,
      );
    expect(await ids('fy_start_year=2024')).toEqual([mar31]);
    expect(await ids('fy_start_year=2025')).toEqual([mar31b, apr01]);
    expect(await ids('approval_status=rejected')).toEqual([apr01]);
    expect(await ids('date_from=2025-04-01&date_to=2026-03-31&approval_status=pending')).toEqual([mar31b]);
    expect(await ids('search=boundary')).toEqual([mar31b, apr01, mar31]);
    const res = (await t.http.get(`/v1/proforma-invoices?client_id=${c}`).set(a.auth).expect(200)).body.data;
    expect(res.total).toBe(3);
    expect(res.proforma_invoices[0]).toMatchObject({ total_amount: 2950 });
    expect(res.proforma_invoices[0]).not.toHaveProperty('items');
  });

  it('convert-to-invoice makes a new invoice with the same client, currency and lines; the proforma is unchanged', async () => {
    const id = await newProforma(a, base({ items: [line('Freight', 1, 2500), line('Insurance', 1, 99.99)], currency: 'GBP' }));
    const before = await get(a, id);
    const res = await t.http.post(`/v1/proforma-invoices/${id}/convert-to-invoice`).set(a.auth).send({}).expect(200);
    const invoice = (await t.http.get(`/v1/invoices/${res.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
    expect(invoice).toMatchObject({
      client_id: clientA,
      currency: 'GBP',
      invoice_type: 'bill_of_supply',
      invoice_date: todayInKolkata(),
      payment_due_date: todayInKolkata(),
      total_amount: before.total_amount,
      invoice_number: res.body.data.invoice_number,
    });
    const strip = (items: Array<Record<string, unknown>>) => items.map(({ item_id, proforma_invoice_id, invoice_id, inventory_id, ...rest }) => rest);
    expect(strip(invoice.items)).toEqual(strip(before.items));
    expect(await get(a, id)).toEqual(before);
    const events = await activityOf(t, a.accountId, 'proforma_invoice', id);
    expect(events.map((e) => e.action)).toEqual(['created', 'converted']);
    expect(events[1]).toMatchObject({ actor_kind: 'api_key', label: before.proforma_number, after_summary: res.body.data });
  });

  it('DELETE, bulk-delete with foreign ids skipped, client cascade', async () => {
    const id = await newProforma(a, base());
    await t.http
      .delete(`/v1/proforma-invoices/${id}`)
      .set(a.auth)
      .expect(200, { ok: true, data: { deleted: true } });
    await t.http.get(`/v1/proforma-invoices/${id}`).set(a.auth).expect(404);
    expect(await countRows(t, 'SELECT COUNT(*) FROM proforma_invoice_items WHERE proforma_invoice_id = ?', [id])).toBe(0);

    const mine = [await newProforma(a, base()), await newProforma(a, base())];
    const theirs = await newProforma(b, base({ client_id: clientB }));
    const res = await t.http
      .post('/v1/proforma-invoices/bulk-delete')
      .set(a.auth)
      .send({ ids: [...mine, theirs] })
      .expect(200);
    expect(res.body.data).toEqual({ deleted: 2, skipped: [theirs] });
    await get(b, theirs);

    const client = await createClient(t, a);
    const doomed = await newProforma(a, base({ client_id: client }));
    await t.http.delete(`/v1/clients/${client}`).set(a.auth).expect(409);
    await t.http.delete(`/v1/clients/${client}?cascade=1`).set(a.auth).expect(200);
    await t.http.get(`/v1/proforma-invoices/${doomed}`).set(a.auth).expect(404);
    expect(await countRows(t, 'SELECT COUNT(*) FROM proforma_invoice_items WHERE proforma_invoice_id = ?', [doomed])).toBe(0);
  });

  it("account B gets 404 on GET, PATCH, DELETE and convert of A's proforma, and never sees it in lists or search", async () => {
    const id = await newProforma(a, base());
    const number = (await get(a, id)).proforma_number;
    for (const res of [
      await t.http.get(`/v1/proforma-invoices/${id}`).set(b.auth),
      await t.http.patch(`/v1/proforma-invoices/${id}`).set(b.auth).send({ approval_status: 'rejected' }),
      await t.http.delete(`/v1/proforma-invoices/${id}`).set(b.auth),
      await t.http.post(`/v1/proforma-invoices/${id}/convert-to-invoice`).set(b.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const listed = (await t.http.get('/v1/proforma-invoices?limit=200').set(b.auth).expect(200)).body.data.proforma_invoices;
    expect(listed.map((p: { proforma_invoice_id: number }) => p.proforma_invoice_id)).not.toContain(id);
    expect(
      (
        await t.http
          .get(`/v1/proforma-invoices?search=${encodeURIComponent(number)}`)
          .set(b.auth)
          .expect(200)
      ).body.data.total,
    ).toBe(0);
    expect((await t.http.get('/v1/proforma-invoices?search=Iyer').set(b.auth).expect(200)).body.data.total).toBe(0);
    expect(await get(a, id)).toMatchObject({ approval_status: 'pending' });
  });
});
