import Ajv from 'ajv';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import irpSchema from '../schemas/einvoice-1.1.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { insertProductDocument } from './support/sql-documents';

const SUPPLIER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
/** A registered client in the supplier's own state: CGST and SGST, a B2B invoice that can be e-invoiced. */
const CLIENT_GSTIN = `27AAACH7409R1Z${gstinCheckCharacter('27AAACH7409R1Z')}`;

/** The text of a PDF as poppler's pdftotext lays it out (one printed row per line). */
function pdfLayoutText(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = mkdtempSync(join(tmpdir(), 'header-discount-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The amounts (2 decimals, grouped) of the first printed row that starts with `label`, as numbers. */
function rowAmounts(text: string, label: RegExp): number[] {
  const row = text.split('\n').find((l) => label.test(l.trim()));
  if (row === undefined) throw new Error(`no row ${label} in:\n${text}`);
  return [...row.matchAll(/-?[\d,]+\.\d{2}/g)].map((m) => Number(m[0].replace(/,/g, '')));
}

/**
 * The amount of a row of the totals under the lines ('Taxable Value   ₹ 9,000.00', printed beside other text),
 * signed; null when not printed.
 */
function totalRow(text: string, label: string): number | null {
  const re = new RegExp(`(?:^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(\\(-\\)\\s*)?₹\\s*([\\d,]+\\.\\d{2})`);
  for (const line of text.split('\n')) {
    const m = re.exec(line);
    if (m) return (m[1] ? -1 : 1) * Number(m[2].replace(/,/g, ''));
  }
  return null;
}

describe('a header discount is taken before tax (CGST Act section 15(3)(a))', () => {
  let t: TestApp;
  let a: TestAccount;
  let client: number;
  const ajv = new Ajv({ allErrors: true });

  beforeAll(async () => {
    t = await startApp('header_discount');
    a = await t.createAccount({ name: 'Deccan Cables', email: 'deccan.discount@example.com', gstin: SUPPLIER_GSTIN });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '14 Laxmi Road, Pune 411030' }).expect(200);
    client = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Pune Builders Pvt Ltd', phone: '9876512345', email: 'builders@example.com', gstin: CLIENT_GSTIN, address: '5 FC Road, Pune 411004' })
        .expect(201)
    ).body.data.client.client_id as number;
  });
  afterAll(() => t.close());

  /** 10 x 1,000 at 18% (the example of the issue), amounts left to the service. */
  const tenThousand = { item_description: 'Copper cable 4 sq mm, 100 m coil', hsn_code: '8544', quantity: 10, rate: 1000, tax_rate: 18, unit: 'NOS' };
  const invoice = (body: object) =>
    t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: client, invoice_date: '2025-08-05', payment_due_date: '2025-09-04', items: [tenThousand], ...body });
  const read = async (id: number) => (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
  const pdf = async (id: number) =>
    pdfLayoutText((await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer);
  const einvoice = async (id: number) => {
    const json = (await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(irpSchema, json)).toBe(true);
    return json;
  };
  const gstr1Invoice = async (number: string) => {
    const data = (await t.http.get('/v1/exports/gstr1?period=2025-08').set(a.auth).expect(200)).body.data;
    const b2b = (data.b2b as Array<{ ctin: string; inv: Array<Record<string, any>> }>).find((r) => r.ctin === CLIENT_GSTIN);
    return b2b?.inv.find((i) => i.inum === number);
  };

  it('10 x 1,000 at 18% less 10%: 9,000 and 1,620 in the read, the PDF, GSTR-1 and the e-invoice', async () => {
    const res = await invoice({ discount_type: 'percentage', discount_value: 10 }).expect(201);
    expect(res.body.data.tax_warnings).toEqual([]);
    const id = res.body.data.invoice_id as number;

    const inv = await read(id);
    expect(inv).toMatchObject({ discount_type: 'percentage', discount_value: 10, total_amount: 10620, tax_warnings: [] });
    expect(inv.items).toEqual([
      expect.objectContaining({ taxable_value: 9000, header_discount: 1000, cgst_amount: 810, sgst_amount: 810, igst_amount: 0, total_amount: 10620 }),
    ]);

    const text = await pdf(id);
    // The line: quantity x rate 10,000, its discount 1,000 (its share of the 10%), taxable 9,000, 9% + 9%, total 10,620.
    expect(rowAmounts(text, /^1\s+Copper cable/)).toEqual([1000, 1000, 9000, 810, 810, 10620]);
    // The Total row under the lines: the Discount column adds up to the lines' discounts.
    expect(rowAmounts(text, /^Total\s+[\d,]/)).toEqual([1000, 9000, 810, 810, 10620]);
    expect(totalRow(text, 'Taxable Value')).toBe(9000);
    expect(totalRow(text, 'CGST')).toBe(810);
    expect(totalRow(text, 'SGST')).toBe(810);
    expect(totalRow(text, 'Grand Total')).toBe(10620);
    expect(totalRow(text, 'Less: Discount')).toBeNull(); // not taken off again after tax
    expect(text).toMatch(/Total\s+9,000\.00\s+810\.00\s+810\.00\s+1,620\.00/); // the HSN summary: 1,620 of tax on 9,000
    expect(text.replace(/\s+/g, ' ')).toContain('The Discount column includes ₹ 1,000.00 off the whole document');

    const filed = await gstr1Invoice(inv.invoice_number);
    expect(filed).toMatchObject({ val: 10620, itms: [{ num: 1, itm_det: { txval: 9000, rt: 18, camt: 810, samt: 810, csamt: 0 } }] });

    const irp = await einvoice(id);
    expect(irp.ItemList).toEqual([
      expect.objectContaining({ TotAmt: 10000, Discount: 1000, AssAmt: 9000, GstRt: 18, CgstAmt: 810, SgstAmt: 810, IgstAmt: 0, TotItemVal: 10620 }),
    ]);
    expect(irp.ValDtls).toMatchObject({ AssVal: 9000, CgstVal: 810, SgstVal: 810, IgstVal: 0, Discount: 0, RndOffAmt: 0, TotInvVal: 10620 });
  });

  it('a fixed discount is an amount off the taxable value: 1,180 off 10,000 leaves 8,820', async () => {
    const id = (await invoice({ discount_type: 'fixed', discount_value: 1180 }).expect(201)).body.data.invoice_id as number;
    const inv = await read(id);
    expect(inv.total_amount).toBe(10407.6);
    expect(inv.items[0]).toMatchObject({ taxable_value: 8820, header_discount: 1180, cgst_amount: 793.8, sgst_amount: 793.8, total_amount: 10407.6 });
    const text = await pdf(id);
    expect(totalRow(text, 'Taxable Value')).toBe(8820);
    expect(totalRow(text, 'Grand Total')).toBe(10407.6);
    expect((await gstr1Invoice(inv.invoice_number))?.itms[0].itm_det).toMatchObject({ txval: 8820, camt: 793.8, samt: 793.8 });
    expect((await einvoice(id)).ValDtls).toMatchObject({ AssVal: 8820, CgstVal: 793.8, SgstVal: 793.8, Discount: 0, TotInvVal: 10407.6 });
  });

  it('several lines: the discount in proportion, the remainder on the largest line; the PDF Discount total is the sum of the lines', async () => {
    const lines = [
      { ...tenThousand, item_description: 'Cable A', quantity: 1, rate: 100 },
      { ...tenThousand, item_description: 'Cable B', quantity: 1, rate: 200, discount_type: 'fixed', discount_value: 10 },
      { ...tenThousand, item_description: 'Cable C', quantity: 1, rate: 300 },
    ];
    // 100 off 100 + 190 + 300 = 590: 16.95 and 32.20 by rounding, 50.85 to the largest (C).
    const id = (await invoice({ items: lines, discount_type: 'fixed', discount_value: 100 }).expect(201)).body.data.invoice_id as number;
    const inv = await read(id);
    expect(inv.items.map((l: Record<string, number>) => [l.taxable_value, l.header_discount])).toEqual([
      [83.05, 16.95],
      [157.8, 32.2],
      [249.15, 50.85],
    ]);
    const text = await pdf(id);
    expect(rowAmounts(text, /^1\s+Cable A/).slice(0, 3)).toEqual([100, 16.95, 83.05]);
    expect(rowAmounts(text, /^2\s+Cable B/).slice(0, 3)).toEqual([200, 42.2, 157.8]); // its own 10 and its share
    expect(rowAmounts(text, /^Total\s+[\d,]/).slice(0, 2)).toEqual([110, 490]);
    const irp = await einvoice(id);
    expect(irp.ItemList.map((i: Record<string, number>) => [i.TotAmt, i.Discount, i.AssAmt])).toEqual([
      [100, 16.95, 83.05],
      [200, 42.2, 157.8],
      [300, 50.85, 249.15],
    ]);
    expect(irp.ValDtls.AssVal).toBe(490);
  });

  it('line discounts alone: the Discount column totals them, and no discount row or note is printed', async () => {
    const lines = [
      { ...tenThousand, item_description: 'Cable D', quantity: 4, rate: 1000, discount_type: 'percentage', discount_value: 10 },
      { ...tenThousand, item_description: 'Cable E', quantity: 1, rate: 4000, discount_type: 'fixed', discount_value: 3829.63 },
    ];
    const id = (await invoice({ items: lines }).expect(201)).body.data.invoice_id as number;
    const text = await pdf(id);
    expect(rowAmounts(text, /^Total\s+[\d,]/).slice(0, 2)).toEqual([4229.63, 3770.37]);
    expect(totalRow(text, 'Less: Discount')).toBeNull();
    expect(text).not.toContain('off the whole document');
    expect((await read(id)).items.map((l: Record<string, number>) => l.header_discount)).toEqual([0, 0]);
  });

  it('lines sent with amounts keep them; tax_warnings compare them with the tax on the discounted value', async () => {
    const sent = { ...tenThousand, cgst_amount: 900, sgst_amount: 900, igst_amount: 0, total_amount: 11800 };
    const res = await invoice({ items: [sent], discount_type: 'percentage', discount_value: 10 }).expect(201);
    expect(res.body.data.tax_warnings.map((w: Record<string, unknown>) => [w.code, w.field, w.expected, w.sent])).toEqual([
      ['tax_amount', 'cgst_amount', 810, 900],
      ['tax_amount', 'sgst_amount', 810, 900],
      ['total_amount', 'total_amount', 10800, 11800],
    ]);
    const inv = await read(res.body.data.invoice_id);
    expect(inv).toMatchObject({ total_amount: 11800, items: [expect.objectContaining({ taxable_value: 9000, cgst_amount: 900, total_amount: 11800 })] });
  });

  it('a PATCH that changes the discount shares it among the lines again; one that does not leaves the amounts alone', async () => {
    const id = (await invoice({ discount_type: 'percentage', discount_value: 10 }).expect(201)).body.data.invoice_id as number;
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
    expect(await read(id)).toMatchObject({ total_amount: 10620, paid_amount: 10620, items: [expect.objectContaining({ taxable_value: 9000 })] });
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ discount_value: 5, payment_status: 'pending' }).expect(200);
    expect(await read(id)).toMatchObject({
      total_amount: 11210,
      items: [expect.objectContaining({ taxable_value: 9500, header_discount: 500, cgst_amount: 855, sgst_amount: 855, total_amount: 11210 })],
    });
  });

  it('a document stored before discounts were shared among the lines keeps its amounts, and reads and prints as it was issued', async () => {
    // Taxed on 10,000 (CGST and SGST 900), then 10% off the lines' 11,800 after tax: 10,620.
    const id = await insertProductDocument(
      t.dataSource,
      'invoice',
      a.accountId,
      client,
      'INV/25-26/0900',
      '2025-08-06',
      [{ description: 'Copper cable 4 sq mm, 100 m coil', hsn: '8544', quantity: 10, rate: 1000, taxRate: 18, cgst: 900, sgst: 900, total: 11800 }],
      { discount_type: 'percentage', discount_value: 10, total_amount: '10620.00', status: 'issued', place_of_supply: '27', supply_type: 'b2b' },
    );
    const inv = await read(id);
    expect(inv).toMatchObject({ total_amount: 10620, items: [expect.objectContaining({ header_discount: null, cgst_amount: 900, total_amount: 11800 })] });
    const text = await pdf(id);
    expect(totalRow(text, 'Taxable Value')).toBe(10000);
    expect(totalRow(text, 'Less: Discount')).toBe(-1180);
    expect(totalRow(text, 'Grand Total')).toBe(10620);
    expect(text).not.toMatch(/\bDiscount\s+Taxable/); // no Discount column: the line has no discount of its own
    expect((await gstr1Invoice('INV/25-26/0900'))?.itms[0].itm_det).toMatchObject({ txval: 10000, camt: 900, samt: 900 });
    expect((await einvoice(id)).ValDtls).toMatchObject({ AssVal: 10000, Discount: 1180, TotInvVal: 10620 });
    // A write that does not touch the lines or the discount leaves every amount as it was.
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
    expect(await read(id)).toMatchObject({
      total_amount: 10620,
      paid_amount: 10620,
      items: [expect.objectContaining({ header_discount: null, total_amount: 11800 })],
    });
  });

  it('PDF, GSTR-1, e-invoice and analytics agree on the taxable value and tax of every invoice of the account', async () => {
    const data = (await t.http.get('/v1/exports/gstr1?period=2025-08').set(a.auth).expect(200)).body.data;
    const filed = (data.b2b as Array<{ inv: Array<{ inum: string; itms: Array<{ itm_det: Record<string, number> }> }> }>).flatMap((r) => r.inv);
    const gst = (await t.http.get('/v1/analytics/full?fy_start_year=2025').set(a.auth).expect(200)).body.data.gst;
    const paise = (v: number) => Math.round(v * 100);
    let txval = 0;
    let camt = 0;
    for (const inv of filed) {
      const sums = inv.itms.reduce((s, i) => ({ txval: s.txval + paise(i.itm_det.txval), camt: s.camt + paise(i.itm_det.camt) }), { txval: 0, camt: 0 });
      txval += sums.txval;
      camt += sums.camt;
      const id = Number((await t.dataSource.query('SELECT id FROM invoices WHERE account_id = ? AND invoice_number = ?', [a.accountId, inv.inum]))[0].id);
      if ((await read(id)).tax_warnings.length === 0) {
        const irp = await einvoice(id);
        expect([paise(irp.ValDtls.AssVal), paise(irp.ValDtls.CgstVal)]).toEqual([sums.txval, sums.camt]);
      } else {
        // A line total that is not its taxable value plus tax (1,000 apart here) is no round-off: the portal would refuse it.
        await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(400);
      }
      const text = await pdf(id);
      expect([paise(totalRow(text, 'Taxable Value')!), paise(totalRow(text, 'CGST')!)]).toEqual([sums.txval, sums.camt]);
    }
    // Analytics takes the same taxable values, also of the line sent with amounts that do not add up (9,000, where
    // its total less its tax would be 10,000).
    expect(filed.length).toBeGreaterThanOrEqual(6);
    expect([paise(gst.taxable_value), paise(gst.cgst)]).toEqual([txval, camt]);
  });
});
