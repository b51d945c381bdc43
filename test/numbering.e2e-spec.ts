import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';

/** Document numbers: per account, kind and financial year; consecutive and gap-free under concurrency. */
describe('document numbering', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('numbering');
    a = await t.createAccount();
    b = await t.createAccount();
    clientA = await createClient(t, a);
    clientB = await createClient(t, b);
  });
  afterAll(() => t.close());

  const invoice = (account: TestAccount, clientId: number, date: string) =>
    t.http
      .post('/v1/invoices')
      .set(account.auth)
      .send({ client_id: clientId, invoice_date: date, payment_due_date: date, items: [{ item_description: 'x', total_amount: 1 }] });
  const seq = (number: string) => Number(number.split('/')[2]);

  it('50 concurrent creates for one account get 50 distinct consecutive numbers; another account counts on its own', async () => {
    const [fromA, fromB] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => invoice(a, clientA, '2025-08-01'))),
      Promise.all(Array.from({ length: 20 }, () => invoice(b, clientB, '2025-09-01'))),
    ]);
    for (const res of [...fromA, ...fromB]) expect(res.status).toBe(201);

    const numbersA = fromA.map((r) => r.body.data.invoice_number as string);
    expect(new Set(numbersA).size).toBe(50);
    expect(numbersA.every((n) => n.startsWith('INV/25-26/'))).toBe(true);
    expect(numbersA.map(seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const numbersB = fromB.map((r) => r.body.data.invoice_number as string);
    expect(numbersB.map(seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    // The stored rows agree with the responses, and each invoice has its line.
    const rows: Array<{ invoice_number: string; line_count: string | number }> = await t.dataSource.query(
      'SELECT i.invoice_number, (SELECT COUNT(*) FROM invoice_items l WHERE l.invoice_id = i.id) AS line_count FROM invoices i WHERE i.account_id = ?',
      [a.accountId],
    );
    expect(rows.map((r) => r.invoice_number).sort()).toEqual([...numbersA].sort());
    expect(rows.every((r) => Number(r.line_count) === 1)).toBe(true);

    const next = await invoice(a, clientA, '2026-02-01').expect(201);
    expect(next.body.data.invoice_number).toBe('INV/25-26/0051');
  });

  it('a new financial year restarts at 1, decided by the document date (April 1 / March 31)', async () => {
    expect((await invoice(a, clientA, '2026-04-01').expect(201)).body.data.invoice_number).toBe('INV/26-27/0001');
    expect((await invoice(a, clientA, '2026-03-31').expect(201)).body.data.invoice_number).toBe('INV/25-26/0052');
    expect((await invoice(a, clientA, '2025-03-31').expect(201)).body.data.invoice_number).toBe('INV/24-25/0001');
    expect((await invoice(a, clientA, '2026-04-02').expect(201)).body.data.invoice_number).toBe('INV/26-27/0002');
  });

  it('each kind has its own sequence: quotations and proforma invoices, also under concurrency', async () => {
    const quotations = await Promise.all(
      Array.from({ length: 25 }, () => t.http.post('/v1/quotations').set(a.auth).send({ client_id: clientA, quotation_date: '2025-05-05' })),
    );
    for (const res of quotations) expect(res.status).toBe(201);
    expect(quotations.map((r) => seq(r.body.data.quotation_number)).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(quotations.every((r) => r.body.data.quotation_number.startsWith('QT/25-26/'))).toBe(true);

    const proforma = await t.http.post('/v1/proforma-invoices').set(a.auth).send({ client_id: clientA, proforma_date: '2025-05-05', items: [] }).expect(200);
    expect(proforma.body.data.proforma_number).toBe('PI/25-26/0001');

    // Conversions draw from the invoice sequence of the invoice date.
    const converted = await t.http
      .post(`/v1/quotations/${quotations[0].body.data.quotation_id}/convert-to-invoice`)
      .set(a.auth)
      .send({ invoice_date: '2026-04-03' })
      .expect(200);
    expect(converted.body.data.invoice_number).toBe('INV/26-27/0003');
  });

  it('a create that fails (foreign client) takes no number', async () => {
    await invoice(a, clientB, '2026-04-05').expect(404);
    expect((await invoice(a, clientA, '2026-04-05').expect(201)).body.data.invoice_number).toBe('INV/26-27/0004');
  });

  it('changing the invoice date keeps the number', async () => {
    const created = await invoice(a, clientA, '2026-04-06').expect(201);
    const id = created.body.data.invoice_id;
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ invoice_date: '2025-04-06', payment_due_date: '2025-04-06' }).expect(200);
    const got = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(got).toMatchObject({ invoice_date: '2025-04-06', invoice_number: created.body.data.invoice_number });
  });
});
