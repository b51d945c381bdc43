import { startApp, TestAccount, TestApp } from './support/app-harness';
import { activityOf, countRows, createClient, line, todayInKolkata } from './support/sales-document-helpers';

describe('quotations', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('quotations');
    a = await t.createAccount({ gstin: '27AAPFU0939F1ZV', currency: 'INR' });
    b = await t.createAccount();
    clientA = await createClient(t, a, 'Kapoor Industries');
    clientB = await createClient(t, b, 'Foreign Client');
  });
  afterAll(() => t.close());

  const create = (account: TestAccount, body: object) => t.http.post('/v1/quotations').set(account.auth).send(body);
  const get = async (account: TestAccount, id: number) => (await t.http.get(`/v1/quotations/${id}`).set(account.auth).expect(200)).body.data;
  const base = (extra: object = {}) => ({ client_id: clientA, quotation_date: '2025-06-10', ...extra });
  const newQuotation = async (account: TestAccount, body: object) => (await create(account, body).expect(201)).body.data.quotation_id as number;

  it('creates with 201 {quotation_id}; validity_date defaults to quotation_date; reads back with items', async () => {
    const res = await create(
      a,
      base({ items: [line('Site survey', 1, 5000), line('  ', 1, 1), line('Report', 2, 750.5)], declaration_text: 'Valid for 30 days' }),
    ).expect(201);
    expect(res.body.data).toEqual({ quotation_id: expect.any(Number), quotation_number: expect.stringMatching(/^QT\/25-26\/\d{4}$/), tax_warnings: [] });
    const q = await get(a, res.body.data.quotation_id);
    expect(q).toMatchObject({
      quotation_id: res.body.data.quotation_id,
      client_id: clientA,
      quotation_date: '2025-06-10',
      validity_date: '2025-06-10',
      approval_status: 'pending',
      currency: 'INR',
      quotation_type: 'local_sale',
      document_kind: 'quotation',
      declaration_text: 'Valid for 30 days',
      lut_number: null,
      transport_details: null,
      lr_number: null,
      total_amount: 7671.18,
    });
    expect(q.items.map((l: { item_description: string }) => l.item_description)).toEqual(['Site survey', 'Report']);
    expect(q.items[0]).toEqual({
      item_id: expect.any(Number),
      quotation_id: q.quotation_id,
      item_description: 'Site survey',
      hsn_code: '998311',
      quantity: 1,
      rate: 5000,
      tax_rate: 18,
      cgst_amount: 450,
      sgst_amount: 450,
      igst_amount: 0,
      total_amount: 5900,
      discount_type: null,
      discount_value: null,
      unit: null,
      taxable_value: 5000,
      header_discount: 0,
      cess_rate: null,
      cess_amount: 0,
    });
    expect(q.items[1].item_id).toBeGreaterThan(q.items[0].item_id);
  });

  it('validates enums, currency and dates keyed by field; validity may not precede the quotation date', async () => {
    expect(Object.keys((await create(a, {}).expect(400)).body.error.details).sort()).toEqual(['client_id', 'quotation_date']);
    for (const [field, value] of [
      ['approval_status', 'maybe'],
      ['currency', 'XXX'],
      ['quotation_type', 'retail'],
      ['document_kind', 'invoice'],
      ['validity_date', '2025-06-09'],
      ['validity_date', '2025-06-31'],
      ['quotation_date', 'today'],
      ['discount_type', '%'],
    ]) {
      const res = await create(a, base({ [field]: value })).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.details)).toEqual([field]);
    }
    const foreign = await create(a, base({ client_id: clientB })).expect(404);
    expect(foreign.body.error.details).toEqual({ client_id: clientB });
  });

  it('PATCH merges: lines kept unless items is sent; validity follows explicit values', async () => {
    const id = await newQuotation(a, base({ items: [line('A', 1, 100)], validity_date: '2025-07-10' }));
    const before = await get(a, id);
    await t.http
      .patch(`/v1/quotations/${id}`)
      .set(a.auth)
      .send({ approval_status: 'approved', currency: 'EUR' })
      .expect(200)
      // A EUR document without exchange_rate (docs/gst.md, "Foreign currency").
      .expect((r) => expect(r.body.data).toEqual({ quotation_id: id, tax_warnings: [expect.objectContaining({ line: null, code: 'exchange_rate_missing' })] }));
    const after = await get(a, id);
    expect(after).toMatchObject({ approval_status: 'approved', currency: 'EUR', validity_date: '2025-07-10', quotation_number: before.quotation_number });
    expect(after.items).toEqual(before.items);
    await t.http
      .patch(`/v1/quotations/${id}`)
      .set(a.auth)
      .send({ items: [line('B', 1, 200), line('C', 1, 300)] })
      .expect(200);
    expect((await get(a, id)).items.map((l: { item_description: string }) => l.item_description)).toEqual(['B', 'C']);
    const bad = await t.http.patch(`/v1/quotations/${id}`).set(a.auth).send({ validity_date: '2025-01-01' }).expect(400);
    expect(Object.keys(bad.body.error.details)).toEqual(['validity_date']);
  });

  describe('lists', () => {
    const made: Record<string, number> = {};
    let c1: number;

    beforeAll(async () => {
      c1 = await createClient(t, a, 'Verma Textiles');
      made.mar31 = await newQuotation(a, { client_id: c1, quotation_date: '2025-03-31', approval_status: 'approved' });
      made.apr01 = await newQuotation(a, { client_id: c1, quotation_date: '2025-04-01', document_kind: 'proforma', items: [line('x', 1, 10)] });
      made.mar31b = await newQuotation(a, { client_id: c1, quotation_date: '2026-03-31', approval_status: 'rejected' });
      made.apr01b = await newQuotation(a, { client_id: c1, quotation_date: '2026-04-01', document_kind: 'proforma', approval_status: 'approved' });
    });

    const ids = async (query: string, account = a) =>
      (await t.http.get(`/v1/quotations?${query}`).set(account.auth).expect(200)).body.data.quotations.map((q: { quotation_id: number }) => q.quotation_id);

    it('filters by FY (April 1 to March 31), dates, client, approval status and document kind, combined', async () => {
      expect(await ids(`client_id=${c1}&fy_start_year=2024`)).toEqual([made.mar31]);
      expect(await ids(`client_id=${c1}&fy_start_year=2025`)).toEqual([made.mar31b, made.apr01]);
      expect(await ids(`client_id=${c1}&fy_start_year=2025&date_from=2026-04-01`)).toEqual([made.mar31b, made.apr01]);
      expect(await ids(`client_id=${c1}&date_from=2025-03-31&date_to=2025-04-01`)).toEqual([made.apr01, made.mar31]);
      expect(await ids(`client_id=${c1}&approval_status=approved`)).toEqual([made.apr01b, made.mar31]);
      expect(await ids(`client_id=${c1}&document_kind=proforma`)).toEqual([made.apr01b, made.apr01]);
      expect(await ids(`client_id=${c1}&document_kind=quotation`)).toEqual([made.mar31b, made.mar31]);
      expect(await ids(`document_kind=proforma&approval_status=approved&fy_start_year=2026`)).toEqual([made.apr01b]);
      expect(await ids('search=verma')).toEqual([made.apr01b, made.mar31b, made.apr01, made.mar31]);
      const number = (await get(a, made.apr01)).quotation_number;
      expect(await ids(`search=${encodeURIComponent(number)}`)).toEqual([made.apr01]);
      const bad = await t.http.get('/v1/quotations?document_kind=memo').set(a.auth).expect(400);
      expect(Object.keys(bad.body.error.details)).toEqual(['document_kind']);
    });

    it('list rows carry header columns and total_amount, no items; total counts the matches', async () => {
      const res = (await t.http.get(`/v1/quotations?client_id=${c1}&limit=1&offset=1`).set(a.auth).expect(200)).body.data;
      expect(res.total).toBe(4);
      expect(res.quotations).toHaveLength(1);
      expect(res.quotations[0]).not.toHaveProperty('items');
      const row = (await t.http.get(`/v1/quotations?client_id=${c1}&document_kind=proforma&fy_start_year=2025`).set(a.auth).expect(200)).body.data
        .quotations[0];
      expect(row).toMatchObject({ quotation_id: made.apr01, total_amount: 11.8, document_kind: 'proforma' });
    });
  });

  describe('convert-to-invoice', () => {
    it('creates a new invoice (new number, same client, currency and lines, dated today) and leaves the quotation unchanged', async () => {
      const id = await newQuotation(
        a,
        base({
          items: [line('Panel', 3, 1200.5), line('Install', 1, 800, { discount_type: 'percentage', discount_value: 5 })],
          currency: 'USD',
          lut_number: 'LUT-1',
          transport_details: 'Truck',
          discount_type: 'fixed',
          discount_value: 100,
        }),
      );
      const before = await get(a, id);
      const res = await t.http.post(`/v1/quotations/${id}/convert-to-invoice`).set(a.auth).expect(200);
      expect(res.body.data).toEqual({ invoice_id: expect.any(Number), invoice_number: expect.stringMatching(/^INV\//) });
      const invoice = (await t.http.get(`/v1/invoices/${res.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
      const today = todayInKolkata();
      expect(invoice).toMatchObject({
        client_id: clientA,
        currency: 'USD',
        invoice_type: 'local_sale',
        invoice_date: today,
        payment_due_date: today,
        status: 'issued',
        payment_status: 'pending',
        lut_number: 'LUT-1',
        transport_details: 'Truck',
        discount_type: 'fixed',
        discount_value: 100,
        total_amount: before.total_amount,
      });
      const strip = (items: Array<Record<string, unknown>>) => items.map(({ item_id, quotation_id, invoice_id, inventory_id, ...rest }) => rest);
      expect(strip(invoice.items)).toEqual(strip(before.items));
      expect(invoice.items.every((l: { invoice_id: number }) => l.invoice_id === invoice.invoice_id)).toBe(true);
      expect(await get(a, id)).toEqual(before);

      const again = await t.http
        .post(`/v1/quotations/${id}/convert-to-invoice`)
        .set(a.auth)
        .send({ invoice_date: '2025-03-31', payment_due_date: '2025-04-30' })
        .expect(200);
      expect(again.body.data.invoice_id).not.toBe(res.body.data.invoice_id);
      expect(again.body.data.invoice_number).toMatch(/^INV\/24-25\//);
      const second = (await t.http.get(`/v1/invoices/${again.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
      expect(second).toMatchObject({ invoice_date: '2025-03-31', payment_due_date: '2025-04-30' });

      const dueOnly = await t.http.post(`/v1/quotations/${id}/convert-to-invoice`).set(a.auth).send({ payment_due_date: '2025-01-01' }).expect(400);
      expect(Object.keys(dueOnly.body.error.details)).toEqual(['payment_due_date']);
      const badDate = await t.http.post(`/v1/quotations/${id}/convert-to-invoice`).set(a.auth).send({ invoice_date: '2025-02-30' }).expect(400);
      expect(Object.keys(badDate.body.error.details)).toEqual(['invoice_date']);
    });

    it('records converted on the quotation and created on the invoice, with the actor', async () => {
      const id = await newQuotation(a, base({ items: [line('x', 1, 1)] }));
      const number = (await get(a, id)).quotation_number;
      const { invoice_id, invoice_number } = (await t.http.post(`/v1/quotations/${id}/convert-to-invoice`).set(a.auth).expect(200)).body.data;
      await t.http.patch(`/v1/quotations/${id}`).set(a.auth).send({ approval_status: 'approved' }).expect(200);
      await t.http.delete(`/v1/quotations/${id}`).set(a.auth).expect(200);
      const events = await activityOf(t, a.accountId, 'quotation', id);
      expect(events.map((e) => e.action)).toEqual(['created', 'converted', 'updated', 'deleted']);
      for (const e of events) expect(e).toMatchObject({ actor_kind: 'api_key', actor_user_id: null, label: number });
      expect(events[1].after_summary).toEqual({ invoice_id, invoice_number });
      expect(events[2].before_summary).toMatchObject({ approval_status: 'pending' });
      expect(events[2].after_summary).toMatchObject({ approval_status: 'approved' });
      const invoiceEvents = await activityOf(t, a.accountId, 'invoice', invoice_id);
      expect(invoiceEvents).toEqual([expect.objectContaining({ action: 'created', label: invoice_number, actor_kind: 'api_key' })]);
    });
  });

  describe('delete, bulk delete, clients and isolation', () => {
    it('DELETE removes the quotation and its lines; bulk-delete skips foreign and unknown ids', async () => {
      const id = await newQuotation(a, base({ items: [line('x', 1, 1)] }));
      await t.http
        .delete(`/v1/quotations/${id}`)
        .set(a.auth)
        .expect(200, { ok: true, data: { deleted: true } });
      await t.http.get(`/v1/quotations/${id}`).set(a.auth).expect(404);
      expect(await countRows(t, 'SELECT COUNT(*) FROM quotation_items WHERE quotation_id = ?', [id])).toBe(0);

      const mine = [await newQuotation(a, base()), await newQuotation(a, base({ items: [line('y', 1, 1)] }))];
      const theirs = await newQuotation(b, { client_id: clientB, quotation_date: '2025-06-10' });
      const res = await t.http
        .post('/v1/quotations/bulk-delete')
        .set(a.auth)
        .send({ ids: [theirs, ...mine, 77777777] })
        .expect(200);
      expect(res.body.data).toEqual({ deleted: 2, skipped: [theirs, 77777777] });
      await get(b, theirs);
    });

    it('client delete: 409 with quotations, cascade removes them', async () => {
      const client = await createClient(t, a);
      const id = await newQuotation(a, base({ client_id: client, items: [line('x', 1, 1)] }));
      expect((await t.http.delete(`/v1/clients/${client}`).set(a.auth).expect(409)).body.error.code).toBe('conflict');
      await t.http.delete(`/v1/clients/${client}?cascade=true`).set(a.auth).expect(200);
      await t.http.get(`/v1/quotations/${id}`).set(a.auth).expect(404);
      expect(await countRows(t, 'SELECT COUNT(*) FROM quotation_items WHERE quotation_id = ?', [id])).toBe(0);
    });

    it("account B gets 404 on GET, PATCH, DELETE and convert of A's quotation, and never sees it in lists or search", async () => {
      const id = await newQuotation(a, base({ items: [line('Secret', 1, 1)] }));
      const number = (await get(a, id)).quotation_number;
      const invoicesBefore = await countRows(t, 'SELECT COUNT(*) FROM invoices', []);
      for (const res of [
        await t.http.get(`/v1/quotations/${id}`).set(b.auth),
        await t.http.patch(`/v1/quotations/${id}`).set(b.auth).send({ approval_status: 'rejected' }),
        await t.http.delete(`/v1/quotations/${id}`).set(b.auth),
        await t.http.post(`/v1/quotations/${id}/convert-to-invoice`).set(b.auth),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      expect(await countRows(t, 'SELECT COUNT(*) FROM invoices', [])).toBe(invoicesBefore);
      const listed = (await t.http.get('/v1/quotations?limit=200').set(b.auth).expect(200)).body.data.quotations;
      expect(listed.map((q: { quotation_id: number }) => q.quotation_id)).not.toContain(id);
      const searched = (
        await t.http
          .get(`/v1/quotations?search=${encodeURIComponent(number)}`)
          .set(b.auth)
          .expect(200)
      ).body.data;
      expect(searched).toEqual({ quotations: [], total: 0, has_more: false });
      expect((await t.http.get('/v1/quotations?search=Kapoor').set(b.auth).expect(200)).body.data.total).toBe(0);
      expect(await get(a, id)).toMatchObject({ approval_status: 'pending' });
    });
  });
});
