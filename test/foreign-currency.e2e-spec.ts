import Ajv from 'ajv';
import irpSchema from '../schemas/einvoice-1.1.schema.json';
import gstr1Schema from '../schemas/gstr1.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

/**
 * Documents in a foreign currency (CGST Rules, rule 34; docs/gst.md, "Foreign currency"): `exchange_rate` on the
 * header, GSTR-1, the e-invoice and analytics in rupees, the PDF in both, and the warning and the 400s of a document
 * without a rate. The rupee figures are worked out by hand here: each amount x rate, rounded half-up to the paisa.
 */
describe('foreign currency', () => {
  let t: TestApp;
  let a: TestAccount;
  let foreign: number;
  let local: number;
  const ajv = new Ajv({ allErrors: true });

  /** One line of USD 1,000.00 without tax (an export under LUT). */
  const thousand = { item_description: 'Design services', hsn_code: '998391', quantity: 1, rate: 1000, tax_rate: 0 };
  /** 3 x USD 10.01 at 18% IGST: taxable 30.03, IGST 5.41, total 35.44. */
  const withTax = { item_description: 'Laptop sleeve', hsn_code: '42021210', quantity: 3, rate: 10.01, tax_rate: 18 };

  const create = async (body: object) =>
    (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({
          client_id: foreign,
          invoice_date: '2026-10-05',
          payment_due_date: '2026-10-20',
          currency: 'USD',
          invoice_type: 'export',
          destination_country: 'US',
          ...body,
        })
        .expect(201)
    ).body.data as { invoice_id: number };
  const read = async (id: number) => (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
  const gstr1 = () => t.http.get('/v1/exports/gstr1?period=2026-10').set(a.auth);
  const pdfText = async (id: number) =>
    (await pdfParse((await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body)).text.replace(/\s+/g, ' ');

  let exportWopay: { id: number; number: string };
  let exportWpay: { id: number; number: string };

  beforeAll(async () => {
    t = await startApp('foreign_currency');
    a = await t.createAccount({ name: 'Sharma Exports', gstin: '27AAPFU0939F1ZV' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Camp, Pune 411001' }).expect(200);
    const client = (body: object) =>
      t.http
        .post('/v1/clients')
        .set(a.auth)
        .send(body)
        .expect(201)
        .then((r) => r.body.data.client.client_id as number);
    foreign = await client({ name: 'Acme Inc', phone: '+14155550100', email: 'ap@acme.example', address: '1 Market St, San Francisco' });
    local = await client({ name: 'Pune Buyer', phone: '9300000001', email: 'buyer@example.com', state_code: '27' });

    const wopay = await create({ exchange_rate: 83.25, lut_number: 'AD270326000123X', items: [thousand] });
    const wpay = await create({ exchange_rate: '83.2567', items: [withTax] });
    exportWopay = { id: wopay.invoice_id, number: (await read(wopay.invoice_id)).invoice_number as string };
    exportWpay = { id: wpay.invoice_id, number: (await read(wpay.invoice_id)).invoice_number as string };
  });
  afterAll(() => t.close());

  it('stores exchange_rate and returns it on reads, with no warning', async () => {
    const inv = await read(exportWopay.id);
    expect(inv).toMatchObject({ currency: 'USD', exchange_rate: 83.25, total_amount: 1000, supply_type: 'export_without_payment', tax_warnings: [] });
    expect(await read(exportWpay.id)).toMatchObject({ exchange_rate: 83.2567, total_amount: 35.44 });
    const list = (await t.http.get('/v1/invoices').set(a.auth).expect(200)).body.data;
    const rows = (Array.isArray(list) ? list : (list.invoices ?? list.items)) as Array<{ invoice_id: number; exchange_rate: number | null }>;
    expect(rows.find((r) => r.invoice_id === exportWopay.id)?.exchange_rate).toBe(83.25);
  });

  it('refuses a bad exchange_rate and one on an INR document; a PATCH to INR drops it', async () => {
    for (const bad of [0, -1, 'abc', 83.12345, 100000]) {
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: foreign, invoice_date: '2026-10-05', payment_due_date: '2026-10-05', currency: 'USD', exchange_rate: bad, items: [thousand] })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { exchange_rate: expect.any(String) } });
    }
    const inr = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: local, invoice_date: '2026-10-05', payment_due_date: '2026-10-05', exchange_rate: 1, items: [thousand] })
      .expect(400);
    expect(inr.body.error.details).toHaveProperty('exchange_rate');
    const { invoice_id: id } = await create({ exchange_rate: 90, items: [thousand], lut_number: 'AD270326000123X', status: 'draft' });
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ currency: 'INR' }).expect(200);
    expect(await read(id)).toMatchObject({ currency: 'INR', exchange_rate: null });
  });

  it('carries the rate of a quotation into the invoice made from it, and onto notes', async () => {
    const q = await t.http
      .post('/v1/quotations')
      .set(a.auth)
      .send({ client_id: foreign, quotation_date: '2026-10-05', currency: 'EUR', exchange_rate: 90.5, items: [thousand] })
      .expect(201);
    const qid = q.body.data.quotation_id as number;
    expect((await t.http.get(`/v1/quotations/${qid}`).set(a.auth).expect(200)).body.data).toMatchObject({ currency: 'EUR', exchange_rate: 90.5 });
    const converted = await t.http.post(`/v1/quotations/${qid}/convert-to-invoice`).set(a.auth).send({ invoice_date: '2026-11-02' });
    expect([200, 201]).toContain(converted.status);
    const invoiceId = (converted.body.data.invoice_id ?? converted.body.data.invoice?.invoice_id) as number;
    expect(await read(invoiceId)).toMatchObject({ currency: 'EUR', exchange_rate: 90.5 });
    const dn = await t.http
      .post('/v1/debit-notes')
      .set(a.auth)
      .send({ client_id: foreign, debit_note_date: '2026-11-03', currency: 'USD', exchange_rate: 84, items: [{ description: 'Freight', amount: 10 }] })
      .expect(201);
    const note = (await t.http.get(`/v1/debit-notes/${dn.body.data.debit_note_id}`).set(a.auth).expect(200)).body.data;
    expect(note).toMatchObject({ currency: 'USD', exchange_rate: 84, tax_warnings: [] });
  });

  it('GSTR-1 reports the exports in rupees, line by line', async () => {
    const ret = (await gstr1().expect(200)).body.data;
    expect(ajv.validate(gstr1Schema, ret)).toBe(true);
    const exp = Object.fromEntries((ret.exp as Array<{ exp_typ: string; inv: Array<{ inum: string }> }>).map((e) => [e.exp_typ, e.inv]));
    expect(exp.WOPAY.find((i) => i.inum === exportWopay.number)).toMatchObject({ val: 83250, itms: [{ txval: 83250, rt: 0, iamt: 0 }] });
    // 30.03 x 83.2567 = 2500.198701, 5.41 x 83.2567 = 450.418747, 35.44 x 83.2567 = 2950.617448.
    expect(exp.WPAY.find((i) => i.inum === exportWpay.number)).toMatchObject({ val: 2950.62, itms: [{ txval: 2500.2, rt: 18, iamt: 450.42 }] });
    const hsn = [...ret.hsn.hsn_b2b, ...ret.hsn.hsn_b2c] as Array<{ hsn_sc: string; txval: number; iamt: number }>;
    expect(hsn.find((h) => h.hsn_sc === '9983')).toMatchObject({ txval: 83250 });
    expect(hsn.find((h) => h.hsn_sc === '4202')).toMatchObject({ txval: 2500.2, iamt: 450.42 });
  });

  it('the e-invoice carries rupees and the currency', async () => {
    const json = (await t.http.get(`/v1/exports/einvoice/${exportWopay.id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(irpSchema, json)).toBe(true);
    expect(json.ValDtls).toMatchObject({ AssVal: 83250, IgstVal: 0, TotInvVal: 83250, RndOffAmt: 0 });
    expect(json.ItemList[0]).toMatchObject({ UnitPrice: 83250, TotAmt: 83250, AssAmt: 83250, TotItemVal: 83250 });
    expect(json.ExpDtls).toMatchObject({ ForCur: 'USD', CntCode: 'US', RefClm: 'N' });
    const taxed = (await t.http.get(`/v1/exports/einvoice/${exportWpay.id}`).set(a.auth).expect(200)).body.data;
    expect(taxed.ValDtls).toMatchObject({ AssVal: 2500.2, IgstVal: 450.42, TotInvVal: 2950.62, RndOffAmt: 0 });
    expect(taxed.ItemList[0]).toMatchObject({ TotAmt: 2500.2, AssAmt: 2500.2, IgstAmt: 450.42, TotItemVal: 2950.62 });
  });

  it('the PDF shows the amounts in the currency and the exchange rate, taxable value and tax in rupees', async () => {
    const text = await pdfText(exportWpay.id);
    expect(text).toContain('$ 35.44');
    expect(text).toContain('Exchange rate: 1 USD = ₹ 83.2567');
    expect(text).toContain('taxable value ₹ 2,500.20');
    expect(text).toContain('IGST ₹ 450.42');
    expect(text).toContain('total ₹ 2,950.62');
    expect(await pdfText(exportWopay.id)).toContain('taxable value ₹ 83,250.00');
  });

  it('analytics report rupees', async () => {
    const full = (await t.http.get('/v1/analytics/full?fy_start_year=2026').set(a.auth).expect(200)).body.data;
    // The two October exports and the converted EUR invoice of November (1,000 x 90.5) are issued.
    expect(full.invoices.invoiced_amount).toBe(83250 + 2950.62 + 90500);
    expect(full.gst).toMatchObject({ taxable_value: 83250 + 2500.2 + 90500, igst: 450.42 });
  });

  it('a foreign-currency document without exchange_rate is warned about, and GSTR-1 and the e-invoice refuse it by number', async () => {
    const { invoice_id: id } = await create({ items: [withTax] });
    const inv = await read(id);
    expect(inv.exchange_rate).toBeNull();
    expect(inv.tax_warnings).toEqual([expect.objectContaining({ line: null, code: 'exchange_rate_missing', field: 'exchange_rate' })]);
    const refused = await gstr1().expect(400);
    expect(refused.body.error.code).toBe('validation_error');
    expect(refused.body.error.details.documents).toContain(inv.invoice_number);
    const einv = await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(400);
    expect(einv.body.error).toMatchObject({ code: 'validation_error', details: { invoice_number: expect.stringContaining(inv.invoice_number) } });
    expect(await pdfText(id)).toContain('No exchange rate is recorded for USD');
    // Analytics leave its amounts out (its rupee value is unknown) but count it.
    const full = (await t.http.get('/v1/analytics/full?fy_start_year=2026').set(a.auth).expect(200)).body.data;
    expect(full.invoices.invoiced_amount).toBe(83250 + 2950.62 + 90500);

    const patched = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ exchange_rate: 83.2567 }).expect(200);
    expect(patched.body.data.tax_warnings ?? []).toEqual([]);
    await gstr1().expect(200);
  });
});
