import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

/**
 * `received` and `outstanding` of the analytics summary and full answer (docs/analytics.md, "Received and
 * outstanding"), against the payments ledger: every payment, allocation, status PATCH and deletion shows in the
 * very next answer (the answers are cached per data version), and undoing it brings the figures back.
 */
describe('analytics received and outstanding', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;
  let june: number; // 2025-06-10, 1,180.00
  let april: number; // 2026-04-05 (FY 2026), 590.00
  let note: number; // debit note 2025-09-05, 250.25

  type Figures = { received: number; outstanding: number };
  /** The figures of the summary and of the full answer (each read twice: the second from the cache), checked alike. */
  const figures = async (fy?: number, who: TestAccount = a): Promise<Figures> => {
    const q = fy === undefined ? '' : `?fy_start_year=${fy}`;
    const read = async (kind: string) => (await t.http.get(`/v1/analytics/${kind}${q}`).set(who.auth).expect(200)).body.data;
    const summary = await read('summary');
    expect(await read('summary')).toEqual(summary);
    const full = await read('full');
    expect(await read('full')).toEqual(full);
    expect({ received: full.received, outstanding: full.outstanding }).toEqual({ received: summary.received, outstanding: summary.outstanding });
    return { received: summary.received, outstanding: summary.outstanding };
  };

  const invoice = async (date: string, rate: number) =>
    (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: clientId, invoice_date: date, payment_due_date: date, status: 'issued', items: [line('Consulting', 1, rate)] })
        .expect(201)
    ).body.data.invoice_id as number;

  type Allocation = { document_type: string; document_id: number; amount: number; tds_amount?: number };
  const pay = async (amount: number, date: string, allocations: Allocation[], extra = {}) =>
    (
      await t.http
        .post('/v1/payments')
        .set(a.auth)
        .send({ client_id: clientId, amount, payment_date: date, mode: 'neft', allocations, ...extra })
        .expect(201)
    ).body.data as { payment_id: number; allocation_ids: number[] };

  beforeAll(async () => {
    t = await startApp('analytics_receipts');
    a = await t.createAccount();
    b = await t.createAccount();
    clientId = await createClient(t, a, 'Kaveri Traders');
    june = await invoice('2025-06-10', 1000);
    april = await invoice('2026-04-05', 500);
    note = (
      await t.http
        .post('/v1/debit-notes')
        .set(a.auth)
        .send({ client_id: clientId, debit_note_date: '2025-09-05', payment_due_date: '2025-09-25', items: [{ description: 'Freight', amount: 250.25 }] })
        .expect(201)
    ).body.data.debit_note_id;
  });
  afterAll(() => t.close());

  it('outstanding is what the year’s invoices and debit notes have due; nothing received yet', async () => {
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 1430.25 });
    expect(await figures(2026)).toEqual({ received: 0, outstanding: 590 });
    expect(await figures()).toEqual({ received: 0, outstanding: 2020.25 });
    const full = (await t.http.get('/v1/analytics/full?fy_start_year=2025').set(a.auth).expect(200)).body.data;
    expect(full.receivables.outstanding).toBe(1180); // invoices only, as before
  });

  it('a receipt with an advance, the advance applied later, an allocation and the payment deleted: each shows at once', async () => {
    const first = await pay(1000, '2025-07-01', [{ document_type: 'invoice', document_id: june, amount: 700 }]);
    // Received in FY 2025: all the cash, the 300.00 advance too; outstanding less what was allocated.
    expect(await figures(2025)).toEqual({ received: 1000, outstanding: 730.25 });
    // An advance alone changes no document: only the payment's own write moves the data version.
    const advance = await pay(50, '2025-12-01', []);
    expect(await figures(2025)).toEqual({ received: 1050, outstanding: 730.25 });
    await t.http.delete(`/v1/payments/${advance.payment_id}`).set(a.auth).expect(200);
    expect(await figures(2025)).toEqual({ received: 1000, outstanding: 730.25 });

    // A receipt of FY 2026 against FY 2025's debit note: received in 2026, FY 2025's outstanding falls.
    const later = await pay(100, '2026-04-10', [{ document_type: 'debit-note', document_id: note, amount: 100 }]);
    expect(await figures(2025)).toEqual({ received: 1000, outstanding: 630.25 });
    expect(await figures(2026)).toEqual({ received: 100, outstanding: 590 });

    // The advance applied to the FY 2026 invoice: nothing more received, FY 2026's outstanding falls.
    const applied = (
      await t.http
        .post(`/v1/payments/${first.payment_id}/allocations`)
        .set(a.auth)
        .send({ allocation_date: '2026-04-12', allocations: [{ document_type: 'invoice', document_id: april, amount: 300 }] })
        .expect(201)
    ).body.data;
    expect(await figures(2026)).toEqual({ received: 100, outstanding: 290 });
    expect(await figures()).toEqual({ received: 1100, outstanding: 920.25 });

    await t.http.delete(`/v1/payments/${first.payment_id}/allocations/${applied.allocation_ids[0]}`).set(a.auth).expect(200);
    expect(await figures(2026)).toEqual({ received: 100, outstanding: 590 });

    await t.http.delete(`/v1/payments/${first.payment_id}`).set(a.auth).expect(200);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 1330.25 });
    await t.http.delete(`/v1/payments/${later.payment_id}`).set(a.auth).expect(200);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 1430.25 });
    expect(await figures()).toEqual({ received: 0, outstanding: 2020.25 });
  });

  it('TDS a receipt declares is not cash received; it settles the invoice (and shows as TDS receivable)', async () => {
    const paid = await pay(1062, '2025-08-01', [{ document_type: 'invoice', document_id: june, amount: 1062, tds_amount: 118 }], {
      tds_amount: 118,
    });
    expect(await figures(2025)).toEqual({ received: 1062, outstanding: 250.25 });
    const full = (await t.http.get('/v1/analytics/full?fy_start_year=2025').set(a.auth).expect(200)).body.data;
    expect(full.tds.receivable.amount).toBe(118);
    await t.http.delete(`/v1/payments/${paid.payment_id}`).set(a.auth).expect(200);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 1430.25 });
  });

  it('a PATCH of payment_status to paid is a receipt on its payment date; pending takes it back', async () => {
    await t.http.patch(`/v1/debit-notes/${note}`).set(a.auth).send({ payment_status: 'paid', payment_date: '2026-05-02' }).expect(200);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 1180 });
    expect(await figures(2026)).toEqual({ received: 250.25, outstanding: 590 });
    await t.http.patch(`/v1/debit-notes/${note}`).set(a.auth).send({ payment_status: 'pending' }).expect(200);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 1430.25 });
    expect(await figures(2026)).toEqual({ received: 0, outstanding: 590 });
  });

  it('another account sees none of it; drafts and cancelled documents are not outstanding', async () => {
    expect(await figures(2025, b)).toEqual({ received: 0, outstanding: 0 });
    await t.http.patch(`/v1/invoices/${june}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 250.25 });
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-10-01', payment_due_date: '2025-10-01', status: 'draft', items: [line('Draft', 1, 100)] })
      .expect(201);
    expect(await figures(2025)).toEqual({ received: 0, outstanding: 250.25 });
  });
});
