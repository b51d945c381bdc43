import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { dropQueue, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';
import { SmtpSink, startSmtpSink, SunkMail } from './support/smtp-sink';

/** A line as the test states it (paise): taxable value, rate, intra-state (CGST+SGST) or inter-state (IGST). */
interface LineSpec {
  hsn: string;
  taxable: number;
  rate: number;
  intra: boolean;
}
const taxOf = (l: LineSpec) => {
  const t = Math.round((l.taxable * l.rate) / 100);
  const half = Math.round(t / 2);
  return l.intra ? { cgst: half, sgst: t - half, igst: 0 } : { cgst: 0, sgst: 0, igst: t };
};
const rupees = (paise: number) => paise / 100;
const lineBody = (l: LineSpec) => {
  const tx = taxOf(l);
  return {
    item_description: `Item ${l.hsn}`,
    hsn_code: l.hsn,
    quantity: 1,
    rate: rupees(l.taxable),
    tax_rate: l.rate,
    cgst_amount: rupees(tx.cgst),
    sgst_amount: rupees(tx.sgst),
    igst_amount: rupees(tx.igst),
    total_amount: rupees(l.taxable + tx.cgst + tx.sgst + tx.igst),
  };
};

/** The invoices of account A; only the issued and archived ones dated in October 2026 belong in its books for October. */
const INVOICES: Array<{ date: string; status: string; b2b: boolean; lines: LineSpec[]; counted: boolean }> = [
  {
    date: '2026-10-01',
    status: 'issued',
    b2b: true,
    counted: true,
    lines: [
      { hsn: '998311', taxable: 1_000_00, rate: 18, intra: true },
      { hsn: '490110', taxable: 333_33, rate: 5, intra: true },
    ],
  },
  { date: '2026-10-14', status: 'archived', b2b: false, counted: true, lines: [{ hsn: '998311', taxable: 2_500_50, rate: 18, intra: false }] },
  { date: '2026-10-31', status: 'issued', b2b: true, counted: true, lines: [{ hsn: '847130', taxable: 45_000_00, rate: 12, intra: false }] },
  { date: '2026-10-20', status: 'draft', b2b: true, counted: false, lines: [{ hsn: '998311', taxable: 7_777_00, rate: 18, intra: true }] },
  { date: '2026-10-21', status: 'cancelled', b2b: true, counted: false, lines: [{ hsn: '998311', taxable: 8_888_00, rate: 18, intra: true }] },
  { date: '2026-09-30', status: 'issued', b2b: true, counted: false, lines: [{ hsn: '998311', taxable: 9_999_00, rate: 18, intra: true }] },
  { date: '2026-11-01', status: 'issued', b2b: true, counted: false, lines: [{ hsn: '998311', taxable: 6_666_00, rate: 18, intra: true }] },
];
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };

