import { startApp, TestAccount, TestApp } from './support/app-harness';
import { both, readPdf } from './support/pdf-text';
import { line } from './support/sales-document-helpers';
import { dropQueue, queuePrefixFor, SIGNATURE_PNG, startWorker, TestWorker, waitForStatus } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';

/** An amount as the statement prints it (Indian digit grouping, 2 decimals). */
const printed = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A client's statement of account emailed through sendouts (`document_type: statement`): the request names the
 * client and a period, the worker renders the statement PDF for that period and attaches it; read back with
 * pdftotext it shows the closing balance the JSON statement gives and the test computes.
 */
describe('statement sendouts', () => {
  let t: TestApp;
  let worker: TestWorker;
  let sink: SmtpSink;
  let a: TestAccount;
  let b: TestAccount;
  let client: number;
  let closingPaise: number;

  const send = (who: TestAccount, body: Record<string, unknown>) =>
    t.http
      .post('/v1/sendouts')
      .set(who.auth)
      .send({ client_id: client, document_type: 'statement', subject: 'Statement of account', message: 'Dear client,\n\nYour statement.', ...body });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startApp('statement_sendout', { SMTP_URL: sink.url, QUEUE_PREFIX: queuePrefixFor('statement-sendout'), SENDOUT_BACKOFF_MS: '100' });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Godavari Textiles', email: 'godavari@example.com' });
    b = await t.createAccount({ name: 'Other Business' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ signature_png: SIGNATURE_PNG }).expect(200);
    client = (await t.http.post('/v1/clients').set(a.auth).send({ name: 'Nashik Garments', phone: '9876500201', email: 'accounts@nashik.example' }).expect(201))
      .body.data.client.client_id as number;
    const invoice = async (date: string, rate: number) => {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: date, payment_due_date: '2025-12-31', items: [line('Cotton fabric', 1, rate)] })
        .expect(201);
      return (await t.http.get(`/v1/invoices/${res.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
    };
    const first = await invoice('2025-04-20', 5000); // before the period: in the opening balance
    const second = await invoice('2025-05-12', 2500.4);
    await t.http.post('/v1/payments').set(a.auth).send({ client_id: client, amount: 3000, payment_date: '2025-05-20', mode: 'upi' }).expect(201);
    closingPaise = Math.round(first.total_amount * 100) + Math.round(second.total_amount * 100) - 300000;
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await sink?.close();
  });

  it('queues the statement of a period, and the worker mails its PDF with the closing balance of the JSON', async () => {
    const res = await send(a, { from: '2025-05-01', to: '2025-05-31', subject: 'Statement May 2025' }).expect(200);
    const id = res.body.data.queue_id as number;
    const row = await waitForStatus(t, a.auth, id, ['sent', 'failed']);
    expect(row).toMatchObject({
      status: 'sent',
      document_type: 'statement',
      document_id: null,
      period_from: '2025-05-01',
      period_to: '2025-05-31',
      client_id: client,
      to_email: 'accounts@nashik.example',
    });
    const json = (await t.http.get(`/v1/clients/${client}/statement?from=2025-05-01&to=2025-05-31`).set(a.auth).expect(200)).body.data;
    expect(Math.round(json.closing_balance * 100)).toBe(closingPaise);

    const [mail] = sink.bySubject('Statement May 2025');
    const pdf = mail.attachments.find((p) => p.contentType === 'application/pdf');
    expect(pdf?.filename).toBe('Statement-Nashik-Garments-2025-05-01-2025-05-31.pdf');
    const text = both(readPdf(pdf!.content, 'statement-sendout'));
    expect(text).toContain('STATEMENT OF ACCOUNT');
    expect(text).toContain('Godavari Textiles');
    expect(text).toContain('Nashik Garments');
    expect(text).toContain('Period: 01-05-2025 to 31-05-2025');
    expect(text).toContain(`Closing balance: INR ${printed(closingPaise)}`);
    expect(text).toContain(`Opening balance ${printed(Math.round(json.opening_balance * 100))}`);
    expect(mail.attachments.some((p) => p.contentType === 'image/png')).toBe(true);
  });

  it('takes the period of a financial year, fixed when the email is queued', async () => {
    const res = await send(a, { fy_start_year: 2025, subject: 'Statement FY 2025-26' }).expect(200);
    const row = await waitForStatus(t, a.auth, res.body.data.queue_id, ['sent', 'failed']);
    expect(row).toMatchObject({ status: 'sent', period_from: '2025-04-01', period_to: '2026-03-31' });
    const [mail] = sink.bySubject('Statement FY 2025-26');
    const text = both(readPdf(mail.attachments.find((p) => p.contentType === 'application/pdf')!.content, 'statement-sendout-fy'));
    expect(text).toContain('Opening balance 0.00');
    expect(text).toContain(`Closing balance: INR ${printed(closingPaise)}`);
  });

  it("refuses a document id, a period on a document, bad dates, and another account's client", async () => {
    const details = async (body: Record<string, unknown>) => (await send(a, body).expect(400)).body.error.details;
    expect(await details({ document_id: 5 })).toEqual({ document_id: expect.stringContaining('statement') });
    expect(await details({ document_type: 'invoice', document_id: 5, from: '2025-05-01' })).toEqual({ from: expect.stringContaining('statement') });
    expect(await details({ from: '2025-02-30' })).toEqual({ from: expect.any(String) });
    expect(await details({ from: '2025-06-01', to: '2025-05-01' })).toEqual({ from: expect.any(String) });
    expect((await send(b, {}).expect(404)).body.error.code).toBe('not_found');
  });
});
