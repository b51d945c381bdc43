import { startApp, TestAccount, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';
import { activityOf, countRows, createClient, line, todayInKolkata } from './support/sales-document-helpers';

describe('invoices', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('invoices');
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme.invoices@example.com', gstin: '27AAPFU0939F1ZV' });
    // A business with an address: its invoices carry no supplier_address_missing warning.
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune 411001' }).expect(200);
    b = await t.createAccount({ currency: 'USD' });
    clientA = await createClient(t, a, 'Sharma Traders');
    clientB = await createClient(t, b, 'Other Business');
  });
  afterAll(() => t.close());

  const create = (account: TestAccount, body: object) => t.http.post('/v1/invoices').set(account.auth).send(body);
  const get = async (account: TestAccount, id: number) => (await t.http.get(`/v1/invoices/${id}`).set(account.auth).expect(200)).body.data;
  const base = (extra: object = {}) => ({ client_id: clientA, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', ...extra });
  const newInvoice = async (account: TestAccount, body: object) => (await create(account, body).expect(201)).body.data.invoice_id as number;

  describe('create and read', () => {
    it('creates with 201 {invoice_id, message} and reads back every field with the defaults', async () => {
      const res = await create(
        a,
        base({ items: [line('Design work', 2, 1000)], lut_number: 'AD270325000123X', transport_details: 'By road', lr_number: 'LR-77' }),
      ).expect(201);
      expect(res.body).toEqual({
        ok: true,
        data: {
          invoice_id: expect.any(Number),
          invoice_number: expect.stringMatching(/^INV\/25-26\/\d{4}$/),
          message: expect.any(String),
          tax_warnings: [],
        },
      });
      const invoice = await get(a, res.body.data.invoice_id);
      expect(invoice).toEqual({
        invoice_id: res.body.data.invoice_id,
        client_id: clientA,
        invoice_number: res.body.data.invoice_number,
        invoice_date: '2025-06-10',
        payment_due_date: '2025-07-10',
        payment_status: 'pending',
        status: 'issued',
        currency: 'INR',
        exchange_rate: null,
        invoice_type: 'local_sale',
        lut_number: 'AD270325000123X',
        declaration_text: null,
        paid_amount: 0,
        payment_date: null,
        transport_details: 'By road',
        lr_number: 'LR-77',
        tds_section_id: null,
        tds_rate: null,
        tds_amount: null,
        delivery_address: null,
        destination_country: null,
        ship_to_gstin: null,
        ship_to_name: null,
        discount_type: null,
        discount_value: null,
        place_of_supply: '27',
        supply_type: 'b2c',
        reverse_charge: false,
        round_off: null,
        ecommerce_gstin: null,
        ecommerce_section: null,
        supplier: expect.objectContaining({ name: 'Acme Traders', gstin: '27AAPFU0939F1ZV', state_code: '27' }),
        tax_warnings: [],
        total_amount: 2360,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        updated_at: expect.any(String),
        items: [
          {
            item_id: expect.any(Number),
            invoice_id: res.body.data.invoice_id,
            item_description: 'Design work',
            hsn_code: '998311',
            quantity: 2,
            rate: 1000,
            tax_rate: 18,
            cgst_amount: 180,
            sgst_amount: 180,
            igst_amount: 0,
            total_amount: 2360,
            discount_type: null,
            discount_value: null,
            inventory_id: null,
            unit: null,
            taxable_value: 2000,
            header_discount: 0,
            cess_rate: null,
            cess_amount: 0,
          },
        ],
      });
    });

    it('defaults currency to the account currency and invoice_type to bill_of_supply without a GSTIN', async () => {
      const id = await newInvoice(b, { client_id: clientB, invoice_date: '2025-06-10', payment_due_date: '2025-06-10' });
      const invoice = await get(b, id);
      expect(invoice).toMatchObject({ currency: 'USD', invoice_type: 'bill_of_supply', items: [], total_amount: 0 });
    });

    it('stores TDS and discount header fields; the header discount comes off the lines before tax', async () => {
      const computed = (description: string) => ({ item_description: description, hsn_code: '998311', quantity: 1, rate: 1000, tax_rate: 18 });
      const id = await newInvoice(
        a,
        base({
          items: [computed('A'), computed('B')], // 900 + 81 + 81 each: 1062 + 1062
          discount_type: 'percentage',
          discount_value: 10,
          tds_section_id: 3,
          tds_rate: 2,
          tds_amount: 40,
          currency: 'usd',
        }),
      );
      expect(await get(a, id)).toMatchObject({
        discount_type: 'percentage',
        discount_value: 10,
        tds_section_id: 3,
        tds_rate: 2,
        tds_amount: 40,
        total_amount: 2124,
        currency: 'USD',
      });
      // A fixed 80.50 off 1,000 leaves 919.50, with CGST and SGST of 82.76 each (9% of 919.50 is 82.755).
      const fixed = await newInvoice(a, base({ items: [computed('A')], discount_type: 'fixed', discount_value: 80.5 }));
      expect(await get(a, fixed)).toMatchObject({
        discount_type: 'fixed',
        discount_value: 80.5,
        total_amount: 1085.02,
        items: [expect.objectContaining({ taxable_value: 919.5, header_discount: 80.5, cgst_amount: 82.76, sgst_amount: 82.76, total_amount: 1085.02 })],
      });
    });

    it('drops lines with a missing or blank description, keeps the others in the order sent, amounts as sent', async () => {
      const id = await newInvoice(
        a,
        base({
          items: [
            line('First', 1.5, 99.99),
            line('   ', 1, 1),
            { quantity: 3, rate: 5 },
            line(null, 1, 1),
            { item_description: '', quantity: 'not a number' },
            line('  Second  ', 1, 10, { discount_type: 'fixed', discount_value: 1, hsn_code: 9983 }),
            { item_description: 'Third', total_amount: '12.34', cgst_amount: '0.01', quantity: '0.125' },
          ],
        }),
      );
      const invoice = await get(a, id);
      expect(invoice.items.map((l: { item_description: string }) => l.item_description)).toEqual(['First', 'Second', 'Third']);
      const ids = invoice.items.map((l: { item_id: number }) => l.item_id);
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
      expect(invoice.items.every((l: { invoice_id: number }) => l.invoice_id === id)).toBe(true);
      expect(invoice.items[0]).toMatchObject({ quantity: 1.5, rate: 99.99, total_amount: 176.98 });
      expect(invoice.items[1]).toMatchObject({ hsn_code: '9983', discount_type: 'fixed', discount_value: 1 });
      expect(invoice.items[2]).toMatchObject({ quantity: 0.125, rate: 0, total_amount: 12.34, cgst_amount: 0.01, sgst_amount: 0, hsn_code: '' });
      expect(invoice.total_amount).toBe(201.12);
    });

    it('an empty items array or only dropped lines creates an invoice with no lines', async () => {
      for (const items of [[], [{ item_description: '  ' }, {}]]) {
        const id = await newInvoice(a, base({ items }));
        expect(await get(a, id)).toMatchObject({ items: [], total_amount: 0 });
      }
    });
  });

  describe('validation', () => {
    it('requires client_id, invoice_date and payment_due_date, keyed by field', async () => {
      const res = await create(a, {}).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.details).sort()).toEqual(['client_id', 'invoice_date', 'payment_due_date']);
    });

    it.each([
      ['status', 'paid'],
      ['status', 'DRAFT'],
      ['payment_status', 'unpaid'],
      ['currency', 'XYZ'],
      ['currency', 'RUPEES'],
      ['invoice_type', 'retail'],
      ['discount_type', 'flat'],
      ['invoice_date', '2025-02-30'],
      ['invoice_date', '10-06-2025'],
      ['payment_due_date', '2025-06-09'],
      ['payment_date', '2025/06/10'],
      ['paid_amount', -5],
      ['tds_rate', 101],
      ['client_id', 'abc'],
      ['items', 'nope'],
    ])('rejects %s = %p with details keyed by that field', async (field, value) => {
      const before = await countRows(t, 'SELECT COUNT(*) FROM invoices WHERE account_id = ?', [a.accountId]);
      const res = await create(a, base({ [field]: value })).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.details)).toEqual([field]);
      expect(await countRows(t, 'SELECT COUNT(*) FROM invoices WHERE account_id = ?', [a.accountId])).toBe(before);
    });

    it('rejects bad line fields keyed items.<index>.<field>, but never a line it drops', async () => {
      const res = await create(a, base({ items: [line('ok', 1, 1), line('bad', 1, 1, { discount_type: 'bogus', quantity: 'x' })] })).expect(400);
      expect(Object.keys(res.body.error.details).sort()).toEqual(['items.1.discount_type', 'items.1.quantity']);
      await create(a, base({ items: [line('ok', 1, 1), { item_description: ' ', discount_type: 'bogus', quantity: 'x' }] })).expect(201);
    });

    it('lists every supported currency in the OpenAPI contract', async () => {
      const doc = (await t.http.get('/v1/openapi.json').expect(200)).body;
      const schema = doc.components.schemas.CreateInvoiceDto.properties.currency;
      expect(schema.enum).toEqual(expect.arrayContaining(['INR', 'USD', 'EUR']));
    });
  });

  describe('payment rules', () => {
    const items = [line('Work', 1, 1000)]; // total 1180

    it('paid sets paid_amount to the receivable (total less TDS) and payment_date to today or the date sent', async () => {
      const id = await newInvoice(a, base({ items, payment_status: 'paid', paid_amount: 1, tds_amount: 20 }));
      expect(await get(a, id)).toMatchObject({ payment_status: 'paid', paid_amount: 1160, payment_date: todayInKolkata() });
      const dated = await newInvoice(a, base({ items, payment_status: 'paid', payment_date: '2025-06-15' }));
      expect(await get(a, dated)).toMatchObject({ paid_amount: 1180, payment_date: '2025-06-15' });
    });

    it('partial needs 0 < paid_amount < receivable; both bounds are rejected', async () => {
      for (const paid of [0, 1160, 1180, 5000]) {
        const res = await create(a, base({ items, payment_status: 'partial', paid_amount: paid, tds_amount: 20 })).expect(400);
        expect(Object.keys(res.body.error.details)).toEqual(['paid_amount']);
      }
      const missing = await create(a, base({ items, payment_status: 'partial' })).expect(400);
      expect(missing.body.error.details).toHaveProperty('paid_amount');
      const id = await newInvoice(a, base({ items, payment_status: 'partial', paid_amount: 1159.99, tds_amount: 20 }));
      expect(await get(a, id)).toMatchObject({ payment_status: 'partial', paid_amount: 1159.99, payment_date: todayInKolkata() });
      const low = await newInvoice(a, base({ items, payment_status: 'partial', paid_amount: 0.01, payment_date: '2025-06-20' }));
      expect(await get(a, low)).toMatchObject({ paid_amount: 0.01, payment_date: '2025-06-20' });
    });

    it('pending (and overdue) clear paid_amount and payment_date', async () => {
      const id = await newInvoice(a, base({ items, payment_status: 'pending', paid_amount: 500, payment_date: '2025-06-20' }));
      expect(await get(a, id)).toMatchObject({ payment_status: 'pending', paid_amount: 0, payment_date: null });
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
      expect(await get(a, id)).toMatchObject({ paid_amount: 1180, payment_date: todayInKolkata() });
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'overdue' }).expect(200);
      expect(await get(a, id)).toMatchObject({ payment_status: 'overdue', paid_amount: 0, payment_date: null });
    });

    it('are re-applied on PATCH: a paid invoice follows its new lines; partial is checked against the new receivable', async () => {
      const id = await newInvoice(a, base({ items, payment_status: 'paid', payment_date: '2025-06-12' }));
      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Work', 2, 1000)] })
        .expect(200);
      expect(await get(a, id)).toMatchObject({ total_amount: 2360, paid_amount: 2360, payment_date: '2025-06-12' });
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'partial', paid_amount: 100 }).expect(200);
      const res = await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Tiny', 1, 10)] })
        .expect(400);
      expect(res.body.error.details).toHaveProperty('paid_amount');
      expect(await get(a, id)).toMatchObject({ payment_status: 'partial', paid_amount: 100, total_amount: 2360 });
    });
  });

  describe('PATCH', () => {
    it('merges the fields sent, keeps lines unless items is sent, and keeps the number when the date changes', async () => {
      const id = await newInvoice(a, base({ items: [line('One', 1, 100), line('Two', 1, 200)], lr_number: 'LR-1', declaration_text: 'Thanks' }));
      const before = await get(a, id);
      const res = await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ status: 'archived', lr_number: null, invoice_date: '2026-04-02', payment_due_date: '2026-04-30' })
        .expect(200);
      expect(res.body).toEqual({ ok: true, data: { invoice_id: id, tax_warnings: [] } });
      const after = await get(a, id);
      expect(after).toMatchObject({
        status: 'archived',
        lr_number: null,
        declaration_text: 'Thanks',
        invoice_date: '2026-04-02',
        invoice_number: before.invoice_number,
        client_id: clientA,
        currency: 'INR',
      });
      expect(after.items).toEqual(before.items);

      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Three', 1, 300)] })
        .expect(200);
      const replaced = await get(a, id);
      expect(replaced.items.map((l: { item_description: string }) => l.item_description)).toEqual(['Three']);
      expect(replaced.total_amount).toBe(354);
      expect(await countRows(t, 'SELECT COUNT(*) FROM invoice_items WHERE invoice_id = ?', [id])).toBe(1);

      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ items: [] }).expect(200);
      expect(await get(a, id)).toMatchObject({ items: [], total_amount: 0 });
    });

    it('validates the merged invoice (due date before the stored invoice date, nulled required fields, bad enums)', async () => {
      const id = await newInvoice(a, base());
      for (const [body, field] of [
        [{ payment_due_date: '2025-06-01' }, 'payment_due_date'],
        [{ invoice_date: '2025-08-01' }, 'payment_due_date'],
        [{ invoice_date: null }, 'invoice_date'],
        [{ client_id: null }, 'client_id'],
        [{ payment_status: 'done' }, 'payment_status'],
        [{ currency: 'ABC' }, 'currency'],
      ] as const) {
        const res = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send(body).expect(400);
        expect(Object.keys(res.body.error.details)).toEqual([field]);
      }
    });

    it('rejects a client of another account with 404 keyed client_id and stores nothing', async () => {
      const id = await newInvoice(a, base());
      const res = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ client_id: clientB }).expect(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', details: { client_id: clientB } });
      expect((await get(a, id)).client_id).toBe(clientA);
    });
  });

  describe('clients of documents', () => {
    it('a client_id of another account is 404 not_found keyed client_id, never stored', async () => {
      const before = await countRows(t, 'SELECT COUNT(*) FROM invoices', []);
      const res = await create(a, base({ client_id: clientB })).expect(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: expect.any(String), details: { client_id: clientB } });
      await create(a, base({ client_id: 987654 })).expect(404);
      expect(await countRows(t, 'SELECT COUNT(*) FROM invoices', [])).toBe(before);
    });

    it('deleting a client with invoices is 409 conflict; cascade removes the invoices and their lines', async () => {
      const client = await createClient(t, a, 'Short Lived');
      const ids = [
        await newInvoice(a, base({ client_id: client, items: [line('x', 1, 1)] })),
        await newInvoice(a, base({ client_id: client, items: [line('y', 1, 1)] })),
      ];
      const res = await t.http.delete(`/v1/clients/${client}`).set(a.auth).expect(409);
      expect(res.body.error.code).toBe('conflict');
      await get(a, ids[0]);
      await t.http.delete(`/v1/clients/${client}?cascade=1`).set(a.auth).expect(200);
      for (const id of ids) await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(404);
      expect(await countRows(t, `SELECT COUNT(*) FROM invoice_items WHERE invoice_id IN (${ids.join(',')})`, [])).toBe(0);
    });
  });

  describe('delete', () => {
    it('DELETE removes the invoice and its lines', async () => {
      const id = await newInvoice(a, base({ items: [line('x', 1, 1), line('y', 1, 1)] }));
      await t.http
        .delete(`/v1/invoices/${id}`)
        .set(a.auth)
        .expect(200, { ok: true, data: { deleted: true } });
      await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(404);
      await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(404);
      expect(await countRows(t, 'SELECT COUNT(*) FROM invoice_items WHERE invoice_id = ?', [id])).toBe(0);
    });

    it("bulk-delete deletes the account's invoices and lists foreign and unknown ids in skipped", async () => {
      const mineIds = [await newInvoice(a, base({ items: [line('x', 1, 1)] })), await newInvoice(a, base())];
      const theirs = await newInvoice(b, { client_id: clientB, invoice_date: '2025-06-10', payment_due_date: '2025-06-10' });
      const res = await t.http
        .post('/v1/invoices/bulk-delete')
        .set(a.auth)
        .send({ ids: [...mineIds, theirs, 99999999, mineIds[0]] })
        .expect(200);
      expect(res.body.data).toEqual({ deleted: 2, skipped: [theirs, 99999999] });
      for (const id of mineIds) await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(404);
      await get(b, theirs);
      const bad = await t.http.post('/v1/invoices/bulk-delete').set(a.auth).send({ ids: [] }).expect(400);
      expect(bad.body.error.details).toHaveProperty('ids');
    });
  });

  describe('isolation between accounts', () => {
    it("account B gets 404 on GET, PATCH and DELETE of A's invoice and never sees it in lists or search", async () => {
      const id = await newInvoice(a, base({ items: [line('Secret', 1, 1)] }));
      const number = (await get(a, id)).invoice_number;
      for (const res of [
        await t.http.get(`/v1/invoices/${id}`).set(b.auth),
        await t.http.patch(`/v1/invoices/${id}`).set(b.auth).send({ status: 'draft' }),
        await t.http.delete(`/v1/invoices/${id}`).set(b.auth),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      const listed = (await t.http.get('/v1/invoices?limit=200').set(b.auth).expect(200)).body.data;
      expect(listed.invoices.map((i: { invoice_id: number }) => i.invoice_id)).not.toContain(id);
      expect(listed.invoices.every((i: { client_id: number }) => i.client_id === clientB)).toBe(true);
      const searched = (
        await t.http
          .get(`/v1/invoices?search=${encodeURIComponent(number)}`)
          .set(b.auth)
          .expect(200)
      ).body.data;
      expect(searched.invoices.map((i: { invoice_id: number }) => i.invoice_id)).not.toContain(id);
      const byName = (await t.http.get('/v1/invoices?search=Sharma').set(b.auth).expect(200)).body.data;
      expect(byName).toEqual({ invoices: [], total: 0, has_more: false });
      expect(await get(a, id)).toMatchObject({ status: 'issued' });
    });
  });

  describe('activity', () => {
    it('records created, updated and deleted events with the actor, the number and a before/after summary', async () => {
      const res = await create(a, base({ items: [line('Audit', 1, 100)] })).expect(201);
      const { invoice_id: id, invoice_number: number } = res.body.data;
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
      await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
      const events = await activityOf(t, a.accountId, 'invoice', id);
      expect(events.map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
      for (const e of events) expect(e).toMatchObject({ account_id: a.accountId, actor_kind: 'api_key', actor_user_id: null, label: number });
      expect(events[0].after_summary).toMatchObject({ client_id: clientA, status: 'issued', total_amount: '118.00', lines: 1 });
      expect(events[1].before_summary).toMatchObject({ status: 'issued' });
      expect(events[1].after_summary).toMatchObject({ status: 'cancelled' });
      expect(events[2].before_summary).toMatchObject({ status: 'cancelled' });
    });

    it('names a signed-in user as the actor; a user without the invoices permission gets 403', async () => {
      const owner = await t.createAccount({ username: 'invoice.owner', password: 'Str0ng!Pass' });
      const ownerClient = await createClient(t, owner);
      const m = mobile(t);
      const session = await m.signIn('invoice.owner', 'Str0ng!Pass');
      const id = (
        await t.http
          .post('/v1/invoices')
          .set(session.auth)
          .send({ client_id: ownerClient, invoice_date: '2025-06-10', payment_due_date: '2025-06-10' })
          .expect(201)
      ).body.data.invoice_id;
      expect(await activityOf(t, owner.accountId, 'invoice', id)).toEqual([
        expect.objectContaining({ action: 'created', actor_kind: 'user', actor_user_id: owner.userId }),
      ]);
      await m.addUser(owner.auth, 'quotes.only', 'Str0ng!Pass', ['quotations']);
      const limited = await m.signIn('quotes.only', 'Str0ng!Pass');
      expect((await t.http.get(`/v1/invoices/${id}`).set(limited.auth).expect(403)).body.error.code).toBe('forbidden');
      await t.http.get('/v1/quotations').set(limited.auth).expect(200);
      await t.http.get('/v1/proforma-invoices').set(limited.auth).expect(403);
    });

    it('a failed create writes neither an invoice nor an event', async () => {
      const before = await countRows(t, "SELECT COUNT(*) FROM activity_events WHERE account_id = ? AND entity_type = 'invoice'", [a.accountId]);
      await create(a, base({ client_id: clientB })).expect(404);
      expect(await countRows(t, "SELECT COUNT(*) FROM activity_events WHERE account_id = ? AND entity_type = 'invoice'", [a.accountId])).toBe(before);
    });
  });

  describe('inventory links', () => {
    it('a line linked to a product of the account takes its stock; edits move the difference; delete gives it back', async () => {
      const item = (await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Router', rate: 1000, type: 'product', quantity: 10 }).expect(201)).body.data
        .inventory_id;
      const stock = async () => (await t.http.get(`/v1/inventory/${item}`).set(a.auth).expect(200)).body.data.quantity;
      const res = await create(a, base({ items: [line('Router', 3, 1000, { inventory_id: item }), line('Setup', 1, 500)] })).expect(201);
      const id = res.body.data.invoice_id;
      expect(await stock()).toBe(7);
      expect((await get(a, id)).items.map((l: { inventory_id: number | null }) => l.inventory_id)).toEqual([item, null]);
      const moves = (await t.http.get(`/v1/inventory/${item}/movements`).set(a.auth).expect(200)).body.data.movements;
      expect(moves[0]).toMatchObject({ quantity_delta: -3, quantity_after: 7, source_type: 'invoice', source_label: res.body.data.invoice_number });

      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Router', 5, 1000, { inventory_id: item })] })
        .expect(200);
      expect(await stock()).toBe(5);
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ status: 'archived' }).expect(200);
      expect(await stock()).toBe(5);
      await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
      expect(await stock()).toBe(10);
    });

    it('an inventory item of another account is rejected keyed by the line, and nothing is stored', async () => {
      const theirs = (await t.http.post('/v1/inventory').set(b.auth).send({ name: 'Theirs', rate: 10, type: 'product', quantity: 4 }).expect(201)).body.data
        .inventory_id;
      const before = await countRows(t, 'SELECT COUNT(*) FROM invoices WHERE account_id = ?', [a.accountId]);
      const res = await create(a, base({ items: [line('Theirs', 1, 10, { inventory_id: theirs })] })).expect(400);
      expect(Object.keys(res.body.error.details)).toEqual(['items.0.inventory_id']);
      expect(await countRows(t, 'SELECT COUNT(*) FROM invoices WHERE account_id = ?', [a.accountId])).toBe(before);
      expect((await t.http.get(`/v1/inventory/${theirs}`).set(b.auth).expect(200)).body.data.quantity).toBe(4);
    });
  });
});
