import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { both, PdfText, readPdf } from './support/pdf-text';

const LOCAL_GSTIN = `27AAACH7409R1Z${gstinCheckCharacter('27AAACH7409R1Z')}`;

/**
 * A draft is no tax document (CGST rule 46(b): a tax invoice carries a consecutive number of its series, which a draft
 * takes only when it is issued). Read back with pdftotext: the PDF of a draft invoice, debit note or credit note says
 * DRAFT in its title and across the page (the watermark) and never says TAX INVOICE; once issued, the same document
 * prints its kind's title (TAX INVOICE for the invoice) with the number of the tax series and no DRAFT anywhere.
 */
describe('draft and issued PDFs', () => {
  let t: TestApp;
  let a: TestAccount;
  let client: number;

  beforeAll(async () => {
    t = await startApp('draft_pdf');
    a = await t.createAccount({ name: 'Deccan Cables', email: 'deccan.numbers@example.com', gstin: '27AAPFU0939F1ZV' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '14 Laxmi Road, Pune 411030' }).expect(200);
    client = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Pune Builders', phone: '9876500101', email: 'builders@example.com', gstin: LOCAL_GSTIN, address: '5 FC Road, Pune 411004' })
        .expect(201)
    ).body.data.client.client_id as number;
  });
  afterAll(() => t.close());

  const pdf = async (kind: string, id: number, name: string) =>
    readPdf((await t.http.get(`/v1/documents/${kind}/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer, name);

  /** Every reading of a PDF, upper-cased (titles print in capitals); `squashed` without spaces (a title's letters print spaced). */
  const texts = (pdf: PdfText) => {
    const all = `${both(pdf)} | ${pdf.raw}`.toUpperCase();
    return { all, squashed: all.replace(/\s+/g, '') };
  };
  /** The diagonal watermark: a run of text that is the word DRAFT alone (the title and the number carry it with others). */
  const watermarked = (pdf: PdfText) => pdf.raw.split('\n').some((run) => run.trim() === 'DRAFT');

  const KINDS = [
    {
      kind: 'invoice',
      path: 'invoices',
      idKey: 'invoice_id',
      numberKey: 'invoice_number',
      title: 'TAX INVOICE',
      draftTitle: 'DRAFT INVOICE – NOT ISSUED',
      series: /^INV\/26-27\/\d{4}$/,
      body: {
        client_id: 0,
        invoice_date: '2026-10-05',
        payment_due_date: '2026-11-04',
        items: [{ item_description: 'Copper cable 4 sq mm', hsn_code: '8544', quantity: 10, rate: 1000, tax_rate: 18, unit: 'MTR' }],
      },
    },
    {
      kind: 'debit-note',
      path: 'debit-notes',
      idKey: 'debit_note_id',
      numberKey: 'debit_note_number',
      title: 'DEBIT NOTE',
      draftTitle: 'DRAFT DEBIT NOTE – NOT ISSUED',
      series: /^DN\/26-27\/\d{4}$/,
      body: { client_id: 0, debit_note_date: '2026-10-06', items: [{ description: 'Short-billed cable', hsn_code: '8544', taxable_value: 500, tax_rate: 18 }] },
    },
    {
      kind: 'credit-note',
      path: 'credit-notes',
      idKey: 'credit_note_id',
      numberKey: 'credit_note_number',
      title: 'CREDIT NOTE',
      draftTitle: 'DRAFT CREDIT NOTE – NOT ISSUED',
      series: /^CN\/26-27\/\d{4}$/,
      body: { client_id: 0, credit_note_date: '2026-10-07', items: [{ description: 'Rate difference', hsn_code: '8544', taxable_value: 200, tax_rate: 18 }] },
    },
  ] as const;

  it.each(KINDS)('$kind: the draft says DRAFT in its title and watermark and not TAX INVOICE; issued, its title and tax-series number', async (k) => {
    const created = await t.http
      .post(`/v1/${k.path}`)
      .set(a.auth)
      .send({ ...k.body, client_id: client, status: 'draft' });
    expect([200, 201]).toContain(created.status);
    const id = created.body.data[k.idKey] as number;
    const draftNumber = (await t.http.get(`/v1/${k.path}/${id}`).set(a.auth).expect(200)).body.data[k.numberKey] as string;
    expect(draftNumber).toMatch(/^DRAFT\/26-27\/\d{4}$/);

    const draft = await pdf(k.kind, id, `draft-${k.kind}`);
    const text = texts(draft);
    expect(text.all).toContain(k.draftTitle);
    expect(text.all).toContain(draftNumber);
    expect(text.squashed).not.toContain('TAXINVOICE');
    expect(watermarked(draft)).toBe(true);

    await t.http.patch(`/v1/${k.path}/${id}`).set(a.auth).send({ status: 'issued' }).expect(200);
    const number = (await t.http.get(`/v1/${k.path}/${id}`).set(a.auth).expect(200)).body.data[k.numberKey] as string;
    expect(number).toMatch(k.series);
    const issued = await pdf(k.kind, id, `issued-${k.kind}`);
    const issuedText = texts(issued);
    expect(issuedText.all).toContain(k.title);
    expect(issuedText.all).toContain(number);
    expect(issuedText.squashed).not.toContain('DRAFT');
    expect(watermarked(issued)).toBe(false);
    if (k.kind !== 'invoice') expect(issuedText.squashed).not.toContain('TAXINVOICE');
  });
});
