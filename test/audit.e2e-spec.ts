import { startApp, TestAccount, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';
import { createClient, line } from './support/sales-document-helpers';

describe('audit trail', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clerk: { Authorization: string };
  let clerkId: number;
  let viewer: { Authorization: string };

  beforeAll(async () => {
    t = await startApp('audit');
    a = await t.createAccount();
    b = await t.createAccount();
    clientA = await createClient(t, a, 'Sharma Traders');
    const m = mobile(t);
    clerkId = await m.addUser(a.auth, `clerk${a.accountId}`, 'Secret-pass-1', ['invoices', 'clients']);
    await m.addUser(a.auth, `viewer${a.accountId}`, 'Secret-pass-1', ['invoices']);
    clerk = (await m.signIn(`clerk${a.accountId}`, 'Secret-pass-1')).auth;
    viewer = (await m.signIn(`viewer${a.accountId}`, 'Secret-pass-1')).auth;
  });
  afterAll(() => t.close());

  it('shows create, update, pay and delete of an invoice with actor and before/after', async () => {
    const created = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientA, invoice_date: '2025-06-10', payment_due_date: '2025-07-10', items: [line('Design work', 2, 1000)] })
      .expect(201);
    const id = created.body.data.invoice_id as number;
    await t.http
      .patch(`/v1/invoices/${id}`)
      .set(clerk)
      .send({ lr_number: 'LR-1', items: [line('Design work', 3, 1000)] })
      .expect(200);
    await t.http.patch(`/v1/invoices/${id}`).set(clerk).send({ payment_status: 'paid' }).expect(200);
    await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);

    const history = (await t.http.get(`/v1/invoices/${id}/history`).set(viewer).expect(200)).body.data.entries;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
    const [create, update, pay, remove] = history;
    expect(create).toMatchObject({
      actor: { type: 'api_key', user_id: null },
      entity_type: 'invoice',
      entity_id: id,
      label: created.body.data.invoice_number,
      before: null,
      after: { total_amount: '2360.00', payment_status: 'pending', lines: 1 },
      occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(update).toMatchObject({
      actor: { type: 'user', user_id: clerkId, username: `clerk${a.accountId}` },
      before: { total_amount: '2360.00' },
      after: { total_amount: '3540.00' },
    });
    expect(pay).toMatchObject({
      actor: { type: 'user', user_id: clerkId },
      before: { payment_status: 'pending' },
      after: { payment_status: 'paid', paid_amount: '3540.00' },
    });
    expect(remove).toMatchObject({ actor: { type: 'api_key' }, before: { payment_status: 'paid' }, after: null });

    // The account-wide log, filtered, newest first.
    const log = (await t.http.get(`/v1/audit-log?entity_type=invoice&entity_id=${id}`).set(a.auth).expect(200)).body.data;
    expect(log.total).toBe(4);
    expect(log.entries.map((e: { id: number }) => e.id)).toEqual(history.map((e: { id: number }) => e.id).reverse());
    const byClerk = (await t.http.get(`/v1/audit-log?actor=user:${clerkId}`).set(a.auth).expect(200)).body.data;
    expect(byClerk.entries.map((e: { action: string }) => e.action)).toEqual(['updated', 'updated', 'signed_in']);
    const byKey = (await t.http.get(`/v1/audit-log?actor=api_key&entity_type=invoice`).set(a.auth).expect(200)).body.data;
    expect(byKey.entries.map((e: { action: string }) => e.action)).toEqual(['deleted', 'created']);
    const future = (await t.http.get('/v1/audit-log?from=2099-12-31').set(a.auth).expect(200)).body.data;
    expect(future).toEqual({ entries: [], total: 0, has_more: false });
    const paged = (await t.http.get('/v1/audit-log?limit=1&offset=1').set(a.auth).expect(200)).body.data;
    expect(paged.entries).toHaveLength(1);
  });

  describe('an update shows every changed header field and the changed lines', () => {
    type Entry = { action: string; before: Record<string, any>; after: Record<string, any> };
    const lastUpdate = async (path: string, id: number): Promise<Entry> => {
      const entries = (await t.http.get(`/v1/${path}/${id}/history`).set(a.auth).expect(200)).body.data.entries as Entry[];
      return entries.filter((e) => e.action === 'updated').pop()!;
    };
    /** The fields whose value differs between before and after (so an unchanged field never looks changed). */
    const differing = (e: Entry) =>
      [...new Set([...Object.keys(e.before), ...Object.keys(e.after)])].filter((k) => JSON.stringify(e.before[k]) !== JSON.stringify(e.after[k])).sort();

    it('invoices: a PATCH of lr_number, of other header fields, and of the lines', async () => {
      const id = (
        await t.http
          .post('/v1/invoices')
          .set(a.auth)
          .send({
            client_id: clientA,
            invoice_date: '2025-06-10',
            payment_due_date: '2025-07-10',
            items: [line('Design work', 2, 1000), line('Printing', 1, 500)],
          })
          .expect(201)
      ).body.data.invoice_id as number;

      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ lr_number: 'LR-7' }).expect(200);
      let entry = await lastUpdate('invoices', id);
      expect([entry.before.lr_number, entry.after.lr_number]).toEqual([null, 'LR-7']);
      expect(differing(entry)).toEqual(['lr_number']);

      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ transport_details: 'By road', payment_due_date: '2025-07-20', lr_number: 'LR-8', tds_rate: null })
        .expect(200);
      entry = await lastUpdate('invoices', id);
      expect(differing(entry)).toEqual(['lr_number', 'payment_due_date', 'transport_details']);
      expect(entry.after).toMatchObject({ lr_number: 'LR-8', payment_due_date: '2025-07-20', transport_details: 'By road' });
      expect(entry.before).toMatchObject({ lr_number: 'LR-7', payment_due_date: '2025-07-10', transport_details: null });

      // The same lines sent again change nothing.
      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Design work', 2, 1000), line('Printing', 1, 500)] })
        .expect(200);
      entry = await lastUpdate('invoices', id);
      expect(differing(entry)).toEqual([]);
      expect(entry.after).not.toHaveProperty('items');

      // One line changed, one added.
      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Design work', 3, 1000), line('Printing', 1, 500), line('Binding', 4, 25)] })
        .expect(200);
      entry = await lastUpdate('invoices', id);
      expect(differing(entry)).toEqual(['items', 'items_changed', 'lines', 'total_amount']);
      expect(entry.before.items).toEqual([expect.objectContaining({ line: 1 })]);
      expect(Number(entry.before.items[0].quantity)).toBe(2);
      expect(entry.after.items).toEqual([
        expect.objectContaining({ line: 1, total_amount: '3540' }),
        expect.objectContaining({ line: 3, item_description: 'Binding', hsn_code: '998311' }),
      ]);
      expect(Number(entry.after.items[0].quantity)).toBe(3);
      expect(entry.after.items[0]).not.toHaveProperty('item_description'); // unchanged on that line
      expect(entry.after.items_changed).toBe(2);

      // A line removed.
      await t.http
        .patch(`/v1/invoices/${id}`)
        .set(a.auth)
        .send({ items: [line('Design work', 3, 1000), line('Printing', 1, 500)] })
        .expect(200);
      entry = await lastUpdate('invoices', id);
      expect(entry.before.items).toEqual([expect.objectContaining({ line: 3, item_description: 'Binding' })]);
      expect(entry.after).toMatchObject({ items: [], items_changed: 1 });
    });

    it('quotations, proforma invoices and notes: a PATCH of lr_number or the date shows it', async () => {
      const quotation = (
        await t.http
          .post('/v1/quotations')
          .set(a.auth)
          .send({ client_id: clientA, quotation_date: '2025-06-10', items: [line('Survey', 1, 100)] })
          .expect(201)
      ).body.data.quotation_id as number;
      await t.http.patch(`/v1/quotations/${quotation}`).set(a.auth).send({ lr_number: 'LR-Q', quotation_date: '2025-06-09' }).expect(200);
      const q = await lastUpdate('quotations', quotation);
      expect(differing(q)).toEqual(['lr_number', 'quotation_date']);
      expect(q.after).toMatchObject({ lr_number: 'LR-Q', quotation_date: '2025-06-09' });

      const proforma = (
        await t.http
          .post('/v1/proforma-invoices')
          .set(a.auth)
          .send({ client_id: clientA, proforma_date: '2025-06-10', items: [line('Survey', 1, 100)] })
          .expect(200)
      ).body.data.proforma_invoice_id as number;
      await t.http.patch(`/v1/proforma-invoices/${proforma}`).set(a.auth).send({ declaration_text: 'Valid for 7 days' }).expect(200);
      expect(differing(await lastUpdate('proforma-invoices', proforma))).toEqual(['declaration_text']);

      const note = (
        await t.http
          .post('/v1/debit-notes')
          .set(a.auth)
          .send({ client_id: clientA, debit_note_date: '2025-06-10', items: [{ description: 'Freight', amount: 100 }] })
          .expect(201)
      ).body.data.debit_note_id as number;
      await t.http.patch(`/v1/debit-notes/${note}`).set(a.auth).send({ lr_number: 'LR-D' }).expect(200);
      const d = await lastUpdate('debit-notes', note);
      expect(differing(d)).toEqual(['lr_number']);
      expect(d.after.lr_number).toBe('LR-D');
      await t.http
        .patch(`/v1/debit-notes/${note}`)
        .set(a.auth)
        .send({ items: [{ description: 'Freight and loading', amount: 150 }] })
        .expect(200);
      const lines = await lastUpdate('debit-notes', note);
      expect(lines.before.items).toEqual([expect.objectContaining({ line: 1, description: 'Freight', amount: '100.00' })]);
      expect(lines.after.items).toEqual([expect.objectContaining({ line: 1, description: 'Freight and loading' })]);
    });
  });

  it("is the account's own: another account sees none of it; a document without history is not found", async () => {
    const mine = (await t.http.get('/v1/audit-log?entity_type=invoice').set(a.auth).expect(200)).body.data.entries;
    const id = mine[0].entity_id as number;
    expect(
      (await t.http.get('/v1/audit-log').set(b.auth).expect(200)).body.data.entries.every((e: { entity_type: string }) => e.entity_type !== 'invoice'),
    ).toBe(true);
    await t.http.get(`/v1/invoices/${id}/history`).set(b.auth).expect(404);
    await t.http.get('/v1/quotations/999999/history').set(a.auth).expect(404);
  });

  it('needs the settings permission for the whole log; bad filters are 400', async () => {
    const res = await t.http.get('/v1/audit-log').set(clerk).expect(403);
    expect(res.body.error.details).toEqual({ permission: 'settings' });
    await t.http.get('/v1/audit-log?actor=someone').set(a.auth).expect(400);
    await t.http.get('/v1/audit-log?from=yesterday').set(a.auth).expect(400);
    await t.http.get('/v1/audit-log?entity_type=nothing').set(a.auth).expect(400);
  });

  it('is append-only: no route changes or deletes it', async () => {
    const entry = (await t.http.get('/v1/audit-log').set(a.auth).expect(200)).body.data.entries[0];
    for (const path of ['/v1/audit-log', `/v1/audit-log/${entry.id}`]) {
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        const res = await t.http[method](path).set(a.auth).send({});
        expect(res.status).toBe(404);
      }
    }
    const after = (await t.http.get('/v1/audit-log').set(a.auth).expect(200)).body.data;
    expect(after.entries[0]).toEqual(entry);
  });
});
