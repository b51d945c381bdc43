import Ajv from 'ajv';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import irpSchema from '../schemas/einvoice-1.1.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';

const SUPPLIER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
/** A registered client in the supplier's own state: CGST and SGST, a B2B invoice that can be e-invoiced. */
const CLIENT_GSTIN = `27AAACH7409R1Z${gstinCheckCharacter('27AAACH7409R1Z')}`;

describe('compensation cess on lines', () => {
  let t: TestApp;
  let a: TestAccount;
  let client: number;
  const ajv = new Ajv({ allErrors: true });

  beforeAll(async () => {
    t = await startApp('cess');
    a = await t.createAccount({ name: 'Deccan Motors', email: 'deccan.cess@example.com', gstin: SUPPLIER_GSTIN });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '14 Laxmi Road, Pune 411030' }).expect(200);
    client = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Pune Fleet Pvt Ltd', phone: '9876512345', email: 'fleet@example.com', gstin: CLIENT_GSTIN, address: '5 FC Road, Pune 411004' })
        .expect(201)
    ).body.data.client.client_id as number;
  });
  afterAll(() => t.close());

  /** A motor car at 28% with 12% compensation cess, before GST 2.0. */
  const car = { item_description: 'Motor car, petrol, 1200 cc', hsn_code: '87032291', quantity: 1, rate: 500000, tax_rate: 28, cess_rate: 12, unit: 'NOS' };
  const invoice = (date: string, items: object[]) =>
    t.http.post('/v1/invoices').set(a.auth).send({ client_id: client, invoice_date: date, payment_due_date: date, items });
  const read = async (id: number) => (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;

  it('a 2025-08 line with cess_rate 12 gets its cess computed; GSTR-1 csamt and the e-invoice CesAmt are the stored cess', async () => {
    const res = await invoice('2025-08-05', [car]).expect(201);
    expect(res.body.data.tax_warnings).toEqual([]);
    const id = res.body.data.invoice_id as number;
    const inv = await read(id);
    expect(inv.items).toEqual([
      expect.objectContaining({ taxable_value: 500000, cgst_amount: 70000, sgst_amount: 70000, cess_rate: 12, cess_amount: 60000, total_amount: 700000 }),
    ]);
    expect(inv.total_amount).toBe(700000);

    const data = (await t.http.get('/v1/exports/gstr1?period=2025-08').set(a.auth).expect(200)).body.data;
    const filed = (data.b2b as Array<{ ctin: string; inv: Array<Record<string, any>> }>)
      .find((r) => r.ctin === CLIENT_GSTIN)
      ?.inv.find((i) => i.inum === inv.invoice_number);
    expect(filed).toMatchObject({ val: 700000, itms: [{ num: 1, itm_det: { txval: 500000, rt: 28, camt: 70000, samt: 70000, csamt: 60000 } }] });
    expect(data.hsn.hsn_b2b).toEqual([expect.objectContaining({ hsn_sc: '8703', txval: 500000, csamt: 60000 })]);

    const irp = (await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(irpSchema, irp)).toBe(true);
    expect(irp.ItemList).toEqual([expect.objectContaining({ AssAmt: 500000, CgstAmt: 70000, SgstAmt: 70000, CesRt: 12, CesAmt: 60000, TotItemVal: 700000 })]);
    expect(irp.ValDtls).toMatchObject({ AssVal: 500000, CesVal: 60000, RndOffAmt: 0, TotInvVal: 700000 });
  });

  it('a cess_amount sent one rupee off is stored as sent and warned', async () => {
    const sent = { ...car, cgst_amount: 70000, sgst_amount: 70000, cess_amount: 60001, total_amount: 700001 };
    const res = await invoice('2025-08-06', [sent]).expect(201);
    expect(res.body.data.tax_warnings).toEqual([expect.objectContaining({ line: 1, code: 'tax_amount', field: 'cess_amount', expected: 60000, sent: 60001 })]);
    const inv = await read(res.body.data.invoice_id as number);
    expect(inv.items[0]).toMatchObject({ cess_rate: 12, cess_amount: 60001, total_amount: 700001 });
  });

  it('cess on a 2026-03 line is warned cess_not_applicable (none applies from 2026-02-01); a line without cess reads 0', async () => {
    const res = await invoice('2026-03-02', [{ ...car, tax_rate: 40 }]).expect(201);
    expect(res.body.data.tax_warnings.map((w: { line: number; code: string }) => [w.line, w.code])).toEqual([[1, 'cess_not_applicable']]);
    const plain = await invoice('2026-03-02', [{ ...car, tax_rate: 40, cess_rate: undefined }]).expect(201);
    expect(plain.body.data.tax_warnings).toEqual([]);
    expect((await read(plain.body.data.invoice_id as number)).items[0]).toMatchObject({ cess_rate: null, cess_amount: 0, total_amount: 700000 });
  });

  it('a cess rate out of range or a negative cess amount is a 400 naming the line', async () => {
    const res = await invoice('2025-08-07', [
      { ...car, cess_rate: 291 },
      { ...car, cess_amount: -5 },
    ]).expect(400);
    expect(Object.keys(res.body.error.details ?? {}).join(' ')).toMatch(/items\.0\.cess_rate/);
    expect(JSON.stringify(res.body.error)).toMatch(/items\.1\.cess_amount/);
  });

  it('analytics report the cess of counted invoices beside the GST (gst.cess, by rate, month and B2B), not in total_tax', async () => {
    const b = await t.createAccount({ name: 'Deccan Motors Analytics', email: 'deccan.cess.analytics@example.com', gstin: SUPPLIER_GSTIN });
    const own = (
      await t.http
        .post('/v1/clients')
        .set(b.auth)
        .send({ name: 'Pune Fleet Pvt Ltd', phone: '9876512346', email: 'fleet2@example.com', gstin: CLIENT_GSTIN, address: '5 FC Road, Pune 411004' })
        .expect(201)
    ).body.data.client.client_id as number;
    const issue = (status: string, items: object[]) =>
      t.http.post('/v1/invoices').set(b.auth).send({ client_id: own, invoice_date: '2025-08-05', payment_due_date: '2025-08-05', status, items }).expect(201);
    const paint = { item_description: 'Enamel paint 1 l', hsn_code: '3208', quantity: 4, rate: 250, tax_rate: 18, unit: 'LTR' };
    await issue('issued', [car, paint]);
    await issue('draft', [car]); // not counted
    const gst = (await t.http.get('/v1/analytics/full?fy_start_year=2025').set(b.auth).expect(200)).body.data.gst;
    // The car: 5,00,000 at 28% (70,000 + 70,000) and 12% cess (60,000); the paint: 1,000 at 18% (90 + 90), no cess.
    const all = { taxable_value: 501000, cgst: 70090, sgst: 70090, igst: 0, total_tax: 140180, cess: 60000 };
    expect(gst).toMatchObject({ ...all, b2b: all, b2c: { taxable_value: 0, total_tax: 0, cess: 0 } });
    expect(gst.by_rate).toEqual([
      { rate: 18, taxable_value: 1000, cgst: 90, sgst: 90, igst: 0, total_tax: 180, cess: 0 },
      { rate: 28, taxable_value: 500000, cgst: 70000, sgst: 70000, igst: 0, total_tax: 140000, cess: 60000 },
    ]);
    expect(gst.by_month).toEqual([{ month: '2025-08', ...all }]);
  });

  it('quotations carry the cess too', async () => {
    const res = await t.http
      .post('/v1/quotations')
      .set(a.auth)
      .send({ client_id: client, quotation_date: '2025-08-05', validity_date: '2025-09-05', items: [car] })
      .expect(201);
    const id = res.body.data.quotation_id as number;
    const q = (await t.http.get(`/v1/quotations/${id}`).set(a.auth).expect(200)).body.data;
    expect(q.items[0]).toMatchObject({ cess_rate: 12, cess_amount: 60000, total_amount: 700000 });
  });
});
