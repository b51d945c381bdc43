import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { both, readPdf } from './support/pdf-text';
import { createClient, line } from './support/sales-document-helpers';

/** Rupees to paise and back, so the test's sums are exact too. */
const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;
/** An amount as the PDF prints it: Indian digit grouping, 2 decimals ('1,23,456.70'). */
const printed = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Expected {
  date: string;
  type: string;
  document_id: number;
  debit: number;
  credit: number;
}

describe('client statement', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let client: number;
  let clientB: number;
  const lines: Expected[] = [];
  const rank: Record<string, number> = { invoice: 0, debit_note: 1, credit_note: 2, payment: 3 };

  const invoice = async (date: string, taxable: number, extra: object = {}) => {
    const id = (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: date, payment_due_date: '2025-09-30', items: [line('Consulting', 1, taxable)], ...extra })
        .expect(201)
    ).body.data.invoice_id as number;
    return (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
  };
  const statement = (query: string, who = a, id = client) => t.http.get(`/v1/clients/${id}/statement?${query}`).set(who.auth);
  const statementOk = async (query: string) => (await statement(query).expect(200)).body.data;

  beforeAll(async () => {
    t = await startApp('client-statement');
    a = await t.createAccount({ name: 'Sharma Steel' });
    b = await t.createAccount({ name: 'Other Business' });
    client = await createClient(t, a, 'Kapoor Exports');
    clientB = await createClient(t, b, 'Bhatia Stores');
    const other = await createClient(t, a, 'Deccan Silk');

    const first = await invoice('2025-05-05', 1000); // 1180.00
    const second = await invoice('2025-05-20', 2000.35, { tds_amount: 200.07 }); // receivable: total less its own TDS
    const third = await invoice('2025-06-15', 300.5);
    await invoice('2025-05-10', 999, { status: 'draft' });
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: other, invoice_date: '2025-05-06', payment_due_date: '2025-06-06', items: [line('Other client', 1, 700)] })
      .expect(201);
    lines.push({ date: first.invoice_date, type: 'invoice', document_id: first.invoice_id, debit: first.total_amount, credit: 0 });
    lines.push({
      date: second.invoice_date,
      type: 'invoice',
      document_id: second.invoice_id,
      debit: rupees(paise(second.total_amount) - paise(200.07)),
      credit: 0,
    });
    lines.push({ date: third.invoice_date, type: 'invoice', document_id: third.invoice_id, debit: third.total_amount, credit: 0 });

    const debitNote = (
      await t.http
        .post('/v1/debit-notes')
        .set(a.auth)
        .send({ client_id: client, debit_note_date: '2025-06-03', items: [{ description: 'Freight', amount: 50.55 }] })
        .expect(201)
    ).body.data.debit_note_id as number;
    const dn = (await t.http.get(`/v1/debit-notes/${debitNote}`).set(a.auth).expect(200)).body.data;
    lines.push({ date: '2025-06-03', type: 'debit_note', document_id: debitNote, debit: dn.total_amount, credit: 0 });
    await t.http
      .post('/v1/debit-notes')
      .set(a.auth)
      .send({ client_id: client, debit_note_date: '2025-06-04', status: 'draft', items: [{ description: 'Draft freight', amount: 75 }] })
      .expect(201);

    const creditNote = (
      await t.http
        .post('/v1/credit-notes')
        .set(a.auth)
        .send({ client_id: client, credit_note_date: '2025-06-15', items: [{ description: 'Rate difference', amount: 100.25 }] })
        .expect(200)
    ).body.data.credit_note_id as number;
    const cn = (await t.http.get(`/v1/credit-notes/${creditNote}`).set(a.auth).expect(200)).body.data;
    lines.push({ date: '2025-06-15', type: 'credit_note', document_id: creditNote, debit: 0, credit: cn.total_amount });
    await t.http
      .post('/v1/credit-notes')
      .set(a.auth)
      .send({ client_id: client, credit_note_date: '2025-06-16', status: 'draft', items: [{ description: 'Draft credit', amount: 10 }] })
      .expect(200);

    const pay = async (body: object) =>
      (
        await t.http
          .post('/v1/payments')
          .set(a.auth)
          .send({ client_id: client, mode: 'neft', ...body })
          .expect(201)
      ).body.data;
    const p1 = await pay({
      amount: 1000,
      payment_date: '2025-05-25',
      allocations: [{ document_type: 'invoice', document_id: first.invoice_id, amount: 1000 }],
    });
    lines.push({ date: '2025-05-25', type: 'payment', document_id: p1.payment_id, debit: 0, credit: 1000 });
    // TDS matched against the invoice's own TDS counts once: the credit is the cash.
    const cash = rupees(paise(second.total_amount) - paise(200.07));
    const p2 = await pay({
      amount: cash,
      tds_amount: 200.07,
      payment_date: '2025-06-15',
      allocations: [{ document_type: 'invoice', document_id: second.invoice_id, amount: cash, tds_amount: 200.07 }],
    });
    lines.push({ date: '2025-06-15', type: 'payment', document_id: p2.payment_id, debit: 0, credit: cash });
    // TDS recorded on an invoice without TDS of its own is received too: cash plus TDS.
    const p3 = await pay({
      amount: 100,
      tds_amount: 18,
      payment_date: '2025-06-20',
      allocations: [{ document_type: 'invoice', document_id: first.invoice_id, amount: 100, tds_amount: 18 }],
    });
    lines.push({ date: '2025-06-20', type: 'payment', document_id: p3.payment_id, debit: 0, credit: 118 });
    const p4 = await pay({ amount: 500.1, payment_date: '2025-06-20' }); // an advance
    lines.push({ date: '2025-06-20', type: 'payment', document_id: p4.payment_id, debit: 0, credit: 500.1 });
    lines.sort((x, y) => (x.date === y.date ? rank[x.type] - rank[y.type] || x.document_id - y.document_id : x.date < y.date ? -1 : 1));
  });
  afterAll(() => t.close());

  /** The entries the test expects from `from` to `to`, with running balances from the opening balance. */
  const expected = (from: string, to: string) => {
    let balance = 0;
    for (const l of lines) if (l.date < from) balance += paise(l.debit) - paise(l.credit);
    const opening = balance;
    const entries = lines
      .filter((l) => l.date >= from && l.date <= to)
      .map((l) => {
        balance += paise(l.debit) - paise(l.credit);
        return { ...l, balance: rupees(balance) };
      });
    return { opening: rupees(opening), entries, closing: rupees(balance) };
  };

  it('lists issued documents and payments of the financial year in date order with running balances', async () => {
    const s = await statementOk('fy_start_year=2025');
    const e = expected('2025-04-01', '2026-03-31');
    expect(s).toMatchObject({ client_id: client, from: '2025-04-01', to: '2026-03-31', currency: 'INR', opening_balance: 0, closing_balance: e.closing });
    expect(s.entries.map((x: Record<string, unknown>) => ({ ...x, number: undefined }))).toEqual(e.entries.map((x) => ({ ...x, number: undefined })));
    expect(s.entries.map((x: { type: string }) => x.type)).toEqual([
      'invoice',
      'invoice',
      'payment',
      'debit_note',
      'invoice',
      'credit_note',
      'payment',
      'payment',
      'payment',
    ]);
    expect(s.entries[0].number).toMatch(/^INV\//);
    // Closing balance = invoices (less their own TDS) + debit notes - credit notes - receipts (cash and TDS counted once).
    const sum = (type: string, k: 'debit' | 'credit') => lines.filter((l) => l.type === type).reduce((acc, l) => acc + paise(l[k]), 0);
    expect(paise(s.closing_balance)).toBe(sum('invoice', 'debit') + sum('debit_note', 'debit') - sum('credit_note', 'credit') - sum('payment', 'credit'));
    expect(await statementOk('from=2025-04-01&to=2026-03-31')).toEqual(s);
  });

  it('opens a period in the middle with the balance of everything before it', async () => {
    const s = await statementOk('from=2025-06-01&to=2025-06-15');
    const e = expected('2025-06-01', '2025-06-15');
    expect(e.opening).not.toBe(0);
    expect(s.opening_balance).toBe(e.opening);
    expect(s.entries.map((x: Record<string, unknown>) => ({ ...x, number: undefined }))).toEqual(e.entries.map((x) => ({ ...x, number: undefined })));
    expect(s.closing_balance).toBe(e.closing);
    const rest = await statementOk('from=2025-06-16&to=2025-12-31');
    expect(rest.opening_balance).toBe(s.closing_balance);
  });

  it('prints the statement as a PDF: business, client, period, the balances and every entry the test computes', async () => {
    const query = 'from=2025-06-01&to=2025-06-30';
    const json = await statementOk(query);
    const e = expected('2025-06-01', '2025-06-30');
    const res = await statement(`${query}&format=pdf`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(res.body as Buffer, 'client-statement');
    const text = both(pdf);
    expect(text).toContain('STATEMENT OF ACCOUNT');
    expect(text).toContain('Sharma Steel');
    expect(text).toContain('Kapoor Exports');
    expect(text).toContain('Period: 01-06-2025 to 30-06-2025');
    // The closing balance the PDF prints is the JSON's, and the one the test computes.
    expect(json.closing_balance).toBe(e.closing);
    expect(text).toContain(`Closing balance: INR ${printed(e.closing)}`);
    expect(pdf.layout).toMatch(new RegExp(`Opening balance\\s+${printed(e.opening).replace(/\./g, '\\.')}`));
    // One printed row per entry: its date, number and running balance on one line.
    const rows = pdf.layout.split('\n');
    for (const entry of json.entries as Array<{ date: string; number: string | null; balance: number }>) {
      const date = entry.date.split('-').reverse().join('-');
      expect(rows.some((r) => r.includes(date) && r.includes(entry.number ?? '') && r.trimEnd().endsWith(printed(entry.balance)))).toBe(true);
    }
    expect(json.entries).toHaveLength(e.entries.length);
  });

  it("answers 404 for another account's client in PDF too, and 400 for an unknown format", async () => {
    await t.http.get(`/v1/clients/${client}/statement?format=pdf`).set(b.auth).expect(404);
    const bad = await statement('format=xml').expect(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_error', details: { format: expect.any(String) } });
  });

  it("never shows drafts or another client's documents", async () => {
    const s = await statementOk('fy_start_year=2025');
    expect(s.entries).toHaveLength(lines.length);
  });

  it("answers 404 for another account's client", async () => {
    const res = await statement('fy_start_year=2025', b, client).expect(404);
    expect(res.body.error.code).toBe('not_found');
    await statement('fy_start_year=2025', a, clientB).expect(404);
    expect((await statement('', b, clientB).expect(200)).body.data).toMatchObject({ client_id: clientB, opening_balance: 0, entries: [], closing_balance: 0 });
  });

  it('refuses bad dates with 400 naming the field', async () => {
    expect((await statement('from=2025-02-30').expect(400)).body.error).toMatchObject({ code: 'validation_error', details: { from: expect.any(String) } });
    expect((await statement('to=yesterday').expect(400)).body.error).toMatchObject({ code: 'validation_error', details: { to: expect.any(String) } });
    expect((await statement('from=2025-07-01&to=2025-06-01').expect(400)).body.error).toMatchObject({
      code: 'validation_error',
      details: { from: expect.any(String) },
    });
    expect((await statement('fy_start_year=abc').expect(400)).body.error).toMatchObject({
      code: 'validation_error',
      details: { fy_start_year: expect.any(String) },
    });
  });
});
