import ExcelJS from 'exceljs';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { createClient, line } from './support/sales-document-helpers';

type Bucket = 'current' | '1_30' | '31_60' | '61_90' | 'over_90';
const BUCKETS: Bucket[] = ['current', '1_30', '31_60', '61_90', 'over_90'];

/** A receivable as the test keeps it: read back from the API, with the receipts the test allocated to it. */
interface Doc {
  clientId: number;
  date: string;
  due: string | null;
  /** Receivable in paise, in the document's currency. */
  receivable: number;
  /** Rupees per unit for a foreign-currency document, else null. */
  rate: number | null;
  paid: Array<{ date: string; paise: number }>;
  counted: boolean;
  /** In another currency without an exchange rate: left out of the amounts, counted apart. */
  unconverted?: boolean;
}

const paise = (n: number) => Math.round(n * 100);
const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** The bucket of a document as of a date, worked out here from calendar days (not by the service's SQL). */
function bucketOf(due: string | null, asOf: string): Bucket {
  if (due === null) return 'current';
  const late = dayNumber(asOf) - dayNumber(due);
  if (late <= 0) return 'current';
  if (late <= 30) return '1_30';
  if (late <= 60) return '31_60';
  if (late <= 90) return '61_90';
  return 'over_90';
}

/** The expected answer in paise: per client and bucket, balance as of the date, converted per document half-up. */
function expected(docs: Doc[], asOf: string) {
  const perClient = new Map<number, Record<Bucket, number>>();
  let unconverted = 0;
  for (const d of docs) {
    if (!d.counted || d.date > asOf) continue;
    const balance = d.receivable - d.paid.filter((p) => p.date <= asOf).reduce((s, p) => s + p.paise, 0);
    if (balance <= 0) continue;
    if (d.unconverted) {
      unconverted++;
      continue;
    }
    // Balance (paise) x rate (4 decimals), rounded half-up to the paisa, in integers: no float error.
    const inr = d.rate === null ? balance : Math.floor((balance * Math.round(d.rate * 10_000) + 5_000) / 10_000);
    const row = perClient.get(d.clientId) ?? { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 };
    row[bucketOf(d.due, asOf)] += inr;
    perClient.set(d.clientId, row);
  }
  return { perClient, unconverted };
}

describe('receivables ageing', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let kapoor: number;
  let deccan: number;
  let acme: number;
  let bhatia: number;
  const docs: Doc[] = [];

  const ageing = (query: string, who = a) => t.http.get(`/v1/analytics/receivables-ageing${query}`).set(who.auth);

  const invoice = async (clientId: number, taxable: number, date: string, due: string, extra: object = {}, counted = true) => {
    const id = (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: clientId, invoice_date: date, payment_due_date: due, items: [line('Consulting', 1, taxable)], ...extra })
        .expect(201)
    ).body.data.invoice_id as number;
    const read = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    const doc: Doc = {
      clientId,
      date: read.invoice_date,
      due: read.payment_due_date,
      receivable: paise(read.total_amount) - paise(read.tds_amount ?? 0),
      rate: read.currency === 'INR' ? null : read.exchange_rate,
      paid: [],
      counted,
    };
    docs.push(doc);
    return { id, doc };
  };

  /** A receipt through POST /v1/payments allocated to one document, recorded on the test's side too. */
  const receive = async (clientId: number, target: { id: number; doc: Doc }, amount: number, date: string, type = 'invoice', tds = 0) => {
    const tdsField = tds ? { tds_amount: tds } : {};
    await t.http
      .post('/v1/payments')
      .set(a.auth)
      .send({
        client_id: clientId,
        amount,
        payment_date: date,
        mode: 'upi',
        ...tdsField,
        allocations: [{ document_type: type, document_id: target.id, amount, ...tdsField }],
      })
      .expect(201);
    // TDS the receipt records on an invoice without its own settles that part from the allocation's date.
    target.doc.paid.push({ date, paise: paise(amount) + paise(tds) });
  };

  beforeAll(async () => {
    t = await startApp('receivables_ageing');
    a = await t.createAccount({ name: 'Sharma Steel', gstin: '27AAPFU0939F1ZV' });
    b = await t.createAccount({ name: 'Other Business' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Camp, Pune 411001' }).expect(200);
    kapoor = await createClient(t, a, 'Kapoor Exports');
    deccan = await createClient(t, a, 'Deccan Silk');
    acme = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Acme Inc', phone: '+14155550100', email: 'ap@acme.example', address: '1 Market St, San Francisco' })
        .expect(201)
    ).body.data.client.client_id;
    bhatia = await createClient(t, b, 'Bhatia Stores');

    // Kapoor: over 90 days with a part paid before and a part after 2025-09-30; 31-60 partly paid; one not yet due.
    const old = await invoice(kapoor, 1000, '2025-05-01', '2025-05-31'); // 1180.00
    await receive(kapoor, old, 500, '2025-06-10');
    await receive(kapoor, old, 300, '2025-10-15');
    const august = await invoice(kapoor, 2000, '2025-08-01', '2025-08-20'); // 2360.00
    await receive(kapoor, august, 1000.55, '2025-09-01');
    await invoice(kapoor, 333.33, '2025-09-01', '2025-10-15'); // 393.33, current
    // A draft and an invoice dated after 2025-09-30 (it counts only as of a later date).
    await invoice(kapoor, 700, '2025-09-10', '2025-09-11', { status: 'draft' }, false);
    await invoice(kapoor, 400, '2025-10-10', '2025-10-12'); // 472.00
    // 590.00 due 2025-09-15, settled on 2025-10-20 by 500.00 cash and 50.00 TDS the client deducted (40.00 left).
    const withTds = await invoice(kapoor, 500, '2025-09-01', '2025-09-15');
    await receive(kapoor, withTds, 500, '2025-10-20', 'invoice', 50);

    // Deccan: 61-90, one due 20 days before paid in full only after the date, a fully settled one, a debit note.
    await invoice(deccan, 1500, '2025-07-01', '2025-07-15'); // 1770.00
    const late = await invoice(deccan, 800, '2025-08-25', '2025-09-10'); // 944.00
    await receive(deccan, late, 944, '2025-10-05');
    const settled = await invoice(deccan, 100, '2025-08-25', '2025-09-01'); // 118.00
    await receive(deccan, settled, 118, '2025-09-02');
    const noteId = (
      await t.http
        .post('/v1/debit-notes')
        .set(a.auth)
        .send({ client_id: deccan, debit_note_date: '2025-09-05', payment_due_date: '2025-09-25', items: [{ description: 'Freight', amount: 250.25 }] })
        .expect(201)
    ).body.data.debit_note_id as number;
    const note = (await t.http.get(`/v1/debit-notes/${noteId}`).set(a.auth).expect(200)).body.data;
    const noteDoc: Doc = {
      clientId: deccan,
      date: note.debit_note_date,
      due: note.payment_due_date,
      receivable: paise(note.total_amount),
      rate: null,
      paid: [],
      counted: true,
    };
    docs.push(noteDoc);
    await receive(deccan, { id: noteId, doc: noteDoc }, 50, '2025-09-26', 'debit-note');

    // Acme: an export in USD at 83.2567 rupees per dollar (3 x 10.01 at 18% IGST: total 35.44, 2950.62 in rupees).
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({
        client_id: acme,
        invoice_date: '2025-09-01',
        payment_due_date: '2025-09-16',
        currency: 'USD',
        invoice_type: 'export',
        destination_country: 'US',
        exchange_rate: '83.2567',
        items: [{ item_description: 'Laptop sleeve', hsn_code: '42021210', quantity: 3, rate: 10.01, tax_rate: 18 }],
      })
      .expect(201)
      .then(async (r) => {
        const read = (await t.http.get(`/v1/invoices/${r.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
        docs.push({
          clientId: acme,
          date: read.invoice_date,
          due: read.payment_due_date,
          receivable: paise(read.total_amount),
          rate: read.exchange_rate,
          paid: [],
          counted: true,
        });
      });

    // A USD invoice without an exchange rate: it cannot be put in rupees, so it is counted apart.
    await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({
        client_id: acme,
        invoice_date: '2025-09-02',
        payment_due_date: '2025-09-17',
        currency: 'USD',
        invoice_type: 'export',
        destination_country: 'US',
        items: [{ item_description: 'Laptop sleeve', hsn_code: '42021210', quantity: 1, rate: 10, tax_rate: 18 }],
      })
      .expect(201)
      .then(async (r) => {
        const read = (await t.http.get(`/v1/invoices/${r.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
        expect(read.exchange_rate).toBeNull();
        docs.push({
          clientId: acme,
          date: read.invoice_date,
          due: read.payment_due_date,
          receivable: paise(read.total_amount),
          rate: null,
          paid: [],
          counted: true,
          unconverted: true,
        });
      });

    // Another account's overdue invoice.
    await t.http
      .post('/v1/invoices')
      .set(b.auth)
      .send({ client_id: bhatia, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items: [line('Steel', 1, 9999)] })
      .expect(201);
  });
  afterAll(() => t.close());

  const check = async (asOf: string) => {
    const body = (await ageing(`?as_of=${asOf}`).expect(200)).body.data;
    const { perClient: want, unconverted } = expected(docs, asOf);
    expect(body.as_of).toBe(asOf);
    expect(body.currency).toBe('INR');
    expect(body.unconverted_documents).toBe(unconverted);
    expect(body.clients.map((c: { client_id: number }) => c.client_id).sort()).toEqual([...want.keys()].sort());
    const totals: Record<Bucket, number> = { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 };
    for (const c of body.clients) {
      const row = want.get(c.client_id)!;
      for (const k of BUCKETS) {
        expect([c.client_id, k, paise(c[k])]).toEqual([c.client_id, k, row[k]]);
        totals[k] += row[k];
      }
      expect(paise(c.total)).toBe(BUCKETS.reduce((s, k) => s + row[k], 0));
    }
    for (const k of BUCKETS) expect([k, paise(body.totals[k])]).toEqual([k, totals[k]]);
    expect(paise(body.totals.total)).toBe(BUCKETS.reduce((s, k) => s + totals[k], 0));
    return body;
  };

  it('buckets each client’s balances by days past due as of the date, to the paisa', async () => {
    const body = await check('2025-09-30');
    // The figures the seeds were chosen for, spelled out.
    const kapoorRow = body.clients.find((c: { client_id: number }) => c.client_id === kapoor);
    expect(kapoorRow).toMatchObject({ client_name: 'Kapoor Exports', current: 393.33, '1_30': 590, '31_60': 1359.45, '61_90': 0, over_90: 680, documents: 4 });
    const deccanRow = body.clients.find((c: { client_id: number }) => c.client_id === deccan);
    expect(deccanRow).toMatchObject({ current: 0, '61_90': 1770, over_90: 0, documents: 3 });
    expect(body.clients.find((c: { client_id: number }) => c.client_id === acme)).toMatchObject({ '1_30': 2950.62, total: 2950.62, documents: 2 });
    expect(body.unconverted_documents).toBe(1);
  });

  it('as of an earlier date ignores the allocations dated after it; as of a later one counts them', async () => {
    const before = await check('2025-09-30');
    const after = await check('2025-10-31');
    const oldKapoor = (x: typeof before) => x.clients.find((c: { client_id: number }) => c.client_id === kapoor).over_90;
    expect(oldKapoor(before)).toBe(680);
    expect(oldKapoor(after)).toBe(380);
    // The TDS recorded on 2025-10-20 did not yet reduce what was owed on 2025-09-30.
    const kapoorOf = (x: typeof before) => x.clients.find((c: { client_id: number }) => c.client_id === kapoor);
    expect(kapoorOf(before)['1_30']).toBe(590);
    expect(kapoorOf(after)['31_60']).toBe(40);
    await check('2025-06-01');
    await check('2025-05-01');
    await check('2026-03-31');
  });

  it('defaults as_of to today', async () => {
    const today = (await ageing('').expect(200)).body.data;
    expect(today.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await check(today.as_of);
  });

  it('never shows another account’s clients or documents', async () => {
    const ours = (await ageing('?as_of=2025-09-30').expect(200)).body.data;
    expect(ours.clients.map((c: { client_id: number }) => c.client_id)).not.toContain(bhatia);
    const theirs = (await ageing('?as_of=2025-09-30', b).expect(200)).body.data;
    expect(theirs.clients).toEqual([expect.objectContaining({ client_id: bhatia, over_90: 11798.82, total: 11798.82, documents: 1 })]);
    expect(theirs.totals.total).toBe(11798.82);
  });

  it('answers a workbook whose totals equal the JSON', async () => {
    const json = (await ageing('?as_of=2025-09-30').expect(200)).body.data;
    const res = await ageing('?as_of=2025-09-30&format=xlsx').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('receivables-ageing-2025-09-30.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Ageing')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const totalRow = rows.find((r) => r[1] === 'Total')!;
    expect(totalRow.slice(2)).toEqual([...BUCKETS.map((k) => json.totals[k]), json.totals.total, json.totals.documents]);
    expect(rows.length).toBe(json.clients.length + 2);
    for (const c of json.clients) {
      const row = rows.find((r) => r[0] === c.client_id)!;
      expect(row.slice(2)).toEqual([...BUCKETS.map((k) => c[k]), c.total, c.documents]);
    }
  });

  it('refuses an as_of that is not a date, naming it', async () => {
    for (const bad of ['2025-02-30', 'yesterday', '30-09-2025', '1999-12-31']) {
      const res = await ageing(`?as_of=${bad}`).expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { as_of: expect.any(String) } });
    }
    const format = await ageing('?format=pdf').expect(400);
    expect(format.body.error.details).toEqual({ format: expect.any(String) });
  });
});
