import { startApp, TestAccount, TestApp } from './support/app-harness';
import { fixedBySql } from './support/sql-documents';
import { createClient, line } from './support/sales-document-helpers';

/**
 * Ageing answers are kept per account, currency, date and analytics data version (docs/receivables.md,
 * "Receivables ageing"): every write the ageing reads must show in the very next answer. Each step reads the answer
 * twice (so the second comes from the cache and must be the same), writes, and reads again.
 */
describe('receivables ageing answer cache', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;
  let invoiceId: number;
  let paymentId: number;
  let allocationId: number;
  const AS_OF = '2025-09-30';

  beforeAll(async () => {
    t = await startApp('receivables_ageing_cache');
    a = await t.createAccount();
    b = await t.createAccount();
    clientId = await createClient(t, a, 'Kapoor Exports');
    // 1,180.00 due 2025-08-20: 31-60 days past due as of 2025-09-30.
    invoiceId = (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: clientId, invoice_date: '2025-08-01', payment_due_date: '2025-08-20', items: [line('Consulting', 1, 1000)] })
        .expect(201)
    ).body.data.invoice_id;
  });
  afterAll(() => t.close());

  const read = async (asOf = AS_OF, who = a) => (await t.http.get(`/v1/analytics/receivables-ageing?as_of=${asOf}`).set(who.auth).expect(200)).body.data;
  /** The answer twice (the second from the cache), checked to be the same. */
  const settled = async (asOf = AS_OF) => {
    const first = await read(asOf);
    expect(await read(asOf)).toEqual(first);
    return first;
  };
  const kapoor = (answer: { clients: Array<{ client_id: number }> }) => answer.clients.find((c) => c.client_id === clientId);

  it('a receipt, its allocation removed, the payment deleted each show at once', async () => {
    expect(kapoor(await settled())).toMatchObject({ '31_60': 1180, total: 1180, documents: 1 });
    const paid = await t.http
      .post('/v1/payments')
      .set(a.auth)
      .send({
        client_id: clientId,
        amount: 500,
        payment_date: '2025-09-10',
        mode: 'neft',
        allocations: [{ document_type: 'invoice', document_id: invoiceId, amount: 500 }],
      })
      .expect(201);
    paymentId = paid.body.data.payment_id;
    allocationId = paid.body.data.allocation_ids[0];
    expect(kapoor(await settled())).toMatchObject({ '31_60': 680, total: 680 });

    await t.http.delete(`/v1/payments/${paymentId}/allocations/${allocationId}`).set(a.auth).expect(200);
    expect(kapoor(await settled())).toMatchObject({ '31_60': 1180, total: 1180 });

    await t.http
      .post(`/v1/payments/${paymentId}/allocations`)
      .set(a.auth)
      .send({ allocation_date: '2025-09-20', allocations: [{ document_type: 'invoice', document_id: invoiceId, amount: 200 }] })
      .expect(201);
    expect(kapoor(await settled())).toMatchObject({ '31_60': 980, total: 980 });

    await t.http.delete(`/v1/payments/${paymentId}`).set(a.auth).expect(200);
    expect(kapoor(await settled())).toMatchObject({ '31_60': 1180, total: 1180 });
  });

  it('a new invoice and the client renamed show at once', async () => {
    await settled();
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-09-01', payment_due_date: '2025-09-20', items: [line('Freight', 1, 100)] })
      .expect(201);
    expect(kapoor(await settled())).toMatchObject({ '1_30': 118, '31_60': 1180, total: 1298, documents: 2 });

    await t.http.patch(`/v1/clients/${clientId}`).set(a.auth).send({ name: 'Kapoor Exports LLP' }).expect(200);
    expect(kapoor(await settled())).toMatchObject({ client_name: 'Kapoor Exports LLP' });
  });

  it('an allocation changed by a plain SQL fix that moves the version with it shows at once', async () => {
    const paid = await t.http
      .post('/v1/payments')
      .set(a.auth)
      .send({
        client_id: clientId,
        amount: 300,
        payment_date: '2025-09-15',
        mode: 'upi',
        allocations: [{ document_type: 'invoice', document_id: invoiceId, amount: 300 }],
      })
      .expect(201);
    expect(kapoor(await settled())).toMatchObject({ '31_60': 880 });
    // Dated after the date, the allocation had not paid the invoice yet then.
    await fixedBySql(t, a.accountId, 'UPDATE payment_allocations SET allocation_date = ? WHERE account_id = ? AND id = ?', [
      '2025-10-05',
      a.accountId,
      paid.body.data.allocation_ids[0],
    ]);
    expect(kapoor(await settled())).toMatchObject({ '31_60': 1180 });
  });

  it('keeps answers apart per date and per account', async () => {
    const september = await settled();
    const july = await settled('2025-07-31');
    expect(kapoor(july)).toBeUndefined();
    expect(kapoor(september)).toBeDefined();
    expect((await read(AS_OF, b)).clients).toEqual([]);
  });
});
