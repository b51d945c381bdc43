import { startApp, TestAccount, TestApp } from './support/app-harness';
import { fixedBySql } from './support/sql-documents';

/**
 * Analytics answers are kept per account data version (docs/analytics.md, "Answer cache"): every
 * write that changes a figure must show in the very next answer. Each step reads the answer first
 * (so it is cached), writes, and reads again.
 */
describe('analytics answer cache', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;
  let productId: number;

  beforeAll(async () => {
    t = await startApp('analytics_cache');
    a = await t.createAccount();
    b = await t.createAccount();
    clientId = (await t.http.post('/v1/clients').set(a.auth).send({ name: 'Walk-in Buyer', phone: '9100000001', email: 'walkin@example.com' }).expect(201)).body
      .data.client.client_id;
    productId = (await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Copper wire', rate: 250, quantity: 100, type: 'product' }).expect(201)).body.data
      .inventory_id;
  });
  afterAll(() => t.close());

  const full = async (who: TestAccount = a) => (await t.http.get('/v1/analytics/full?fy_start_year=2025').set(who.auth).expect(200)).body.data;
  const summary = async () => (await t.http.get('/v1/analytics/summary?fy_start_year=2025').set(a.auth).expect(200)).body.data;
  /** The answer twice (the second from the cache), checked to be the same. */
  const settled = async () => {
    const first = await full();
    expect(await full()).toEqual(first);
    return first;
  };
  const line = { item_description: 'Cable laying', hsn_code: '9983', quantity: 1, rate: 1000, tax_rate: 18, cgst_amount: 90, sgst_amount: 90, igst_amount: 0 };
  let invoiceId: number;

  it('an invoice created, paid, its client turned B2B, then deleted shows at once', async () => {
    expect((await settled()).invoices.total).toBe(0);
    expect((await summary()).total_invoices).toBe(0);
    invoiceId = (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({
          client_id: clientId,
          invoice_date: '2025-06-10',
          payment_due_date: '2025-06-10',
          status: 'issued',
          items: [{ ...line, total_amount: 1180 }],
        })
        .expect(201)
    ).body.data.invoice_id;
    let got = await settled();
    expect(got.invoices).toMatchObject({ total: 1, invoiced_amount: 1180, revenue: 1180 });
    expect(got.receivables.outstanding).toBe(1180);
    expect(got.gst.b2c.taxable_value).toBe(1000);
    expect(await summary()).toEqual({ total_invoices: 1, total_revenue: 1180, received: 0, outstanding: 1180, fy_start_year: 2025 });

    await t.http.patch(`/v1/invoices/${invoiceId}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
    got = await settled();
    expect(got.receivables.outstanding).toBe(0);

    await t.http.patch(`/v1/clients/${clientId}`).set(a.auth).send({ gstin: '29AAACH7409R1ZX' }).expect(200);
    got = await settled();
    expect(got.gst.b2b.taxable_value).toBe(1000);
    expect(got.gst.b2c.taxable_value).toBe(0);

    await t.http.delete(`/v1/invoices/${invoiceId}`).set(a.auth).expect(200);
    got = await settled();
    expect(got.invoices).toMatchObject({ total: 0, invoiced_amount: 0 });
    expect(await summary()).toEqual({ total_invoices: 0, total_revenue: 0, received: 0, outstanding: 0, fy_start_year: 2025 });
  });

  it('a credit note created and deleted shows at once', async () => {
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-07-01', payment_due_date: '2025-07-01', status: 'issued', items: [{ ...line, total_amount: 1180 }] })
      .expect(201);
    expect((await settled()).invoices.revenue).toBe(1180);
    const noteId = (
      await t.http
        .post('/v1/credit-notes')
        .set(a.auth)
        .send({
          client_id: clientId,
          credit_note_date: '2025-07-05',
          status: 'issued',
          items: [{ description: 'Return', expense_date: '2025-07-05', amount: 118 }],
        })
        .expect(200)
    ).body.data.credit_note_id;
    let got = await settled();
    expect(got.invoices.revenue).toBe(1062);
    expect(got.credit_notes).toMatchObject({ total: 1, amount: 118 });
    await t.http.delete(`/v1/credit-notes/${noteId}`).set(a.auth).expect(200);
    got = await settled();
    expect(got.invoices.revenue).toBe(1180);
    expect(got.credit_notes).toMatchObject({ total: 0, amount: 0 });
  });

  it('an expense created, changed and deleted shows at once; another account is untouched', async () => {
    const before = await full(b);
    const expenseId = (
      await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Spend', expense_amount: 500, expense_date: '2025-08-01' }).expect(201)
    ).body.data.expense_id;
    expect((await settled()).expenses).toEqual({ total: 500, count: 1 });
    await t.http.patch(`/v1/expenses/${expenseId}`).set(a.auth).send({ expense_amount: 650.5 }).expect(200);
    expect((await settled()).expenses).toEqual({ total: 650.5, count: 1 });
    await t.http.delete(`/v1/expenses/${expenseId}`).set(a.auth).expect(200);
    expect((await settled()).expenses).toEqual({ total: 0, count: 0 });
    expect(await full(b)).toEqual(before);
  });

  it('inventory changes, and a plain SQL fix that moves the version with it (docs/analytics.md), show at once', async () => {
    expect((await settled()).inventory.summary.stock_value).toBe(25000);
    await t.http.patch(`/v1/inventory/${productId}`).set(a.auth).send({ rate: 300 }).expect(200);
    expect((await settled()).inventory.summary.stock_value).toBe(30000);
    // A correction made straight in the database (as a data fix would) moves the account's version in its transaction.
    await fixedBySql(t, a.accountId, "UPDATE invoices SET total_amount = 2000 WHERE account_id = ? AND invoice_date = '2025-07-01'", [a.accountId]);
    expect((await settled()).invoices.invoiced_amount).toBe(2000);
  });
});
