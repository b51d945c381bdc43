import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

const SUPPLIER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const KARNATAKA_GSTIN = '29AAACH7409R1ZX';

async function pdfText(buffer: Buffer): Promise<string> {
  expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pdfParse(buffer)).text.replace(/\s+/g, ' ');
}

/** The rows printed under the lines, from the taxable value to the grand total, with their signed amounts in paise. */
const ROW_LABELS = [
  'Taxable Value',
  'Sub Total',
  'CGST',
  'SGST',
  'IGST',
  'Less: Tax payable on reverse charge',
  'Line totals as sent, difference',
  'Less: Discount',
  'Round Off',
  'Grand Total',
];
function totalRows(text: string): Array<[string, number]> {
  const escaped = ROW_LABELS.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const re = new RegExp(`(${escaped})\\s*(\\(-\\)\\s*)?₹\\s*([\\d,]+\\.\\d{2})`, 'g');
  const rows: Array<[string, number]> = [];
  for (const m of text.matchAll(re)) {
    const paise = Math.round(Number(m[3].replace(/,/g, '')) * 100);
    rows.push([m[1], m[2] ? -paise : paise]);
  }
  return rows;
}

/** The rows above the grand total add up to it. */
function expectRowsAddUp(rows: Array<[string, number]>): void {
  const grand = rows.filter(([label]) => label === 'Grand Total');
  expect(grand).toHaveLength(1);
  const sum = rows.filter(([label]) => label !== 'Grand Total').reduce((s, [, v]) => s + v, 0);
  expect(sum).toBe(grand[0][1]);
}

