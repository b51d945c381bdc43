import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { startRelayContext } from './support/relay-context';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { insertNote, insertProductDocument } from './support/sql-documents';
import { dropQueue, queuePrefixFor, startWorker, TestWorker, waitForStatus } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';
import { mobile } from './support/mobile-auth';
import { eventSchemas } from './support/event-schemas';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A second, different PNG (2x1) for the override path. */
const OTHER_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';
const LINES = [{ description: 'Copper wire 2.5 sq mm', hsn: '8544', quantity: 10, rate: 1000, taxRate: 18, igst: 1800, total: 11800 }];

describe('sendouts: queue, worker, SMTP', () => {
  let t: TestApp;
  let worker: TestWorker;
  let sink: SmtpSink;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;
  let otherClientId: number;
  let invoiceId: number;
  const docs: Record<string, number> = {};

  const post = (auth: object, body: Record<string, unknown>) =>
    t.http
      .post('/v1/sendouts')
      .set(auth as Record<string, string>)
      .send(body);
  const base = () => ({
    client_id: clientId,
    document_type: 'invoice',
    document_id: invoiceId,
    subject: 'Invoice INV/25-26/0001',
    message: 'Dear client,\n\nPlease find the invoice attached.',
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startApp('sendouts', {
      WEBHOOKS_ALLOW_INSECURE: 'on',
      SMTP_URL: sink.url,
      QUEUE_PREFIX: queuePrefixFor('sendouts'),
      SENDOUT_BACKOFF_MS: '100',
      SWEEP_INTERVAL_MS: '60000',
    });
    worker = await startWorker(t.config);
    a = await t.createAccount({ name: 'Shree Ganesh Electricals', email: 'sge@example.com', gstin: '27AAPFU0939F1ZV' });
    b = await t.createAccount({ name: 'Other Co', email: 'other@example.com' });
    await t.http
      .patch('/v1/settings/business')
      .set(a.auth)
      .send({ signature_png: `data:image/png;base64,${PNG}` })
      .expect(200);
    const client = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Karnataka Traders', phone: '9876543210', email: 'kt@example.com' }).expect(201);
    clientId = client.body.data.client.client_id;
    const other = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Pune Metals', phone: '9876500000', email: 'pm@example.com' }).expect(201);
    otherClientId = other.body.data.client.client_id;
    invoiceId = await insertProductDocument(t.dataSource, 'invoice', a.accountId, clientId, 'INV/25-26/0001', '2025-08-05', LINES);
    docs.invoice = invoiceId;
    docs.quotation = await insertProductDocument(t.dataSource, 'quotation', a.accountId, clientId, 'QT/25-26/0001', '2025-08-01', LINES);
    docs['proforma-invoice'] = await insertProductDocument(t.dataSource, 'proforma-invoice', a.accountId, clientId, 'PI/25-26/0001', '2025-08-02', LINES);
    docs['debit-note'] = await insertNote(t.dataSource, 'debit-note', a.accountId, clientId, 'DN/25-26/0001', '2025-08-10', [
      { description: 'Freight', amount: 1500 },
    ]);
    docs['credit-note'] = await insertNote(t.dataSource, 'credit-note', a.accountId, clientId, 'CN/25-26/0001', '2025-08-12', [
      { description: 'Return', amount: 500 },
    ]);
  });

  afterAll(async () => {
    await worker?.close();
    if (t) await dropQueue(t.config);
    await t?.close();
    await sink?.close();
  });

  it('sends one email: right recipients and subject, the PDF attached, the signature inline; history goes queued -> sent', async () => {
    await worker.runtime.pause(); // hold the worker so the queued state is observable
    const res = await post(a.auth, {
      ...base(),
      subject: 'Invoice INV/25-26/0001 from SGE',
      cc_emails: 'cc1@example.com, cc2@example.com',
      bcc_emails: 'audit@example.com',
    }).expect(200);
    expect(res.body).toEqual({ ok: true, data: { success: true, message: expect.any(String), queue_id: expect.any(Number) } });
    const id = res.body.data.queue_id;
    const queued = await t.http.get('/v1/sendouts').set(a.auth).expect(200);
    expect(queued.body.data.history[0]).toMatchObject({
      queue_id: id,
      document_type: 'invoice',
      document_id: invoiceId,
      client_id: clientId,
      status: 'queued',
      attempts: 0,
      sent_at: null,
      to_email: 'kt@example.com',
      cc_emails: 'cc1@example.com, cc2@example.com',
      bcc_emails: 'audit@example.com',
    });
    worker.runtime.resume();
    const sent = await waitForStatus(t, a.auth, id, ['sent', 'failed']);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, message_id: expect.stringMatching(/^<.+>$/) });
    expect(sent.sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const [mail] = sink.bySubject('Invoice INV/25-26/0001 from SGE');
    expect(sink.bySubject('Invoice INV/25-26/0001 from SGE')).toHaveLength(1);
    expect(mail.rcptTo.sort()).toEqual(['audit@example.com', 'cc1@example.com', 'cc2@example.com', 'kt@example.com']);
    expect(mail.headers.to).toBe('kt@example.com');
    expect(mail.headers.cc).toBe('cc1@example.com, cc2@example.com');
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.headers['reply-to']).toBe('sge@example.com');
    expect(mail.headers['message-id']).toBe(sent.message_id);
    const pdf = mail.attachments.find((p) => p.contentType === 'application/pdf');
    expect(pdf?.filename).toBe('INV-25-26-0001.pdf');
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfParse(pdf!.content)).text.replace(/\s+/g, ' ');
    expect(text).toContain('INV/25-26/0001');
    expect(text).toContain('Karnataka Traders');
    const signature = mail.parts.find((p) => p.cid);
    expect(signature?.contentType).toBe('image/png');
    expect(signature!.content.toString('base64')).toBe(PNG);
    expect(mail.html).toContain(`cid:${signature!.cid}`);
    expect(mail.html).toContain('Please find the invoice attached.');
    expect(mail.text).toContain('Please find the invoice attached.');
  });

  it.each(['quotation', 'proforma-invoice', 'debit-note', 'credit-note'])('sends a %s', async (type) => {
    const subject = `Your ${type}`;
    const res = await post(a.auth, { ...base(), document_type: type, document_id: docs[type], subject }).expect(200);
    await waitForStatus(t, a.auth, res.body.data.queue_id, ['sent']);
    const [mail] = sink.bySubject(subject);
    const pdf = mail.attachments.find((p) => p.contentType === 'application/pdf')!;
    expect((await pdfParse(pdf.content)).text).toContain(`/25-26/0001`);
  });

  it('a subject of 400 characters (up to 500 are taken) is sent exactly once, and the row ends sent with its outcome event', async () => {
    const words = 'Invoice INV/25-26/0001 for the August delivery of copper wire, cables and fittings to the Karnataka site';
    const subject = `${words} `.repeat(5).slice(0, 399) + '.';
    expect(subject).toHaveLength(400);
    const id = (await post(a.auth, { ...base(), subject }).expect(200)).body.data.queue_id;
    expect(await waitForStatus(t, a.auth, id, ['sent', 'failed'], 20_000)).toMatchObject({ status: 'sent', attempts: 1, subject });
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.bySubject(subject)).toHaveLength(1);
    const [row] = await t.dataSource.query('SELECT status, attempts FROM sendouts WHERE id = ?', [id]);
    expect(row).toEqual({ status: 'sent', attempts: 1 });
    const events = await t.dataSource.query(
      "SELECT action, actor_kind, label FROM activity_events WHERE entity_type = 'sendout' AND entity_id = ? ORDER BY id",
      [id],
    );
    expect(events).toEqual([
      { action: 'created', actor_kind: 'api_key', label: subject.slice(0, 200) },
      { action: 'sent', actor_kind: 'system', label: subject },
    ]);
  });

  it('validation: every field rule, reported together, keyed by field', async () => {
    const res = await post(a.auth, {}).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_error',
      details: { client_id: 'is required', document_type: 'is required', document_id: 'is required', subject: 'is required', message: 'is required' },
    });
    const bad = await post(a.auth, {
      ...base(),
      document_type: 'receipt',
      client_id: 'x',
      document_id: -1,
      subject: 's'.repeat(501),
      message: '   ',
      to_email: 'nope',
      cc_emails: 'ok@example.com, broken',
      bcc_emails: 'also broken',
    }).expect(400);
    expect(bad.body.error.details).toEqual({
      client_id: 'must be a positive integer',
      document_type: 'must be one of invoice, quotation, proforma-invoice, debit-note, credit-note, statement',
      document_id: 'must be a positive integer',
      subject: 'must be at most 500 characters',
      message: 'is required',
      to_email: 'must be a valid email address',
      cc_emails: 'contains invalid email addresses: broken',
      bcc_emails: 'contains invalid email addresses: also broken',
    });
    await post(a.auth, { ...base(), subject: 's'.repeat(500) }).expect(200);
  });

  it("the document must be the account's (404) and the client's (400); the client must exist (404)", async () => {
    const unknownDoc = await post(a.auth, { ...base(), document_id: 999999 }).expect(404);
    expect(unknownDoc.body.error.code).toBe('not_found');
    const second = await insertProductDocument(t.dataSource, 'invoice', a.accountId, clientId, 'INV/25-26/0002', '2025-08-06', LINES);
    await post(a.auth, { ...base(), document_type: 'quotation', document_id: second }).expect(404); // an invoice id, no such quotation
    const wrongClient = await post(a.auth, { ...base(), client_id: otherClientId }).expect(400);
    expect(wrongClient.body.error.details).toEqual({ document_id: 'belongs to another client' });
    const unknownClient = await post(a.auth, { ...base(), client_id: 999999 }).expect(404);
    expect(unknownClient.body.error.details).toEqual({ client_id: 999999 });
  });

  it("a recipient must exist: to_email or the client's email", async () => {
    await t.dataSource.query('UPDATE clients SET email = ? WHERE id = ?', ['', otherClientId]);
    const doc = await insertProductDocument(t.dataSource, 'invoice', a.accountId, otherClientId, 'INV/25-26/0009', '2025-08-05', LINES);
    const res = await post(a.auth, { ...base(), client_id: otherClientId, document_id: doc }).expect(400);
    expect(res.body.error.details).toEqual({ to_email: 'is required: the client has no email address' });
    const ok = await post(a.auth, { ...base(), client_id: otherClientId, document_id: doc, to_email: 'ap@pune.example', subject: 'explicit recipient' }).expect(
      200,
    );
    await waitForStatus(t, a.auth, ok.body.data.queue_id, ['sent']);
    expect(sink.bySubject('explicit recipient')[0].rcptTo).toEqual(['ap@pune.example']);
  });

  it('signature_required (422) without a stored signature; a PNG override sends and shows that signature', async () => {
    const c = await t.createAccount({ name: 'No Signature Ltd', email: 'nosig@example.com' });
    const client = await t.http.post('/v1/clients').set(c.auth).send({ name: 'Buyer', phone: '9000000001', email: 'buyer@example.com' }).expect(201);
    const cid = client.body.data.client.client_id;
    const doc = await insertProductDocument(t.dataSource, 'invoice', c.accountId, cid, 'INV/25-26/0001', '2025-08-05', LINES);
    const body = { client_id: cid, document_type: 'invoice', document_id: doc, subject: 'override path', message: 'Hello' };
    const missing = await post(c.auth, body).expect(422);
    expect(missing.body.error.code).toBe('signature_required');
    for (const bad of [
      'aGVsbG8gd29ybGQ=',
      'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/',
      'not base64 at all',
      Buffer.alloc(1024 * 1024 + 10, 1).toString('base64'),
    ]) {
      const res = await post(c.auth, { ...body, signature_override: bad }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'signature_required', details: { signature_override: expect.any(String) } });
    }
    const ok = await post(c.auth, { ...body, signature_override: `data:image/png;base64,${OTHER_PNG}` }).expect(200);
    await waitForStatus(t, c.auth, ok.body.data.queue_id, ['sent']);
    const [mail] = sink.bySubject('override path');
    expect(mail.parts.find((p) => p.cid)!.content.toString('base64')).toBe(OTHER_PNG);
    const stored = await t.dataSource.query('SELECT signature_png FROM sendouts WHERE id = ?', [ok.body.data.queue_id]);
    expect(stored[0].signature_png).toBeNull(); // the override is dropped once sent
  });

  it('DELETE of a queued row cancels it: never sent, gone from the history', async () => {
    await worker.runtime.pause();
    const res = await post(a.auth, { ...base(), subject: 'must never arrive' }).expect(200);
    const id = res.body.data.queue_id;
    await t.http
      .delete(`/v1/sendouts/${id}`)
      .set(a.auth)
      .expect(200, { ok: true, data: { deleted: true } });
    const [row] = await t.dataSource.query('SELECT status FROM sendouts WHERE id = ?', [id]);
    expect(row.status).toBe('cancelled');
    const history = await t.http.get('/v1/sendouts').set(a.auth).expect(200);
    expect(history.body.data.history.map((r: { queue_id: number }) => r.queue_id)).not.toContain(id);
    await t.http.delete(`/v1/sendouts/${id}`).set(a.auth).expect(404);
    worker.runtime.resume();
    // A later email gets through, so the worker has passed the cancelled job.
    const after = await post(a.auth, { ...base(), subject: 'sent after the cancelled one' }).expect(200);
    await waitForStatus(t, a.auth, after.body.data.queue_id, ['sent']);
    expect(sink.bySubject('must never arrive')).toHaveLength(0);
    const [still] = await t.dataSource.query('SELECT status, attempts FROM sendouts WHERE id = ?', [id]);
    expect(still).toEqual({ status: 'cancelled', attempts: 0 });
  });

  it('DELETE of a sent row removes it from the history only', async () => {
    const res = await post(a.auth, { ...base(), subject: 'sent then deleted' }).expect(200);
    const id = res.body.data.queue_id;
    await waitForStatus(t, a.auth, id, ['sent']);
    await t.http.delete(`/v1/sendouts/${id}`).set(a.auth).expect(200);
    const history = await t.http.get('/v1/sendouts').set(a.auth).expect(200);
    expect(history.body.data.history.map((r: { queue_id: number }) => r.queue_id)).not.toContain(id);
    expect(sink.bySubject('sent then deleted')).toHaveLength(1);
  });

  it('a sent and a failed email each record an activity event with their row, sent as sendout.sent and sendout.failed webhooks', async () => {
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hooks = await startRelayContext(t.config);
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const endpoint = (
        await t.http
          .post('/v1/webhooks')
          .set(a.auth)
          .send({ url, events: ['sendout.*'] })
          .expect(201)
      ).body.data;
      const gone = await insertProductDocument(t.dataSource, 'invoice', a.accountId, clientId, 'INV/25-26/0999', '2025-08-06', LINES);
      await worker.runtime.pause();
      const sent = (await post(a.auth, { ...base(), subject: 'goes out, webhook follows' }).expect(200)).body.data.queue_id as number;
      const failed = (await post(a.auth, { ...base(), document_id: gone, subject: 'its invoice is deleted first' }).expect(200)).body.data.queue_id as number;
      await t.http.delete(`/v1/invoices/${gone}`).set(a.auth).expect(200);
      worker.runtime.resume();
      await waitForStatus(t, a.auth, sent, ['sent']);
      await waitForStatus(t, a.auth, failed, ['failed']);

      const trail = (await t.http.get('/v1/audit-log?entity_type=sendout&actor=system').set(a.auth).expect(200)).body.data.entries;
      expect(
        trail
          .filter((e: { entity_id: number }) => [sent, failed].includes(e.entity_id))
          .map((e: { entity_id: number; action: string }) => [e.entity_id, e.action]),
      ).toEqual(
        expect.arrayContaining([
          [sent, 'sent'],
          [failed, 'failed'],
        ]),
      );
      // Emails of the earlier tests are relayed too (their events were waiting); these two are told apart by id.
      const mine = () =>
        bodies
          .map((body) => JSON.parse(body) as { type: string; data: { object: Record<string, unknown> } })
          .filter((e) => [sent, failed].includes(e.data.object.queue_id as number));
      for (let i = 0; i < 100 && mine().length < 2; i++) {
        await hooks.relay.execute();
        await hooks.dispatch.execute();
        if (mine().length < 2) await new Promise((r) => setTimeout(r, 100));
      }
      const history = (await t.http.get('/v1/sendouts').set(a.auth).expect(200)).body.data.history as Array<Record<string, unknown>>;
      const byType = new Map(mine().map((e) => [e.type, e.data.object]));
      expect([...byType.keys()].sort()).toEqual(['sendout.failed', 'sendout.sent']);
      expect(byType.get('sendout.sent')).toEqual(history.find((h) => h.queue_id === sent));
      expect(byType.get('sendout.failed')).toEqual(history.find((h) => h.queue_id === failed));
      expect(byType.get('sendout.failed')).toMatchObject({ status: 'failed', last_error: 'The document no longer exists.' });
      // Both bodies as the document's x-webhooks schemas of their types say.
      const schemas = await eventSchemas(t);
      expect(mine().flatMap((e) => schemas.check(e))).toEqual([]);
      await t.http.delete(`/v1/webhooks/${endpoint.webhook_id}`).set(a.auth).expect(200);
    } finally {
      await hooks.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('history: newest first, limit honoured and checked', async () => {
    const all = await t.http.get('/v1/sendouts').set(a.auth).expect(200);
    const ids = all.body.data.history.map((r: { queue_id: number }) => r.queue_id);
    expect(ids.length).toBeGreaterThan(3);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
    const two = await t.http.get('/v1/sendouts?limit=2').set(a.auth).expect(200);
    expect(two.body.data.history.map((r: { queue_id: number }) => r.queue_id)).toEqual(ids.slice(0, 2));
    await t.http.get('/v1/sendouts?limit=201').set(a.auth).expect(400);
    await t.http.get('/v1/sendouts?limit=0').set(a.auth).expect(400);
    expect(JSON.stringify(all.body)).not.toContain(PNG);
  });

  it('templates fill subject and message from the document, client and business', async () => {
    const res = await t.http.get(`/v1/sendouts/templates?document_type=invoice&client_id=${clientId}&document_id=${invoiceId}`).set(a.auth).expect(200);
    expect(res.body.data.subject).toBe('Invoice INV/25-26/0001 from Shree Ganesh Electricals');
    expect(res.body.data.message).toContain('Dear Karnataka Traders,');
    expect(res.body.data.message).toContain('₹11,800.00');
    expect(res.body.data.message).toContain('payable by 05-08-2025');
    const q = await t.http.get(`/v1/sendouts/templates?document_type=quotation&client_id=${clientId}&document_id=${docs.quotation}`).set(a.auth).expect(200);
    expect(q.body.data.subject).toBe('Quotation QT/25-26/0001 from Shree Ganesh Electricals');
    await t.http.get(`/v1/sendouts/templates?document_type=invoice&client_id=${otherClientId}&document_id=${invoiceId}`).set(a.auth).expect(400);
    const bad = await t.http.get('/v1/sendouts/templates?document_type=receipt&client_id=x').set(a.auth).expect(400);
    expect(Object.keys(bad.body.error.details).sort()).toEqual(['client_id', 'document_id', 'document_type']);
  });

  it('documents: the pick list of a client and type with number, date and amount', async () => {
    const res = await t.http.get(`/v1/sendouts/documents?document_type=invoice&client_id=${clientId}`).set(a.auth).expect(200);
    expect(res.body.data.documents).toEqual([
      { document_id: expect.any(Number), label: 'INV/25-26/0002 · 06-08-2025 · ₹11,800.00' },
      { document_id: invoiceId, label: 'INV/25-26/0001 · 05-08-2025 · ₹11,800.00' },
    ]);
    const none = await t.http.get(`/v1/sendouts/documents?document_type=credit-note&client_id=${otherClientId}`).set(a.auth).expect(200);
    expect(none.body.data.documents).toEqual([]);
    await t.http.get('/v1/sendouts/documents?document_type=invoice&client_id=999999').set(a.auth).expect(404);
  });

  it("account isolation: B cannot send A's documents, nor see or delete A's rows", async () => {
    const mine = await post(a.auth, { ...base(), subject: 'isolation probe' }).expect(200);
    const id = mine.body.data.queue_id;
    const bSend = await post(b.auth, base()).expect(404);
    expect(bSend.body.error.code).toBe('not_found');
    const bClient = await t.http.post('/v1/clients').set(b.auth).send({ name: 'B Buyer', phone: '9111111111', email: 'bb@example.com' }).expect(201);
    await t.http.patch('/v1/settings/business').set(b.auth).send({ signature_png: PNG }).expect(200);
    await post(b.auth, { ...base(), client_id: bClient.body.data.client.client_id }).expect(404); // A's invoice under B's client
    const bHistory = await t.http.get('/v1/sendouts').set(b.auth).expect(200);
    expect(bHistory.body.data.history).toEqual([]);
    await t.http.delete(`/v1/sendouts/${id}`).set(b.auth).expect(404);
    await t.http.get(`/v1/sendouts/templates?document_type=invoice&client_id=${clientId}&document_id=${invoiceId}`).set(b.auth).expect(404);
    await t.http.get(`/v1/sendouts/documents?document_type=invoice&client_id=${clientId}`).set(b.auth).expect(404);
    await waitForStatus(t, a.auth, id, ['sent']);
  });

  it("permissions: a user needs sendouts and the document type's permission; auth required", async () => {
    const m = mobile(t);
    await m.addUser(a.auth, 'sender.quotes', 'Str0ngPassw0rd!', ['sendouts', 'quotations']);
    await m.addUser(a.auth, 'no.sendouts', 'Str0ngPassw0rd!', ['invoices']);
    const quotes = await m.signIn('sender.quotes', 'Str0ngPassw0rd!');
    const plain = await m.signIn('no.sendouts', 'Str0ngPassw0rd!');
    const denied = await post(quotes.auth, base()).expect(403);
    expect(denied.body.error.details).toEqual({ permission: 'invoices' });
    await t.http.get(`/v1/sendouts/documents?document_type=invoice&client_id=${clientId}`).set(quotes.auth).expect(403);
    const ok = await post(quotes.auth, { ...base(), document_type: 'quotation', document_id: docs.quotation, subject: 'by a user' }).expect(200);
    await t.http.get('/v1/sendouts').set(plain.auth).expect(403);
    await t.http.get('/v1/sendouts').expect(401);
    await waitForStatus(t, a.auth, ok.body.data.queue_id, ['sent']);
  });

  it('bad path ids are 400', async () => {
    await t.http.delete('/v1/sendouts/abc').set(a.auth).expect(400);
  });
});
