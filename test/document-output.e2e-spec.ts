import JSZip from 'jszip';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { insertNote, insertProductDocument } from './support/sql-documents';
import { binary } from './support/binary-body';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

const SUPPLIER_GSTIN = '27AAPFU0939F1ZV';
const CLIENT_GSTIN = '29AAACH7409R1ZX';

async function pdfText(buffer: Buffer): Promise<string> {
  expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pdfParse(buffer)).text.replace(/\s+/g, ' ');
}

describe('document output: PDFs, bulk ZIP, share links, templates', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startApp('document_output');
    a = await t.createAccount({ name: 'Shree Ganesh Electricals', email: 'sge@example.com', gstin: SUPPLIER_GSTIN });
    b = await t.createAccount({ name: 'Other Co', email: 'other@example.com' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune' }).expect(200);
    const client = await t.http
      .post('/v1/clients')
      .set(a.auth)
      .send({ name: 'Karnataka Traders <b>&</b> Sons', phone: '9876543210', email: 'kt@example.com', gstin: CLIENT_GSTIN, address: 'Bengaluru' })
      .expect(201);
    clientId = client.body.data.client.client_id;
    const lines = [
      { description: 'Copper wire 2.5 sq mm', hsn: '8544', quantity: 10, rate: 1000, taxRate: 18, igst: 1800, total: 11800 },
      { description: 'Installation service', hsn: '995461', quantity: 1, rate: 500, taxRate: 18, igst: 90, total: 590 },
    ];
    ids.invoice = await insertProductDocument(t.dataSource, 'invoice', a.accountId, clientId, 'INV/25-26/0001', '2025-08-05', lines);
    ids.quotation = await insertProductDocument(t.dataSource, 'quotation', a.accountId, clientId, 'QT/25-26/0001', '2025-08-01', lines);
    ids['proforma-invoice'] = await insertProductDocument(t.dataSource, 'proforma-invoice', a.accountId, clientId, 'PI/25-26/0001', '2025-08-02', lines);
    ids['debit-note'] = await insertNote(t.dataSource, 'debit-note', a.accountId, clientId, 'DN/25-26/0001', '2025-08-10', [
      { description: 'Freight recovery', amount: 1500 },
    ]);
    ids['credit-note'] = await insertNote(
      t.dataSource,
      'credit-note',
      a.accountId,
      clientId,
      'CN/25-26/0001',
      '2025-08-12',
      [{ description: 'Damaged goods returned', amount: 12390 }],
      { source_invoice_id: ids.invoice },
    );
  });
  afterAll(() => t.close());

  const getPdf = (auth: Record<string, string>, path: string) => t.http.get(path).set(auth).buffer(true).parse(binary);

  it.each([
    ['invoice', 'INV/25-26/0001', 'Tax Invoice', 'Rupees Twelve Thousand Three Hundred Ninety Only'],
    ['quotation', 'QT/25-26/0001', 'Quotation', 'Rupees Twelve Thousand Three Hundred Ninety Only'],
    ['proforma-invoice', 'PI/25-26/0001', 'Proforma Invoice', 'Rupees Twelve Thousand Three Hundred Ninety Only'],
    ['debit-note', 'DN/25-26/0001', 'Debit Note', 'Rupees One Thousand Five Hundred Only'],
    ['credit-note', 'CN/25-26/0001', 'Credit Note', 'Rupees Twelve Thousand Three Hundred Ninety Only'],
  ])('renders a %s PDF with number, parties, GSTINs and amount in words', async (type, number, title, words) => {
    const res = await getPdf(a.auth, `/v1/documents/${type}/${ids[type]}/pdf`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.body);
    expect(text).toContain(number);
    expect(text).toContain(title);
    expect(text).toContain('Shree Ganesh Electricals');
    expect(text).toContain('Karnataka Traders <b>&</b> Sons'); // escaped: the markup shows as text
    expect(text).toContain(SUPPLIER_GSTIN);
    expect(text).toContain(CLIENT_GSTIN);
    expect(text).toContain(words);
    if (!type.endsWith('note')) {
      expect(text).toContain('8544');
      expect(text).toContain('995461');
      expect(text).toMatch(/IGST/);
      expect(text).toMatch(/Karnataka \(29\)|29.{0,3}Karnataka|Karnataka.{0,5}29/);
    }
    if (type === 'credit-note') expect(text).toContain('INV/25-26/0001');
  });

  it('the chosen template changes the output', async () => {
    const before = (await getPdf(a.auth, `/v1/documents/invoice/${ids.invoice}/pdf`).expect(200)).body as Buffer;
    const got = await t.http.get('/v1/settings/templates').set(a.auth).expect(200);
    expect(got.body.data.invoice_template).toBe('classic');
    await t.http.patch('/v1/settings/templates').set(a.auth).send({ invoice_template: 'fancy' }).expect(400);
    const patched = await t.http.patch('/v1/settings/templates').set(a.auth).send({ invoice_template: 'modern' }).expect(200);
    expect(patched.body.data.invoice_template).toBe('modern');
    const after = (await getPdf(a.auth, `/v1/documents/invoice/${ids.invoice}/pdf`).expect(200)).body as Buffer;
    expect(after.equals(before)).toBe(false);
    expect(await pdfText(after)).toContain('INV/25-26/0001');
    await t.http.patch('/v1/settings/templates').set(a.auth).send({ invoice_template: 'classic' }).expect(200);
  });

  it('bulk-pdf streams a ZIP with one valid PDF per invoice, named by number', async () => {
    const second = await insertProductDocument(t.dataSource, 'invoice', a.accountId, clientId, 'INV/25-26/0002', '2025-09-01', [
      { description: 'Panel', hsn: '8537', rate: 100, total: 118, taxRate: 18, igst: 18 },
    ]);
    const res = await t.http
      .post('/v1/invoices/bulk-pdf')
      .set(a.auth)
      .send({ ids: [ids.invoice, second] })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.body);
    expect(Object.keys(zip.files).sort()).toEqual(['INV-25-26-0001.pdf', 'INV-25-26-0002.pdf']);
    for (const name of Object.keys(zip.files)) {
      const pdf = await zip.file(name)!.async('nodebuffer');
      expect(await pdfText(pdf)).toContain(name.replace('.pdf', '').replace(/^INV-(\d\d)-(\d\d)-/, 'INV/$1-$2/'));
    }
  });

  it('bulk-pdf answers 404 listing ids that are missing or of another account', async () => {
    const theirs = await insertProductDocument(t.dataSource, 'invoice', b.accountId, clientId, 'INV/25-26/0001', '2025-08-05', [
      { description: 'x', rate: 1, total: 1 },
    ]);
    const res = await t.http
      .post('/v1/invoices/bulk-pdf')
      .set(a.auth)
      .send({ ids: [ids.invoice, theirs, 987654] })
      .expect(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', details: { missing_ids: [theirs, 987654] } });
    await t.http.post('/v1/invoices/bulk-pdf').set(a.auth).send({ ids: [] }).expect(400);
    await t.http
      .post('/v1/invoices/bulk-pdf')
      .set(a.auth)
      .send({ ids: Array.from({ length: 201 }, (_, i) => i + 1) })
      .expect(400);
  });

  it('share: the same URL until revoked; public route streams inline; revoked is 404', async () => {
    const first = await t.http.post(`/v1/documents/invoice/${ids.invoice}/share`).set(a.auth).expect(200);
    const url: string = first.body.data.share_url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/v1\/share\/[A-Za-z0-9_-]{43}$/);
    const again = await t.http.get(`/v1/documents/invoice/${ids.invoice}/share`).set(a.auth).expect(200);
    expect(again.body.data.share_url).toBe(url);
    const path = new URL(url).pathname;
    const pub = await t.http.get(path).buffer(true).parse(binary).expect(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect(pub.headers['content-disposition']).toMatch(/^inline/);
    expect(await pdfText(pub.body)).toContain('INV/25-26/0001');
    const token = path.split('/').pop() as string;
    const stored = await t.dataSource.query('SELECT token_hash, token_encrypted FROM document_shares WHERE account_id = ?', [a.accountId]);
    expect(JSON.stringify(stored)).not.toContain(token); // kept hashed and sealed, never in clear
    await t.http
      .delete(`/v1/documents/invoice/${ids.invoice}/share`)
      .set(a.auth)
      .expect(200, { ok: true, data: { revoked: true } });
    const gone = await t.http.get(path).expect(404);
    expect(gone.body.error.code).toBe('not_found');
    const fresh = await t.http.get(`/v1/documents/invoice/${ids.invoice}/share`).set(a.auth).expect(200);
    expect(fresh.body.data.share_url).not.toBe(url);
    await t.http.get('/v1/share/unknown-token-unknown-token-unknown').expect(404);
  });

  it("account B cannot render, share or zip A's documents", async () => {
    for (const type of Object.keys(ids)) {
      await t.http.get(`/v1/documents/${type}/${ids[type]}/pdf`).set(b.auth).expect(404);
      await t.http.get(`/v1/documents/${type}/${ids[type]}/share`).set(b.auth).expect(404);
      await t.http.post(`/v1/documents/${type}/${ids[type]}/share`).set(b.auth).expect(404);
      await t.http.delete(`/v1/documents/${type}/${ids[type]}/share`).set(b.auth).expect(404);
    }
    await t.http
      .post('/v1/invoices/bulk-pdf')
      .set(b.auth)
      .send({ ids: [ids.invoice] })
      .expect(404);
  });

  it('unknown types are unknown routes; bad ids are 400; errors keep the envelope', async () => {
    const res = await t.http.get(`/v1/documents/receipt/${ids.invoice}/pdf`).set(a.auth).expect(404);
    expect(res.body.error.details).toEqual({ route: `/v1/documents/receipt/${ids.invoice}/pdf`, method: 'GET' });
    await t.http.get('/v1/documents/invoice/abc/pdf').set(a.auth).expect(400);
    await t.http.get(`/v1/documents/invoice/${ids.invoice}/pdf`).expect(401);
  });

  it('the business signature is stored through settings and validated', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const bad = await t.http.patch('/v1/settings/business').set(a.auth).send({ signature_png: 'aGVsbG8=' }).expect(400);
    expect(bad.body.error.details).toHaveProperty('signature_png');
    const ok = await t.http
      .patch('/v1/settings/business')
      .set(a.auth)
      .send({ signature_png: `data:image/png;base64,${png}` })
      .expect(200);
    expect(ok.body.data.has_signature).toBe(true);
    expect(JSON.stringify(ok.body)).not.toContain(png);
    const res = await getPdf(a.auth, `/v1/documents/invoice/${ids.invoice}/pdf`).expect(200);
    expect(await pdfText(res.body)).toContain('Authorised Signatory');
  });
});
