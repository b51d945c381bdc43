import { backfillStatusPayments } from '@app/infra/database/migrations/1732002200000-payments';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { activityOf, createClient, line } from './support/sales-document-helpers';

/** An invoice line of `taxable` rupees at 18% (CGST + SGST): its total is taxable x 1.18. */
const lineOf = (taxable: number) => line('Consulting', 1, taxable);

describe('payments: receipts, allocations and advances', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let client: number;
  let other: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('payments');
    a = await t.createAccount({ name: 'Sharma Steel' });
    b = await t.createAccount({ name: 'Other Business' });
    client = await createClient(t, a, 'Kapoor Exports');
    other = await createClient(t, a, 'Deccan Silk');
    clientB = await createClient(t, b, 'Bhatia Stores');
  });
  afterAll(() => t.close());

  const invoice = async (who: TestAccount, clientId: number, taxable: number, extra: object = {}) =>
    (
      await t.http
        .post('/v1/invoices')
        .set(who.auth)
        .send({ client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items: [lineOf(taxable)], ...extra })
        .expect(201)
    ).body.data.invoice_id as number;
  const readInvoice = async (id: number, who = a) => (await t.http.get(`/v1/invoices/${id}`).set(who.auth).expect(200)).body.data;
  const pay = (body: object, who = a) => t.http.post('/v1/payments').set(who.auth).send(body);
  const payOk = async (body: object, who = a) => (await pay(body, who).expect(201)).body.data;
  const readPayment = async (id: number, who = a) => (await t.http.get(`/v1/payments/${id}`).set(who.auth).expect(200)).body.data;
  const credit = async (clientId: number, who = a) => (await t.http.get(`/v1/clients/${clientId}`).set(who.auth).expect(200)).body.data.credit_balance;
  const settled = (i: Record<string, unknown>) => ({ payment_status: i.payment_status, paid_amount: i.paid_amount, payment_date: i.payment_date });

  describe('one receipt over three invoices, the rest an advance applied later', () => {
    let first: number;
    let second: number;
    let third: number;
    let later: number;
    let receipt: { payment_id: number; unallocated_amount: number; receipt_number: string | null; allocation_ids: number[] };

    beforeAll(async () => {
      first = await invoice(a, client, 1000); // 1180.00
      second = await invoice(a, client, 2000); // 2360.00
      third = await invoice(a, client, 5000); // 5900.00
      later = await invoice(a, client, 1500, { invoice_date: '2025-06-20', payment_due_date: '2025-07-20' }); // 1770.00
      receipt = await payOk({
        client_id: client,
        amount: 8000,
        payment_date: '2025-06-10',
        mode: 'neft',
        reference: 'UTR 4521 7788',
        allocations: [
          { document_type: 'invoice', document_id: first, amount: 1180 },
          { document_type: 'invoice', document_id: second, amount: 2360 },
          { document_type: 'invoice', document_id: third, amount: 3000 },
        ],
      });
    });

    it('settles two invoices, leaves the third partly paid, and keeps the remainder as an advance with a voucher number', async () => {
      expect(receipt).toEqual({
        payment_id: expect.any(Number),
        unallocated_amount: 1460,
        receipt_number: 'RV/25-26/0001',
        allocation_ids: [expect.any(Number), expect.any(Number), expect.any(Number)],
      });
      expect(settled(await readInvoice(first))).toEqual({ payment_status: 'paid', paid_amount: 1180, payment_date: '2025-06-10' });
      expect(settled(await readInvoice(second))).toEqual({ payment_status: 'paid', paid_amount: 2360, payment_date: '2025-06-10' });
      expect(settled(await readInvoice(third))).toEqual({ payment_status: 'partial', paid_amount: 3000, payment_date: '2025-06-10' });
      expect(settled(await readInvoice(later))).toEqual({ payment_status: 'pending', paid_amount: 0, payment_date: null });
      expect(await credit(client)).toBe(1460);
      expect(await credit(other)).toBe(0);
      const payment = await readPayment(receipt.payment_id);
      expect(payment).toMatchObject({
        payment_id: receipt.payment_id,
        client_id: client,
        amount: 8000,
        tds_amount: 0,
        currency: 'INR',
        payment_date: '2025-06-10',
        mode: 'neft',
        reference: 'UTR 4521 7788',
        receipt_number: 'RV/25-26/0001',
        source: 'receipt',
        allocated_amount: 6540,
        unallocated_amount: 1460,
      });
      expect(payment.allocations.map((x: Record<string, unknown>) => [x.document_id, x.document_number, x.amount, x.allocation_date])).toEqual([
        [first, expect.stringMatching(/^INV\/25-26\/\d{4}$/), 1180, '2025-06-10'],
        [second, expect.any(String), 2360, '2025-06-10'],
        [third, expect.any(String), 3000, '2025-06-10'],
      ]);
    });

    it('applies the advance to a later invoice on the date it is applied', async () => {
      const applied = await t.http
        .post(`/v1/payments/${receipt.payment_id}/allocations`)
        .set(a.auth)
        .send({ allocations: [{ document_type: 'invoice', document_id: later, amount: 1460 }], allocation_date: '2025-06-25' })
        .expect(201);
      expect(applied.body.data).toEqual({
        payment_id: receipt.payment_id,
        unallocated_amount: 0,
        receipt_number: 'RV/25-26/0001',
        allocation_ids: [expect.any(Number)],
      });
      expect(settled(await readInvoice(later))).toEqual({ payment_status: 'partial', paid_amount: 1460, payment_date: '2025-06-25' });
      expect(await credit(client)).toBe(0);
      // Nothing is left to apply: the next allocation is refused, naming the field.
      const none = await t.http
        .post(`/v1/payments/${receipt.payment_id}/allocations`)
        .set(a.auth)
        .send({ allocations: [{ document_type: 'invoice', document_id: third, amount: 1 }] })
        .expect(400);
      expect(none.body.error).toMatchObject({ code: 'validation_error', details: { allocations: expect.stringContaining('more than the 0.00') } });
    });

    it('lists payments with filters and total; the audit trail and the invoice history show the allocation', async () => {
      const all = (await t.http.get(`/v1/payments?client_id=${client}`).set(a.auth).expect(200)).body.data;
      expect(all.total).toBe(1);
      expect(all.payments[0]).toMatchObject({ payment_id: receipt.payment_id, unallocated_amount: 0 });
      expect(all.payments[0].allocations).toBeUndefined();
      expect((await t.http.get('/v1/payments?mode=cash').set(a.auth).expect(200)).body.data).toEqual({ payments: [], total: 0, has_more: false });
      expect((await t.http.get('/v1/payments?fy_start_year=2024').set(a.auth).expect(200)).body.data.total).toBe(0);
      expect((await t.http.get('/v1/payments?date_from=2025-06-10&date_to=2025-06-10').set(a.auth).expect(200)).body.data.total).toBe(1);
      const events = await activityOf(t, a.accountId, 'payment', receipt.payment_id);
      expect(events.map((e) => e.action)).toEqual(['created', 'updated']);
      expect(events[0].after_summary).toMatchObject({ amount: '8000.00', unallocated_amount: '1460.00', receipt_number: 'RV/25-26/0001' });
      const history = (await t.http.get(`/v1/invoices/${first}/history`).set(a.auth).expect(200)).body.data.entries;
      expect(history.at(-1)).toMatchObject({
        action: 'updated',
        before: { payment_status: 'pending', paid_amount: '0.00' },
        after: { payment_status: 'paid', paid_amount: '1180.00', payment_id: receipt.payment_id },
      });
    });

    it('deleting one allocation, then the payment, gives every invoice and the credit back', async () => {
      const payment = await readPayment(receipt.payment_id);
      const toLater = payment.allocations.find((x: { document_id: number }) => x.document_id === later);
      const removed = await t.http.delete(`/v1/payments/${receipt.payment_id}/allocations/${toLater.allocation_id}`).set(a.auth).expect(200);
      expect(removed.body.data).toEqual({ deleted: true, unallocated_amount: 1460 });
      expect(settled(await readInvoice(later))).toEqual({ payment_status: 'pending', paid_amount: 0, payment_date: null });
      expect(await credit(client)).toBe(1460);

      await t.http
        .delete(`/v1/payments/${receipt.payment_id}`)
        .set(a.auth)
        .expect(200, { ok: true, data: { deleted: true } });
      for (const id of [first, second, third, later])
        expect(settled(await readInvoice(id))).toEqual({ payment_status: 'pending', paid_amount: 0, payment_date: null });
      expect(await credit(client)).toBe(0);
      await t.http.get(`/v1/payments/${receipt.payment_id}`).set(a.auth).expect(404);
      const [row] = await t.dataSource.query('SELECT COUNT(*) AS n FROM payment_allocations WHERE account_id = ?', [a.accountId]);
      expect(Number(row.n)).toBe(0);
    });
  });

  describe('the spec’s path: a PATCH of payment_status and the ledger agree', () => {
    it('paid records a payment of mode other for the receivable, partial changes it, pending removes it', async () => {
      const id = await invoice(a, other, 1000, { tds_amount: 100 }); // 1180.00, receivable 1080.00
      const ledger = async () =>
        (await t.http.get(`/v1/payments?client_id=${other}`).set(a.auth).expect(200)).body.data.payments as Array<Record<string, unknown>>;

      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid', payment_date: '2025-06-02' }).expect(200);
      const header = await readInvoice(id);
      expect(settled(header)).toEqual({ payment_status: 'paid', paid_amount: 1080, payment_date: '2025-06-02' });
      let payments = await ledger();
      expect(payments).toEqual([
        expect.objectContaining({
          mode: 'other',
          source: 'payment_status',
          source_document_type: 'invoice',
          source_document_id: id,
          amount: 1080,
          unallocated_amount: 0,
          payment_date: '2025-06-02',
          receipt_number: null,
        }),
      ]);
      const made = await readPayment(payments[0].payment_id as number);
      expect(made.allocations).toEqual([expect.objectContaining({ document_id: id, amount: 1080, allocation_date: '2025-06-02' })]);

      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'partial', paid_amount: 400 }).expect(200);
      expect(settled(await readInvoice(id))).toMatchObject({ payment_status: 'partial', paid_amount: 400 });
      payments = await ledger();
      expect(payments.map((p) => [p.amount, p.source])).toEqual([[400, 'payment_status']]);

      // A receipt beside it: the header may not say less was paid than receipts paid.
      const receipt = await payOk({
        client_id: other,
        amount: 500,
        payment_date: '2025-06-05',
        mode: 'upi',
        allocations: [{ document_type: 'invoice', document_id: id, amount: 500 }],
      });
      expect(settled(await readInvoice(id))).toEqual({ payment_status: 'partial', paid_amount: 900, payment_date: '2025-06-05' });
      const below = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'partial', paid_amount: 300 }).expect(400);
      expect(below.body.error.details).toEqual({ paid_amount: expect.stringContaining('at least 500.00') });
      const pending = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'pending' }).expect(400);
      expect(pending.body.error.details).toEqual({ payment_status: expect.stringContaining('receipts allocated 500.00') });
      const cancel = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ status: 'cancelled' }).expect(400);
      expect(Object.keys(cancel.body.error.details)).toEqual(['status']);
      // paid: the status payment takes what the receipt leaves.
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
      payments = await ledger();
      expect(payments.map((p) => [p.amount, p.source]).sort()).toEqual([
        [500, 'receipt'],
        [580, 'payment_status'],
      ]);
      expect(settled(await readInvoice(id))).toMatchObject({ payment_status: 'paid', paid_amount: 1080 });

      await t.http.delete(`/v1/payments/${receipt.payment_id}`).set(a.auth).expect(200);
      expect(settled(await readInvoice(id))).toMatchObject({ payment_status: 'partial', paid_amount: 580 });
      await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'pending' }).expect(200);
      expect(settled(await readInvoice(id))).toEqual({ payment_status: 'pending', paid_amount: 0, payment_date: null });
      expect(await ledger()).toEqual([]);
    });

    it('an invoice or debit note created paid carries its payment; deleting the document takes it along', async () => {
      const id = await invoice(a, other, 200, { payment_status: 'paid', payment_date: '2025-05-20' });
      const note = (
        await t.http
          .post('/v1/debit-notes')
          .set(a.auth)
          .send({
            client_id: other,
            debit_note_date: '2025-05-02',
            items: [{ description: 'Freight', amount: 300 }],
            payment_status: 'partial',
            paid_amount: 100,
          })
          .expect(201)
      ).body.data.debit_note_id;
      const rows = (await t.http.get(`/v1/payments?client_id=${other}`).set(a.auth).expect(200)).body.data.payments;
      expect(rows.map((p: Record<string, unknown>) => [p.source_document_type, p.source_document_id, p.amount]).sort()).toEqual([
        ['debit-note', note, 100],
        ['invoice', id, 236],
      ]);
      await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
      await t.http
        .post('/v1/debit-notes/bulk-delete')
        .set(a.auth)
        .send({ ids: [note] })
        .expect(200);
      expect((await t.http.get(`/v1/payments?client_id=${other}`).set(a.auth).expect(200)).body.data.total).toBe(0);
    });
  });

  it('the migration gives a document already paid through its status (before payments existed) its payment, once', async () => {
    const id = await invoice(a, other, 300); // 354.00
    // As such an invoice was stored before: paid in its header, no payment in the ledger.
    await t.dataSource.query("UPDATE invoices SET payment_status = 'partial', paid_amount = 154, payment_date = '2025-05-15' WHERE account_id = ? AND id = ?", [
      a.accountId,
      id,
    ]);
    await backfillStatusPayments(t.dataSource.manager);
    await backfillStatusPayments(t.dataSource.manager);
    const rows = (await t.http.get(`/v1/payments?client_id=${other}`).set(a.auth).expect(200)).body.data.payments;
    const made = rows.filter((p: Record<string, unknown>) => p.source_document_id === id);
    expect(made).toEqual([
      expect.objectContaining({ source: 'payment_status', mode: 'other', amount: 154, payment_date: '2025-05-15', unallocated_amount: 0 }),
    ]);
    expect((await readPayment(made[0].payment_id)).allocations).toEqual([expect.objectContaining({ document_id: id, amount: 154 })]);
    // From then on the header follows the ledger: pending removes that payment.
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'pending' }).expect(200);
    await t.http.get(`/v1/payments/${made[0].payment_id}`).set(a.auth).expect(404);
  });

  describe('TDS counts once', () => {
    it('matches receipt TDS against an invoice’s own TDS, and records it on an invoice without', async () => {
      const withTds = await invoice(a, other, 1000, { tds_amount: 100 }); // 1180, receivable 1080
      const without = await invoice(a, other, 1000); // 1180
      const receipt = await payOk({
        client_id: other,
        amount: 2142,
        tds_amount: 200,
        payment_date: '2025-06-12',
        mode: 'rtgs',
        allocations: [
          { document_type: 'invoice', document_id: withTds, amount: 1080, tds_amount: 100 },
          { document_type: 'invoice', document_id: without, amount: 1062, tds_amount: 100 },
        ],
      });
      expect(receipt.unallocated_amount).toBe(0);
      expect(await readInvoice(withTds)).toMatchObject({ payment_status: 'paid', paid_amount: 1080, tds_amount: 100 });
      // 100 of TDS recorded: the receivable is 1080 less... the invoice now carries tds_amount 100 and 1062 was paid of 1080.
      expect(await readInvoice(without)).toMatchObject({ payment_status: 'partial', paid_amount: 1062, tds_amount: 100 });
      expect(await credit(other)).toBe(0);
      const read = await readPayment(receipt.payment_id);
      expect(read.allocations.map((x: Record<string, unknown>) => [x.tds_amount, x.tds_recorded])).toEqual([
        [100, false],
        [100, true],
      ]);
      // More TDS than the invoice carries unmatched is refused.
      const again = await pay({
        client_id: other,
        amount: 1,
        tds_amount: 5,
        payment_date: '2025-06-12',
        mode: 'cash',
        allocations: [{ document_type: 'invoice', document_id: withTds, amount: 1, tds_amount: 5 }],
      }).expect(400);
      expect(Object.keys(again.body.error.details).sort()).toEqual(['allocations.0.amount', 'allocations.0.tds_amount']);
      // Deleting the receipt takes the recorded TDS off the invoice again.
      await t.http.delete(`/v1/payments/${receipt.payment_id}`).set(a.auth).expect(200);
      expect(await readInvoice(without)).toMatchObject({ payment_status: 'pending', paid_amount: 0, tds_amount: null });
      expect(await readInvoice(withTds)).toMatchObject({ payment_status: 'pending', paid_amount: 0, tds_amount: 100 });
    });
  });

  describe('concurrency', () => {
    it('twenty simultaneous receipts for the whole balance of one invoice settle it exactly once', async () => {
      const id = await invoice(a, client, 1000); // 1180.00
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          pay({
            client_id: client,
            amount: 1180,
            payment_date: '2025-06-15',
            mode: 'upi',
            reference: `race-${n}`,
            allocations: [{ document_type: 'invoice', document_id: id, amount: 1180 }],
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(400)]);
      for (const r of answers.filter((x) => x.status === 400))
        expect(r.body.error.details).toEqual({ 'allocations.0.amount': expect.stringContaining('nothing is due') });
      expect(settled(await readInvoice(id))).toEqual({ payment_status: 'paid', paid_amount: 1180, payment_date: '2025-06-15' });
      const [row] = await t.dataSource.query('SELECT COUNT(*) AS n, SUM(amount) AS total FROM payment_allocations WHERE account_id = ? AND document_id = ?', [
        a.accountId,
        id,
      ]);
      expect([Number(row.n), row.total]).toEqual([1, '1180.00']);
    });

    it('twenty simultaneous allocations of one advance never take the invoice past its balance', async () => {
      const id = await invoice(a, client, 1000); // 1180.00
      const advance = await payOk({ client_id: client, amount: 5000, payment_date: '2025-06-01', mode: 'cheque' });
      expect(advance.receipt_number).toMatch(/^RV\/25-26\/\d{4}$/);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.http
            .post(`/v1/payments/${advance.payment_id}/allocations`)
            .set(a.auth)
            .send({ allocations: [{ document_type: 'invoice', document_id: id, amount: 118 }], allocation_date: '2025-06-16' }),
        ),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
      expect(answers.filter((r) => r.status === 400)).toHaveLength(10);
      expect(settled(await readInvoice(id))).toEqual({ payment_status: 'paid', paid_amount: 1180, payment_date: '2025-06-16' });
      expect(await readPayment(advance.payment_id)).toMatchObject({ allocated_amount: 1180, unallocated_amount: 3820 });
    });
  });

  describe('validation and isolation', () => {
    let open: number;
    let draft: number;
    let cancelled: number;
    let usd: number;
    let elsewhere: number;
    let note: number;
    let invoiceB: number;

    beforeAll(async () => {
      open = await invoice(a, client, 100); // 118.00
      draft = await invoice(a, client, 100, { status: 'draft' });
      cancelled = await invoice(a, client, 100);
      await t.http.patch(`/v1/invoices/${cancelled}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
      usd = await invoice(a, client, 100, { currency: 'USD', exchange_rate: 83.25 });
      elsewhere = await invoice(a, other, 100);
      note = (
        await t.http
          .post('/v1/debit-notes')
          .set(a.auth)
          .send({ client_id: client, debit_note_date: '2025-05-02', items: [{ description: 'Freight', amount: 50 }] })
          .expect(201)
      ).body.data.debit_note_id;
      invoiceB = await invoice(b, clientB, 100);
    });

    const base = { client_id: 0, amount: 1000, payment_date: '2025-06-10', mode: 'neft' };
    const refused = async (body: object, who = a) => (await pay({ ...base, client_id: client, ...body }, who).expect(400)).body.error;

    it('names each allocation that cannot be made, and stores nothing', async () => {
      const before = await t.dataSource.query('SELECT COUNT(*) AS n FROM payments WHERE account_id = ?', [a.accountId]);
      const error = await refused({
        allocations: [
          { document_type: 'invoice', document_id: open, amount: 118.01 },
          { document_type: 'invoice', document_id: draft, amount: 1 },
          { document_type: 'invoice', document_id: cancelled, amount: 1 },
          { document_type: 'invoice', document_id: usd, amount: 1 },
          { document_type: 'invoice', document_id: elsewhere, amount: 1 },
          { document_type: 'debit-note', document_id: note, amount: 1, tds_amount: 1 },
        ],
        tds_amount: 1,
      });
      expect(error).toMatchObject({ code: 'validation_error' });
      expect(error.details).toEqual({
        'allocations.0.amount': expect.stringContaining('118.00 is due'),
        'allocations.1.document_id': expect.stringContaining('draft'),
        'allocations.2.document_id': expect.stringContaining('cancelled'),
        'allocations.3.document_id': expect.stringContaining('USD'),
        'allocations.4.document_id': expect.stringContaining('another client'),
        'allocations.5.tds_amount': expect.stringContaining('debit notes carry no TDS'),
      });
      const after = await t.dataSource.query('SELECT COUNT(*) AS n FROM payments WHERE account_id = ?', [a.accountId]);
      expect(after).toEqual(before);
    });

    it('refuses allocations above the amount, the same document twice, bad fields and dates', async () => {
      expect((await refused({ amount: 100, allocations: [{ document_type: 'invoice', document_id: open, amount: 100.01 }] })).details).toEqual({
        allocations: expect.stringContaining('more than the 100.00'),
      });
      expect(
        (
          await refused({
            allocations: [
              { document_type: 'invoice', document_id: open, amount: 1 },
              { document_type: 'invoice', document_id: open, amount: 1 },
            ],
          })
        ).details,
      ).toEqual({ 'allocations.1.document_id': expect.stringContaining('same document') });
      expect(Object.keys((await pay({ amount: 0, mode: 'barter' }).expect(400)).body.error.details).sort()).toEqual(['client_id', 'mode', 'payment_date']);
      expect(Object.keys((await refused({ amount: 0 })).details)).toEqual(['amount']);
      expect((await refused({ allocations: [{ document_type: 'quotation', document_id: open, amount: 1 }] })).details).toHaveProperty([
        'allocations.0.document_type',
      ]);
      expect((await refused({ payment_date: '1999-06-10' })).details).toEqual({ payment_date: expect.any(String) });
      const advance = await payOk({ ...base, client_id: client, amount: 10 });
      const early = await t.http
        .post(`/v1/payments/${advance.payment_id}/allocations`)
        .set(a.auth)
        .send({ allocations: [{ document_type: 'invoice', document_id: open, amount: 1 }], allocation_date: '2025-06-01' })
        .expect(400);
      expect(early.body.error.details).toEqual({ allocation_date: expect.stringContaining('2025-06-10') });
      // PATCH changes the texts only: any other field is unknown (400, as on every resource).
      const amount = await t.http.patch(`/v1/payments/${advance.payment_id}`).set(a.auth).send({ amount: 5, notes: 'x' }).expect(400);
      expect(amount.body.error.details).toEqual({ amount: 'unknown field' });
      await t.http.patch(`/v1/payments/${advance.payment_id}`).set(a.auth).send({ notes: 'Advance for the July order' }).expect(200);
      expect(await readPayment(advance.payment_id)).toMatchObject({ notes: 'Advance for the July order', amount: 10 });
    });

    it('another account’s payments, clients, documents and allocations are not found', async () => {
      const mine = await payOk({
        ...base,
        client_id: client,
        amount: 10,
        allocations: [{ document_type: 'invoice', document_id: open, amount: 5 }],
      });
      const allocation = (await readPayment(mine.payment_id)).allocations[0].allocation_id;
      for (const res of [
        await t.http.get(`/v1/payments/${mine.payment_id}`).set(b.auth),
        await t.http.patch(`/v1/payments/${mine.payment_id}`).set(b.auth).send({ notes: 'x' }),
        await t.http.delete(`/v1/payments/${mine.payment_id}`).set(b.auth),
        await t.http.delete(`/v1/payments/${mine.payment_id}/allocations/${allocation}`).set(b.auth),
        await t.http
          .post(`/v1/payments/${mine.payment_id}/allocations`)
          .set(b.auth)
          .send({ allocations: [{ document_type: 'invoice', document_id: invoiceB, amount: 1 }] }),
        await pay({ ...base, client_id: client }, b),
        await pay({ ...base, client_id: clientB, allocations: [{ document_type: 'invoice', document_id: open, amount: 1 }] }, b),
        await pay({ ...base, client_id: clientB, allocations: [{ document_type: 'debit-note', document_id: note, amount: 1 }] }, b),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      // B's own payment with A's allocation id in the path: not found either.
      const theirs = await payOk({ ...base, client_id: clientB, amount: 10 }, b);
      await t.http.delete(`/v1/payments/${theirs.payment_id}/allocations/${allocation}`).set(b.auth).expect(404);
      const bulk = await t.http
        .post('/v1/payments/bulk-delete')
        .set(b.auth)
        .send({ ids: [mine.payment_id] })
        .expect(200);
      expect(bulk.body.data).toEqual({ deleted: 0, skipped: [mine.payment_id] });
      expect((await t.http.get('/v1/payments').set(b.auth).expect(200)).body.data.payments.map((p: { payment_id: number }) => p.payment_id)).toEqual([
        theirs.payment_id,
      ]);
      expect(await readPayment(mine.payment_id)).toMatchObject({ allocated_amount: 5 });
      expect((await readInvoice(open)).paid_amount).toBe(5);
      // A's own bulk delete reverses its allocations.
      const own = await t.http
        .post('/v1/payments/bulk-delete')
        .set(a.auth)
        .send({ ids: [mine.payment_id, theirs.payment_id] })
        .expect(200);
      expect(own.body.data).toEqual({ deleted: 1, skipped: [theirs.payment_id] });
      expect((await readInvoice(open)).paid_amount).toBe(0);
    });

    it('a client with payments is kept unless deleted with cascade, which takes its payments along', async () => {
      const payer = await createClient(t, a, 'Short Lived');
      await payOk({ ...base, client_id: payer, amount: 25 });
      expect(await credit(payer)).toBe(25);
      expect((await t.http.delete(`/v1/clients/${payer}`).set(a.auth).expect(409)).body.error.code).toBe('conflict');
      await t.http.delete(`/v1/clients/${payer}?cascade=1`).set(a.auth).expect(200);
      expect((await t.http.get(`/v1/payments?client_id=${payer}`).set(a.auth).expect(200)).body.data.total).toBe(0);
    });

    it('deleting an invoice releases the receipts allocated to it into the client’s credit', async () => {
      const id = await invoice(a, other, 100); // 118.00
      const before = await credit(other);
      const receipt = await payOk({ ...base, client_id: other, amount: 118, allocations: [{ document_type: 'invoice', document_id: id, amount: 118 }] });
      expect(await credit(other)).toBe(before);
      await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(200);
      expect(await credit(other)).toBe(before + 118);
      expect(await readPayment(receipt.payment_id)).toMatchObject({ allocations: [], unallocated_amount: 118 });
    });
  });
});