describe('GST: the tax engine on documents, tax warnings, PDFs that tell the truth', () => {
  let t: TestApp;
  let a: TestAccount;
  let local: number;
  let karnataka: number;

  beforeAll(async () => {
    t = await startApp('gst');
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme.gst@example.com', gstin: SUPPLIER_GSTIN });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune' }).expect(200);
    const client = (body: object) => t.http.post('/v1/clients').set(a.auth).send(body).expect(201);
    local = (await client({ name: 'Pune Retail', phone: '9876500001', email: 'pune@example.com' })).body.data.client.client_id;
    karnataka = (await client({ name: 'Karnataka Traders', phone: '9876500002', email: 'kt@example.com', gstin: KARNATAKA_GSTIN })).body.data.client.client_id;
  });
  afterAll(() => t.close());

  const invoice = (body: object, account = a) =>
    t.http
      .post('/v1/invoices')
      .set(account.auth)
      .send({ invoice_date: '2025-08-05', payment_due_date: '2025-09-05', ...body });
  const read = async (id: number, account = a) => (await t.http.get(`/v1/invoices/${id}`).set(account.auth).expect(200)).body.data;
  const pdf = async (id: number, query = '', account = a) =>
    pdfText((await t.http.get(`/v1/documents/invoice/${id}/pdf${query}`).set(account.auth).buffer(true).parse(binary).expect(200)).body);
  const goods = (extra: object = {}) => ({ item_description: 'Copper wire', hsn_code: '8544', quantity: 2, rate: 1000, tax_rate: 18, ...extra });

  describe('lines without amounts get the computed split', () => {
    it('intra-state: CGST = SGST, each half the rate; the place of supply is the business state for a client without one', async () => {
      const res = await invoice({ client_id: local, items: [goods({ unit: 'kgs' }), goods({ quantity: 1, rate: 100.1, tax_rate: 0.25 })] }).expect(201);
      expect(res.body.data.tax_warnings).toEqual([]);
      const inv = await read(res.body.data.invoice_id);
      expect(inv).toMatchObject({ place_of_supply: '27', supply_type: 'b2c', reverse_charge: false, round_off: null, total_amount: 2460.36 });
      expect(inv.items[0]).toMatchObject({ unit: 'KGS', taxable_value: 2000, cgst_amount: 180, sgst_amount: 180, igst_amount: 0, total_amount: 2360 });
      expect(inv.items[1]).toMatchObject({ taxable_value: 100.1, cgst_amount: 0.13, sgst_amount: 0.13, igst_amount: 0, total_amount: 100.36 });
      expect(inv.supplier).toMatchObject({ name: 'Acme Traders', address: '12 MG Road, Pune', gstin: SUPPLIER_GSTIN, state_code: '27' });
    });

    it('inter-state (client GSTIN in another state): IGST at the full rate; b2b', async () => {
      const res = await invoice({ client_id: karnataka, items: [goods({ discount_type: 'percentage', discount_value: 10 })] }).expect(201);
      const inv = await read(res.body.data.invoice_id);
      expect(inv).toMatchObject({ place_of_supply: '29', supply_type: 'b2b', total_amount: 2124 });
      expect(inv.items[0]).toMatchObject({ taxable_value: 1800, cgst_amount: 0, sgst_amount: 0, igst_amount: 324, total_amount: 2124 });
    });

    it('exports and SEZ supplies without payment carry no tax and need a LUT number; reverse charge keeps tax out of the total', async () => {
      const refused = await invoice({ client_id: karnataka, supply_type: 'export_without_payment', items: [goods()] }).expect(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_error', details: { lut_number: expect.any(String) } });
      const lut = await invoice({ client_id: karnataka, invoice_type: 'export', lut_number: 'AD270325000123X', items: [goods()] }).expect(201);
      expect(await read(lut.body.data.invoice_id)).toMatchObject({ supply_type: 'export_without_payment', place_of_supply: '96', total_amount: 2000 });
      const sez = await invoice({ client_id: local, supply_type: 'sez_with_payment', items: [goods()] }).expect(201);
      expect((await read(sez.body.data.invoice_id)).items[0]).toMatchObject({ igst_amount: 360, cgst_amount: 0, total_amount: 2360 });
      const rc = await invoice({ client_id: local, reverse_charge: true, items: [goods()] }).expect(201);
      expect(await read(rc.body.data.invoice_id)).toMatchObject({
        reverse_charge: true,
        total_amount: 2000,
        items: [expect.objectContaining({ cgst_amount: 180, sgst_amount: 180, total_amount: 2000 })],
      });
    });

    it('round_off rounds the total to the rupee and says by how much', async () => {
      const res = await invoice({ client_id: local, round_off: true, items: [goods({ quantity: 1, rate: 999.99 })] }).expect(201);
      expect(await read(res.body.data.invoice_id)).toMatchObject({ total_amount: 1180, round_off: 0.01 });
    });

    it('computes on quotations, proforma invoices and notes too', async () => {
      const q = await t.http
        .post('/v1/quotations')
        .set(a.auth)
        .send({ client_id: karnataka, quotation_date: '2025-08-01', items: [goods()] })
        .expect(201);
      expect((await t.http.get(`/v1/quotations/${q.body.data.quotation_id}`).set(a.auth).expect(200)).body.data.items[0]).toMatchObject({
        igst_amount: 360,
        total_amount: 2360,
      });
      const p = await t.http
        .post('/v1/proforma-invoices')
        .set(a.auth)
        .send({ client_id: local, proforma_date: '2025-08-01', items: [goods()] })
        .expect(200);
      expect((await t.http.get(`/v1/proforma-invoices/${p.body.data.proforma_invoice_id}`).set(a.auth).expect(200)).body.data.items[0]).toMatchObject({
        cgst_amount: 180,
        total_amount: 2360,
      });
      const inv = (await invoice({ client_id: karnataka, items: [goods()] }).expect(201)).body.data.invoice_id;
      const cn = await t.http
        .post('/v1/credit-notes')
        .set(a.auth)
        .send({
          client_id: karnataka,
          original_invoice_id: inv,
          credit_note_date: '2025-08-20',
          items: [{ description: 'Rate difference', hsn_code: '8544', taxable_value: 100, tax_rate: 18 }],
        })
        .expect(200);
      expect(cn.body.data.tax_warnings).toEqual([]);
      const note = (await t.http.get(`/v1/credit-notes/${cn.body.data.credit_note_id}`).set(a.auth).expect(200)).body.data;
      expect(note).toMatchObject({ original_invoice_id: inv, place_of_supply: '29', total_amount: 118 });
      expect(note.items[0]).toMatchObject({ taxable_value: 100, tax_rate: 18, igst_amount: 18, cgst_amount: 0, amount: 118, hsn_code: '8544' });
      const other = await t.createAccount({ name: 'Other Co', email: 'other.gst@example.com' });
      const theirs = (await t.http.post('/v1/clients').set(other.auth).send({ name: 'X', phone: '9876500009', email: 'x@example.com' }).expect(201)).body.data
        .client.client_id;
      await t.http.post('/v1/debit-notes').set(other.auth).send({ client_id: theirs, debit_note_date: '2025-08-01', original_invoice_id: inv }).expect(404);
    });
  });

  describe('lines with amounts are stored as sent; tax_warnings say where they disagree', () => {
    it('lists a wrong tax kind and a total that does not add up, on the answer and on the single read', async () => {
      const res = await invoice({
        client_id: local,
        items: [goods(), goods({ cgst_amount: 999, sgst_amount: 1, igst_amount: 50, total_amount: 5 })],
      }).expect(201);
      const warnings = res.body.data.tax_warnings;
      expect(warnings.map((w: { line: number; code: string; field: string }) => [w.line, w.code, w.field])).toEqual([
        [2, 'tax_amount', 'cgst_amount'],
        [2, 'tax_amount', 'sgst_amount'],
        [2, 'wrong_tax_kind', 'igst_amount'],
        [2, 'total_amount', 'total_amount'],
        [2, 'cgst_sgst_unequal', 'sgst_amount'],
      ]);
      expect(warnings[0]).toMatchObject({ expected: 180, sent: 999 });
      const inv = await read(res.body.data.invoice_id);
      expect(inv.items[1]).toMatchObject({ cgst_amount: 999, sgst_amount: 1, igst_amount: 50, total_amount: 5 });
      expect(inv.tax_warnings).toEqual(warnings);
      expect(inv.total_amount).toBe(2365);
      // A PATCH that moves the place of supply rechecks the stored lines.
      const patched = await t.http
        .patch(`/v1/invoices/${inv.invoice_id}`)
        .set(a.auth)
        .send({ place_of_supply: '29', items: [goods()] })
        .expect(200);
      expect(patched.body.data.tax_warnings).toEqual([]);
      const moved = await t.http.patch(`/v1/invoices/${inv.invoice_id}`).set(a.auth).send({ place_of_supply: '27' }).expect(200);
      expect(moved.body.data.tax_warnings.map((w: { code: string }) => w.code)).toEqual(['tax_amount', 'tax_amount', 'wrong_tax_kind']);
    });

    it('refuses a bad place of supply, supply type or unit with 400 keyed by field', async () => {
      const res = await invoice({ client_id: local, place_of_supply: '55', supply_type: 'gift', items: [goods({ unit: 'BOTTLES' })] }).expect(400);
      expect(res.body.error.details).toMatchObject({
        place_of_supply: expect.any(String),
        supply_type: expect.any(String),
        'items.0.unit': expect.any(String),
      });
    });
  });

  describe('PDFs', () => {
    it.each([
      [
        'consistent intra-state goods',
        { client: 'local', items: [goods({ unit: 'KGS' })] },
        { 'Taxable Value': 200000, CGST: 18000, SGST: 18000, 'Grand Total': 236000 },
      ],
      ['consistent inter-state', { client: 'karnataka', items: [goods({ unit: 'NOS' })] }, { 'Taxable Value': 200000, IGST: 36000, 'Grand Total': 236000 }],
      [
        'bill of supply sent with tax',
        { client: 'local', invoice_type: 'bill_of_supply', items: [goods({ cgst_amount: 180, sgst_amount: 180, igst_amount: 0, total_amount: 2360 })] },
        { 'Taxable Value': 200000, CGST: 18000, SGST: 18000, 'Grand Total': 236000 },
      ],
      [
        'wrong tax kind and a total off (CGST 999, SGST 1, IGST 50, total 5)',
        { client: 'local', items: [goods({ cgst_amount: 999, sgst_amount: 1, igst_amount: 50, total_amount: 5 })] },
        { 'Taxable Value': 200000, CGST: 99900, SGST: 100, IGST: 5000, 'Line totals as sent, difference': -304500, 'Grand Total': 500 },
      ],
      [
        'total off',
        { client: 'local', items: [goods({ cgst_amount: 180, sgst_amount: 180, igst_amount: 0, total_amount: 2500 })] },
        { 'Taxable Value': 200000, CGST: 18000, SGST: 18000, 'Line totals as sent, difference': 14000, 'Grand Total': 250000 },
      ],
      [
        'header discount (before tax) and round-off',
        { client: 'local', round_off: true, discount_type: 'fixed', discount_value: 10, items: [goods({ quantity: 1, rate: 999.99 })] },
        { 'Taxable Value': 98999, CGST: 8910, SGST: 8910, 'Round Off': -19, 'Grand Total': 116800 },
      ],
      [
        'reverse charge',
        { client: 'local', reverse_charge: true, items: [goods()] },
        { 'Taxable Value': 200000, CGST: 18000, SGST: 18000, 'Less: Tax payable on reverse charge': -36000, 'Grand Total': 200000 },
      ],
    ])('%s: the rows printed add up to the grand total', async (_name, spec: Record<string, any>, expected) => {
      const { client, ...body } = spec;
      const id = (await invoice({ ...body, client_id: client === 'local' ? local : karnataka }).expect(201)).body.data.invoice_id;
      const text = await pdf(id);
      const rows = totalRows(text);
      expect(Object.fromEntries(rows)).toEqual(expected);
      expectRowsAddUp(rows);
      expect(text).toContain('Original for Recipient');
      const units = (body.items as Array<{ unit?: string }>).map((l) => l.unit).filter(Boolean);
      for (const unit of units) expect(text).toContain(`2 ${unit}`);
    });

    it('prints the duplicate and triplicate copies on request; another copy name is a 400', async () => {
      const id = (await invoice({ client_id: local, items: [goods()] }).expect(201)).body.data.invoice_id;
      expect(await pdf(id, '?copy=duplicate')).toContain('Duplicate for Transporter');
      expect(await pdf(id, '?copy=triplicate')).toContain('Triplicate for Supplier');
      const bad = await t.http.get(`/v1/documents/invoice/${id}/pdf?copy=fourth`).set(a.auth).expect(400);
      expect(bad.body.error).toMatchObject({ code: 'validation_error', details: { copy: expect.any(String) } });
    });

    it('a credit note with GST lines prints its tax rows and the invoice it refers to', async () => {
      const inv = (await invoice({ client_id: karnataka, items: [goods()] }).expect(201)).body.data;
      const cn = await t.http.post('/v1/credit-notes').set(a.auth).send({ source_invoice_id: inv.invoice_id, credit_note_date: '2025-08-20' }).expect(200);
      const text = await pdfText(
        (await t.http.get(`/v1/documents/credit-note/${cn.body.data.credit_note_id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body,
      );
      expect(Object.fromEntries(totalRows(text))).toEqual({ 'Taxable Value': 200000, IGST: 36000, 'Grand Total': 236000 });
      expect(text).toContain(inv.invoice_number);
      expect(text).toContain('8544');
    });

    it('after the business profile changes, an earlier invoice still prints the supplier as it was', async () => {
      const b = await t.createAccount({ name: 'Old Name Traders', email: 'old.gst@example.com' });
      await t.http.patch('/v1/settings/business').set(b.auth).send({ business_address: '1 Old Street, Nashik' }).expect(200);
      const client = (await t.http.post('/v1/clients').set(b.auth).send({ name: 'Buyer', phone: '9876500010', email: 'buyer@example.com' }).expect(201)).body
        .data.client.client_id;
      const before = (await invoice({ client_id: client, items: [goods()] }, b).expect(201)).body.data.invoice_id;
      await t.http
        .patch('/v1/settings/business')
        .set(b.auth)
        .send({ business_name: 'New Name Private Limited', business_address: '99 New Road, Mumbai', business_gstin: SUPPLIER_GSTIN })
        .expect(200);
      const after = (await invoice({ client_id: client, items: [goods()] }, b).expect(201)).body.data.invoice_id;

      const old = await pdf(before, '', b);
      expect(old).toContain('Old Name Traders');
      expect(old).toContain('1 Old Street, Nashik');
      expect(old).not.toContain('New Name Private Limited');
      expect(old).not.toContain(SUPPLIER_GSTIN);
      expect((await read(before, b)).supplier).toEqual({ name: 'Old Name Traders', address: '1 Old Street, Nashik', gstin: null, pan: null, state_code: null });

      const fresh = await pdf(after, '', b);
      expect(fresh).toContain('New Name Private Limited');
      expect(fresh).toContain(SUPPLIER_GSTIN);
    });
  });
});