describe('CA-sync: settings, workbook, scheduled and test sends', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: TestWorker;
  let a: TestAccount;
  let b: TestAccount;
  let invoiceNumbers: string[];

  const settings = (who: TestAccount) => t.http.get('/v1/settings/ca-sync').set(who.auth);
  const patch = (who: TestAccount, body: object) => t.http.patch('/v1/settings/ca-sync').set(who.auth).send(body);
  const testSend = (who: TestAccount, body: object = {}) => t.http.post('/v1/settings/ca-sync/test-send').set(who.auth).send(body);
  const mailsTo = (address: string) => sink.messages.filter((m) => m.rcptTo.includes(address));
  const sendStatus = async (who: TestAccount, sendId: number) =>
    (await t.dataSource.query('SELECT status, error FROM ca_sync_sends WHERE account_id = ? AND id = ?', [who.accountId, sendId]))[0] as {
      status: string;
      error: string | null;
    };
  async function waitForSend(who: TestAccount, sendId: number): Promise<string> {
    for (let i = 0; i < 600; i++) {
      const row = await sendStatus(who, sendId);
      if (row.status === 'sent' || row.status === 'failed') return row.status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`send ${sendId} did not finish`);
  }
  const sheetRows = (ws: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startApp('ca_sync', { SMTP_URL: sink.url, QUEUE_PREFIX: queuePrefixFor('ca_sync') });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Sharma Traders' });
    b = await t.createAccount({ name: 'Other Business' });
    const client = async (who: TestAccount, name: string, gstin?: string) =>
      (
        await t.http
          .post('/v1/clients')
          .set(who.auth)
          .send({
            name,
            phone: String(9200000000 + who.accountId * 10 + (gstin ? 1 : 2)),
            email: `${name.replace(/\W/g, '')}${who.accountId}@example.com`,
            gstin,
          })
          .expect(201)
      ).body.data.client.client_id as number;
    const reg = await client(a, 'Registered Buyer', '29AAACH7409R1ZX');
    const unreg = await client(a, 'Walk-in Buyer');
    invoiceNumbers = [];
    for (const inv of INVOICES) {
      const id = (
        await t.http
          .post('/v1/invoices')
          .set(a.auth)
          .send({ client_id: inv.b2b ? reg : unreg, invoice_date: inv.date, payment_due_date: inv.date, status: inv.status, items: inv.lines.map(lineBody) })
          .expect(201)
      ).body.data.invoice_id as number;
      invoiceNumbers.push((await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data.invoice_number as string);
    }
    await t.http
      .post('/v1/credit-notes')
      .set(a.auth)
      .send({ client_id: reg, credit_note_date: '2026-10-12', status: 'issued', items: [{ description: 'Return', expense_date: '2026-10-12', amount: 590 }] })
      .expect(200);
    await t.http
      .post('/v1/debit-notes')
      .set(a.auth)
      .send({ client_id: reg, debit_note_date: '2026-10-15', items: [{ description: 'Freight', expense_date: '2026-10-15', amount: 250.5 }] })
      .expect(201);
    const sections = (await t.http.get('/v1/tds/sections').set(a.auth).expect(200)).body.data.sections as Array<{ section_id: number; code: string }>;
    const j = sections.find((s) => s.code === '194J')!.section_id;
    await t.http
      .post('/v1/expenses')
      .set(a.auth)
      .send({
        expense_description: 'Audit fee',
        expense_amount: 50000,
        expense_date: '2026-10-03',
        vendor_name: 'Rao & Co',
        vendor_pan: 'AAAFR1234K',
        payee_type: 'firm',
        tds_section_id: j,
        tds_rate: 10,
        tds_amount: 5000,
      })
      .expect(201);
    await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Rent', expense_amount: 12000.75, expense_date: '2026-10-31' }).expect(201);

    // Another account with documents of its own in the same month: never in A's books.
    const bClient = await client(b, 'B Secret Buyer', '32AADCK5978M1Z0');
    await t.http
      .post('/v1/invoices')
      .set(b.auth)
      .send({
        client_id: bClient,
        invoice_date: '2026-10-10',
        payment_due_date: '2026-10-10',
        items: [lineBody({ hsn: '111111', taxable: 99_999_00, rate: 18, intra: true })],
      })
      .expect(201);
    await t.http.post('/v1/expenses').set(b.auth).send({ expense_description: 'B secret spend', expense_amount: 777, expense_date: '2026-10-10' }).expect(201);
  });

  afterAll(async () => {
    await worker?.close();
    if (t) {
      await dropQueue(t.config);
      await t.close();
    }
    await sink?.close();
  });

  it('round-trips the settings and reports validation errors by field', async () => {
    expect((await settings(a).expect(200)).body.data).toEqual({
      enabled: false,
      ca_email: null,
      frequency: 'monthly',
      format: 'xlsx',
      last_sent_at: null,
      last_period: null,
      last_error: null,
    });
    const bad = await patch(a, { enabled: 'yes', ca_email: 'not-an-email', frequency: 'weekly', format: 'pdf' }).expect(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect(Object.keys(bad.body.error.details).sort()).toEqual(['ca_email', 'enabled', 'format', 'frequency']);
    expect((await patch(a, { enabled: true }).expect(400)).body.error.details).toEqual({ ca_email: expect.any(String) });
    const saved = (await patch(a, { ca_email: 'ca.sharma@example.com', frequency: 'quarterly' }).expect(200)).body.data;
    expect(saved).toMatchObject({ enabled: false, ca_email: 'ca.sharma@example.com', frequency: 'quarterly', format: 'xlsx' });
    expect((await settings(a).expect(200)).body.data).toMatchObject({ ca_email: 'ca.sharma@example.com', frequency: 'quarterly' });
    // B's settings are its own.
    expect((await settings(b).expect(200)).body.data.ca_email).toBeNull();
    const noEmail = await testSend(b).expect(400);
    expect(noEmail.body.error.details).toEqual({ ca_email: expect.any(String) });
    expect((await testSend(a, { from: '2026-10-31', to: '2026-10-01' }).expect(400)).body.error.details).toHaveProperty('to');
    expect((await testSend(a, { from: '2026-10-01' }).expect(400)).body.error.details).toHaveProperty('to');
  });

  it('test-send mails one .xlsx whose sheets hold the period rows and totals, and records the send', async () => {
    await patch(a, { ca_email: 'ca.sharma@example.com', format: 'xlsx' }).expect(200);
    const res = await testSend(a, OCTOBER).expect(202);
    expect(res.body.data).toMatchObject({ queued: true, send_id: expect.any(Number), period_from: OCTOBER.from, period_to: OCTOBER.to });
    expect(await waitForSend(a, res.body.data.send_id)).toBe('sent');
    const mails = mailsTo('ca.sharma@example.com');
    expect(mails).toHaveLength(1);
    const mail: SunkMail = mails[0];
    expect(mail.subject).toContain('Sharma Traders');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('books-2026-10-01-to-2026-10-31.xlsx');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(mail.attachments[0].content as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Sales register', 'Credit and debit notes', 'HSN summary', 'GST summary', 'Expenses', 'TDS']);

    // Expected figures, computed here from the test's own lines.
    const counted = INVOICES.map((inv, i) => ({ ...inv, number: invoiceNumbers[i] })).filter((inv) => inv.counted);
    const sums = (lines: LineSpec[]) => {
      const s = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
      for (const l of lines) {
        const tx = taxOf(l);
        s.taxable += l.taxable;
        s.cgst += tx.cgst;
        s.sgst += tx.sgst;
        s.igst += tx.igst;
      }
      return s;
    };
    const sales = sheetRows(book.getWorksheet('Sales register')!);
    expect(sales[0]).toEqual(expect.arrayContaining(['Invoice number', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Invoice value']));
    const body = sales.slice(1, -1);
    expect(body.map((r) => r[0])).toEqual(counted.map((inv) => inv.number));
    for (const [i, inv] of counted.entries()) {
      const s = sums(inv.lines);
      expect(body[i].slice(7, 13)).toEqual([
        rupees(s.taxable),
        rupees(s.cgst),
        rupees(s.sgst),
        rupees(s.igst),
        rupees(s.cgst + s.sgst + s.igst),
        rupees(s.taxable + s.cgst + s.sgst + s.igst),
      ]);
    }
    const all = sums(counted.flatMap((inv) => inv.lines));
    const total = sales[sales.length - 1];
    expect(String(total[0])).toContain('Total');
    expect(total.slice(7, 13)).toEqual([
      rupees(all.taxable),
      rupees(all.cgst),
      rupees(all.sgst),
      rupees(all.igst),
      rupees(all.cgst + all.sgst + all.igst),
      rupees(all.taxable + all.cgst + all.sgst + all.igst),
    ]);

    const gst = sheetRows(book.getWorksheet('GST summary')!);
    const rates = [...new Set(counted.flatMap((inv) => inv.lines.map((l) => l.rate)))].sort((x, y) => x - y);
    expect(gst.slice(1, -1).map((r) => [r[0], r[2]])).toEqual(
      rates.map((rate) => [rate, rupees(sums(counted.flatMap((inv) => inv.lines.filter((l) => l.rate === rate))).taxable)]),
    );
    const hsn = sheetRows(book.getWorksheet('HSN summary')!);
    expect(hsn.slice(1, -1).map((r) => r[0])).toEqual(['490110', '847130', '998311']);

    const notes = sheetRows(book.getWorksheet('Credit and debit notes')!);
    expect(notes.slice(1, 3).map((r) => [r[0], r[7]])).toEqual([
      ['Credit note', 590],
      ['Debit note', 250.5],
    ]);
    const expenses = sheetRows(book.getWorksheet('Expenses')!);
    expect(expenses.slice(1, -1).map((r) => [r[1], r[7]])).toEqual([
      ['Audit fee', 50000],
      ['Rent', 12000.75],
    ]);
    expect(expenses[expenses.length - 1][7]).toBe(62000.75);
    const tds = sheetRows(book.getWorksheet('TDS')!);
    expect(tds.slice(1, -2)).toEqual([expect.arrayContaining(['Deducted from vendor', 'Rao & Co', 'AAAFR1234K', '194J', 10, 5000])]);

    // Nothing of account B.
    const everything = JSON.stringify(book.worksheets.map(sheetRows));
    expect(everything).not.toContain('B Secret');
    expect(everything).not.toContain('111111');
    expect(everything).not.toContain('99999');

    const after = (await settings(a).expect(200)).body.data;
    expect(after.last_sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after.last_error).toBeNull();
  });

  it('in csv format mails a ZIP with one CSV per sheet', async () => {
    await patch(a, { format: 'csv', ca_email: 'ca.csv@example.com' }).expect(200);
    const res = await testSend(a, OCTOBER).expect(202);
    expect(await waitForSend(a, res.body.data.send_id)).toBe('sent');
    const [mail] = mailsTo('ca.csv@example.com');
    expect(mail.attachments.map((p) => [p.filename, p.contentType])).toEqual([['books-2026-10-01-to-2026-10-31.zip', 'application/zip']]);
    const zip = await JSZip.loadAsync(mail.attachments[0].content);
    expect(Object.keys(zip.files).sort()).toEqual([
      'credit-debit-notes.csv',
      'expenses.csv',
      'gst-summary.csv',
      'hsn-summary.csv',
      'sales-register.csv',
      'tds.csv',
    ]);
    const sales = (await zip.file('sales-register.csv')!.async('string'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(sales).toHaveLength(1 + INVOICES.filter((i) => i.counted).length + 1);
    expect(sales[1].startsWith(`${invoiceNumbers[0]},2026-10-01,Registered Buyer,29AAACH7409R1ZX,29,`)).toBe(true);
    expect(await zip.file('expenses.csv')!.async('string')).not.toContain('B secret');
    await patch(a, { format: 'xlsx' }).expect(200);
  });

  it('records a refused send as last_error', async () => {
    await patch(a, { ca_email: 'ca.refused@example.com' }).expect(200);
    sink.refuse = (m) => (m.rcptTo.includes('ca.refused@example.com') ? { code: 550, message: 'mailbox unavailable' } : null);
    try {
      const res = await testSend(a, OCTOBER).expect(202);
      expect(await waitForSend(a, res.body.data.send_id)).toBe('failed');
    } finally {
      sink.refuse = null;
    }
    const s = (await settings(a).expect(200)).body.data;
    expect(s.last_error).toContain('mailbox unavailable');
    const sends = (await t.http.get('/v1/settings/ca-sync/sends').set(a.auth).expect(200)).body.data.sends;
    expect(sends.map((x: { status: string; trigger: string }) => [x.trigger, x.status])).toEqual([
      ['test', 'failed'],
      ['test', 'sent'],
      ['test', 'sent'],
    ]);
    expect(sends[0]).toMatchObject({ period_from: OCTOBER.from, period_to: OCTOBER.to, error: expect.stringContaining('mailbox unavailable'), sent_at: null });
    expect((await t.http.get('/v1/settings/ca-sync/sends').set(b.auth).expect(200)).body.data.sends).toEqual([]);
    expect(s.last_sent_at).not.toBeNull();
  });

  it('sends the monthly books once on the first of the month, across two workers, and only to Pro accounts with the sync on', async () => {
    await patch(a, { enabled: true, ca_email: 'ca.monthly@example.com', frequency: 'monthly', format: 'xlsx' }).expect(200);
    // B syncs quarterly: 1 November is not a quarter's first day.
    await patch(b, { enabled: true, ca_email: 'ca.b@example.com', frequency: 'quarterly' }).expect(200);
    // C syncs monthly but its Pro has lapsed.
    const c = await t.createAccount();
    await patch(c, { enabled: true, ca_email: 'ca.c@example.com' }).expect(200);
    await t.admin.setPlan(c.accountId, 'pro', '2020-01-01 00:00:00');

    const second = await startWorker(t.config);
    try {
      const day = '2026-11-01';
      const runs = await Promise.all([worker.runtime.caSyncOnce(day), second.runtime.caSyncOnce(day)]);
      expect(runs.filter((r) => r !== null).reduce((n, r) => n + r!.sent, 0)).toBe(1);
      // Even with the hour's lock gone, the period's claim in the database holds.
      await worker.runtime.queue.redis.del(`${t.config.queue.prefix}:ca-sync:scheduled:${day}:${new Date().getUTCHours()}`);
      const again = await Promise.all([second.runtime.caSyncOnce(day), worker.runtime.caSyncOnce(day)]);
      expect(again.filter((r) => r !== null).reduce((n, r) => n + r!.sent, 0)).toBe(0);
      // Not a first day: nothing.
      expect(await worker.runtime.caSyncOnce('2026-11-02')).toEqual({ sent: 0, failed: 0 });
    } finally {
      await second.close();
    }
    const mails = mailsTo('ca.monthly@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('2026-10');
    expect(mailsTo('ca.b@example.com')).toHaveLength(0);
    expect(mailsTo('ca.c@example.com')).toHaveLength(0);
    const rows = await t.dataSource.query(`SELECT period_from, period_to, status FROM ca_sync_sends WHERE account_id = ? AND trigger_kind = 'scheduled'`, [
      a.accountId,
    ]);
    expect(rows).toEqual([{ period_from: '2026-10-01', period_to: '2026-10-31', status: 'sent' }]);
    expect((await settings(a).expect(200)).body.data).toMatchObject({ last_period: '2026-10', last_error: null });

    // The quarterly account gets its quarter on 1 January.
    await worker.runtime.queue.redis.del(`${t.config.queue.prefix}:ca-sync:scheduled:2027-01-01:${new Date().getUTCHours()}`);
    const jan = await worker.runtime.caSyncOnce('2027-01-01');
    expect(jan?.sent).toBe(2); // A for December, B for October-December
    const [bMail] = mailsTo('ca.b@example.com');
    expect(bMail.subject).toContain('FY26-27 Q3');
  });

  it('is Pro only: 402 on Free, 403 subscription_expired after Pro lapses', async () => {
    const free = await t.createAccount({ plan: 'free' });
    for (const call of [settings(free), patch(free, { enabled: false }), testSend(free)]) {
      const res = await call.expect(402);
      expect(res.body.error.code).toBe('plan_limit_reached');
    }
    const lapsed = await t.createAccount({ plan: 'pro', expires: '2020-01-01 00:00:00' });
    for (const call of [settings(lapsed), patch(lapsed, { enabled: false }), testSend(lapsed)]) {
      const res = await call.expect(403);
      expect(res.body.error.code).toBe('subscription_expired');
    }
  });
});
