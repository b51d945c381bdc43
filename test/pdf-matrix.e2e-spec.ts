import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { both, PdfText, readPdf } from './support/pdf-text';

/**
 * The printed documents of every supply type, read back with poppler's pdftotext as a chartered accountant reads them:
 * each carries the particulars of CGST rule 46 (tax invoices) or rule 53(1A) (debit and credit notes) and the
 * endorsements of its supply type (docs/gst.md, "The printed document"), and every total row is the sum of its
 * column. Set PDF_MATRIX_DIR to keep the PDFs (to look at them, e.g. as PNG with pdftoppm).
 */

const SUPPLIER = { name: 'Deccan Cables', gstin: '27AAPFU0939F1ZV', address: '14 Laxmi Road, Pune 411030' };
const LOCAL_GSTIN = `27AAACH7409R1Z${gstinCheckCharacter('27AAACH7409R1Z')}`;
const KARNATAKA_GSTIN = '29AAACH7409R1ZX';
const SEZ_GSTIN = `27AABCS1429B1Z${gstinCheckCharacter('27AABCS1429B1Z')}`;
const LUT = 'AD270326000123X';
const DELIVERY = 'Pier 9, Port of Oakland, CA 94607';

const EXPORT_WITHOUT = `Supply meant for export under bond or letter of undertaking without payment of integrated tax (LUT No. ${LUT}).`;
const EXPORT_WITH = 'Supply meant for export on payment of integrated tax.';
const SEZ_WITHOUT = `Supply to SEZ unit or SEZ developer for authorised operations under bond or letter of undertaking without payment of integrated tax (LUT No. ${LUT}).`;
const SEZ_WITH = 'Supply to SEZ unit or SEZ developer for authorised operations on payment of integrated tax.';
const REVERSE_CHARGE = 'Tax is payable on reverse charge.';
const BILL_OF_SUPPLY = 'Bill of supply: not a tax invoice; no tax is charged on this supply.';
const ENDORSEMENTS = [EXPORT_WITHOUT, EXPORT_WITH, SEZ_WITHOUT, SEZ_WITH, REVERSE_CHARGE, BILL_OF_SUPPLY];

/** Amounts with two decimals on a printed row, in paise (rates print as '18%' and are not amounts). */
function amounts(row: string): number[] {
  return [...row.matchAll(/(?<![\d.,])(-?[\d,]+\.\d{2})(?![\d%])/g)].map((m) => Math.round(Number(m[1].replace(/,/g, '')) * 100));
}

/** Sums each column of `rows` (the same number of amounts each). */
function columnSums(rows: number[][]): number[] {
  return rows[0].map((_, i) => rows.reduce((s, r) => s + r[i], 0));
}

/**
 * The table that starts at the first row matching `header` and ends at its "Total" row: the amounts of each body row
 * (those starting with `body`) and of the Total row.
 */
function table(text: string, header: RegExp, body: RegExp): { rows: number[][]; total: number[] } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => header.test(l));
  if (start < 0) throw new Error(`no table ${header} in:\n${text}`);
  const end = lines.findIndex((l, i) => i > start && /^\s*Total\b/.test(l));
  if (end < 0) throw new Error(`no Total row after ${header} in:\n${text}`);
  const rows = lines
    .slice(start + 1, end)
    .filter((l) => body.test(l))
    .map(amounts);
  return { rows, total: amounts(lines[end]) };
}

/** The line table: each line's amounts after its rate (discount, taxable value, taxes, total) add up to the Total row. */
function expectLineColumnsAddUp(text: string): number[] {
  const { rows, total } = table(text, /#\s+Description\s+HSN\/SAC/, /^\s*\d+\s+\S/);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.length).toBe(total.length + 1); // the rate has no total
  expect(columnSums(rows.map((r) => r.slice(1)))).toEqual(total);
  return total;
}

/** The HSN summary: taxable value, each tax and the total tax of its rows add up to its Total row. */
function expectHsnColumnsAddUp(text: string): number[] {
  const { rows, total } = table(text, /HSN\/SAC-wise Tax Summary/i, /^\s*\d{4,8}\s+[\d,]+\.\d{2}/);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.length).toBe(total.length);
  expect(columnSums(rows)).toEqual(total);
  return total;
}

const TOTAL_LABELS = [
  'Taxable Value',
  'Sub Total',
  'CGST',
  'SGST',
  'IGST',
  'Cess',
  'Less: Tax payable on reverse charge',
  'Line totals as sent, difference',
  'Less: Discount',
  'Round Off',
  'Grand Total',
];

/** The rows of the totals under the lines ('CGST   ₹ 900.00'), signed, in paise. */
function totalRows(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const label of TOTAL_LABELS) {
    const re = new RegExp(`(?:^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(\\(-\\)\\s*)?(?:₹|\\$)\\s*([\\d,]+\\.\\d{2})`);
    for (const line of text.split('\n')) {
      const m = re.exec(line);
      if (m) {
        out[label] = (m[1] ? -1 : 1) * Math.round(Number(m[2].replace(/,/g, '')) * 100);
        break;
      }
    }
  }
  return out;
}

/** The rows above the grand total add up to it. */
function expectTotalsAddUp(rows: Record<string, number>): void {
  expect(rows['Grand Total']).toEqual(expect.any(Number));
  const sum = Object.entries(rows)
    .filter(([label]) => label !== 'Grand Total')
    .reduce((s, [, v]) => s + v, 0);
  expect(sum).toBe(rows['Grand Total']);
}

describe('PDFs a CA signs off: rule 46 and 53(1A) particulars, endorsements and column totals of every supply type', () => {
  let t: TestApp;
  let a: TestAccount;
  const clients: Record<string, number> = {};
  const CLIENTS = {
    local: { name: 'Pune Builders', gstin: LOCAL_GSTIN, address: '5 FC Road, Pune 411004' },
    karnataka: { name: 'Mysore Traders', gstin: KARNATAKA_GSTIN, address: '9 MG Road, Bengaluru 560001' },
    sez: { name: 'Hinjewadi SEZ Unit', gstin: SEZ_GSTIN, address: 'Plot 7, SEZ Phase 2, Pune 411057' },
    foreign: { name: 'Acme Inc', gstin: null, address: '1 Market St, San Francisco' },
  } as const;

  beforeAll(async () => {
    t = await startApp('pdf_matrix');
    a = await t.createAccount({ name: SUPPLIER.name, email: 'deccan.matrix@example.com', gstin: SUPPLIER.gstin });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: SUPPLIER.address }).expect(200);
    let n = 0;
    for (const [key, c] of Object.entries(CLIENTS)) {
      n += 1;
      const body = {
        name: c.name,
        phone: `98765000${String(n).padStart(2, '0')}`,
        email: `${key}@example.com`,
        address: c.address,
        ...(c.gstin ? { gstin: c.gstin } : {}),
      };
      clients[key] = (await t.http.post('/v1/clients').set(a.auth).send(body).expect(201)).body.data.client.client_id as number;
    }
  });
  afterAll(() => t.close());

  const wire = (extra: object = {}) => ({
    item_description: 'Copper cable 4 sq mm',
    hsn_code: '8544',
    quantity: 10,
    rate: 1000,
    tax_rate: 18,
    unit: 'MTR',
    ...extra,
  });
  const paint = (extra: object = {}) => ({
    item_description: 'Enamel paint 1 l',
    hsn_code: '3208',
    quantity: 4,
    rate: 250,
    tax_rate: 5,
    unit: 'LTR',
    ...extra,
  });

  const createInvoice = async (client: keyof typeof CLIENTS, body: object) => {
    const res = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clients[client], invoice_date: '2026-10-05', payment_due_date: '2026-11-04', ...body })
      .expect(201);
    const id = res.body.data.invoice_id as number;
    const read = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    return { id, number: read.invoice_number as string, warnings: res.body.data.tax_warnings as Array<{ code: string }> };
  };
  const pdf = async (kind: string, id: number, name: string) =>
    readPdf((await t.http.get(`/v1/documents/${kind}/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer, name);

  /** The particulars of rule 46 on a tax invoice or bill of supply (a: supplier, b/c: number and date, d: recipient, ...). */
  function expectRule46(text: PdfText, doc: { number: string; client: keyof typeof CLIENTS; place: string; hsn: string[]; qty: string[]; tax: boolean }) {
    const f = both(text);
    const c = CLIENTS[doc.client];
    expect(f).toContain(SUPPLIER.name); // (a)
    expect(f).toContain(SUPPLIER.address);
    expect(f).toContain(`GSTIN: ${SUPPLIER.gstin}`);
    expect(f).toContain(doc.number); // (b)
    expect(f).toMatch(/Date 05-10-2026/); // (c)
    expect(f).toContain(c.name); // (d), (e)
    expect(f).toContain(c.address);
    expect(f).toContain(`GSTIN: ${c.gstin ?? 'Unregistered'}`);
    for (const h of doc.hsn) expect(f).toContain(h); // (g)
    for (const q of doc.qty) expect(f).toContain(q); // (i) quantity and unit
    expect(f).toContain(doc.tax ? 'Taxable Value' : 'Amount'); // (j), (k)
    expect(f).toContain(`Place of Supply ${doc.place}`); // (n)
    if (doc.tax) expect(f).toMatch(/Reverse Charge (Yes|No)/); // (p)
    expect(f).toContain('Authorised Signatory'); // (q)
    expect(f).toContain(`For ${SUPPLIER.name}`);
  }

  /**
   * The particulars of an export invoice (rule 46, third proviso): the recipient (checked by expectRule46), the address of
   * delivery (`delivery`: the invoice's, else the recipient's) and the country of destination; none on other supplies.
   */
  function expectExportParticulars(text: PdfText, delivery: string | null) {
    const f = both(text);
    if (delivery === null) {
      expect(f).not.toContain('Address of delivery');
      expect(f).not.toContain('Country of destination');
      return;
    }
    expect(f).toContain(`Address of delivery: ${delivery}`);
    expect(f).toContain('Country of destination: United States (US)');
  }

  /** Only the endorsements listed are printed. */
  function expectEndorsements(text: PdfText, wanted: string[]) {
    const f = both(text);
    for (const e of ENDORSEMENTS) {
      if (wanted.includes(e)) expect(f).toContain(e);
      else expect(f).not.toContain(e);
    }
  }

  /** The three checks of the column totals; returns the totals rows. */
  function expectTotals(pdf: PdfText, withHsn: boolean): Record<string, number> {
    expectLineColumnsAddUp(pdf.layout);
    const rows = totalRows(pdf.layout);
    expectTotalsAddUp(rows);
    if (withHsn) {
      const hsn = expectHsnColumnsAddUp(pdf.layout);
      expect(hsn[0]).toBe(rows['Taxable Value']);
    }
    return rows;
  }

  const invoices: Record<string, { id: number; number: string }> = {};

  it.each([
    ['intra-state', 'local', {}, 'Maharashtra (27)', { 'Taxable Value': 1100000, CGST: 92500, SGST: 92500, 'Grand Total': 1285000 }, []],
    ['inter-state', 'karnataka', {}, 'Karnataka (29)', { 'Taxable Value': 1100000, IGST: 185000, 'Grand Total': 1285000 }, []],
    [
      'SEZ without payment (LUT)',
      'sez',
      { supply_type: 'sez_without_payment', lut_number: LUT },
      'Maharashtra (27)',
      { 'Sub Total': 1100000, 'Grand Total': 1100000 },
      [SEZ_WITHOUT],
    ],
    [
      'SEZ with payment',
      'sez',
      { supply_type: 'sez_with_payment' },
      'Maharashtra (27)',
      { 'Taxable Value': 1100000, IGST: 185000, 'Grand Total': 1285000 },
      [SEZ_WITH],
    ],
    [
      'export without payment (LUT)',
      'foreign',
      { invoice_type: 'export', lut_number: LUT, destination_country: 'US', delivery_address: DELIVERY },
      'Other Countries (96)',
      { 'Sub Total': 1100000, 'Grand Total': 1100000 },
      [EXPORT_WITHOUT],
    ],
    [
      'export with payment',
      'foreign',
      { invoice_type: 'export', destination_country: 'US' },
      'Other Countries (96)',
      { 'Taxable Value': 1100000, IGST: 185000, 'Grand Total': 1285000 },
      [EXPORT_WITH],
    ],
    [
      'reverse charge',
      'local',
      { reverse_charge: true },
      'Maharashtra (27)',
      { 'Taxable Value': 1100000, CGST: 92500, SGST: 92500, 'Less: Tax payable on reverse charge': -185000, 'Grand Total': 1100000 },
      [REVERSE_CHARGE],
    ],
  ] as const)('%s: rule 46 particulars, its endorsements only, columns that add up', async (name, client, body, place, expected, endorsements) => {
    const inv = await createInvoice(client, { ...body, items: [wire(), paint()] });
    expect(inv.warnings).toEqual([]);
    invoices[name] = inv;
    const text = await pdf('invoice', inv.id, name.replace(/\W+/g, '-'));
    const tax = 'Taxable Value' in expected;
    expectRule46(text, { number: inv.number, client, place, hsn: ['8544', '3208'], qty: ['10 MTR', '4 LTR'], tax });
    expect(both(text)).toContain('Tax Invoice');
    expectExportParticulars(text, client === 'foreign' ? ('delivery_address' in body ? DELIVERY : CLIENTS.foreign.address) : null);
    expectEndorsements(text, [...endorsements]);
    expect(expectTotals(text, tax)).toEqual(expected);
    if (!tax) expect(both(text)).not.toMatch(/IGST|CGST/);
  });

  it('a bill of supply says it is one, charges no tax and adds up', async () => {
    const inv = await createInvoice('local', { invoice_type: 'bill_of_supply', items: [wire({ tax_rate: 0 }), paint({ tax_rate: 0 })] });
    const text = await pdf('invoice', inv.id, 'bill-of-supply');
    expectRule46(text, { number: inv.number, client: 'local', place: 'Maharashtra (27)', hsn: ['8544', '3208'], qty: ['10 MTR', '4 LTR'], tax: false });
    expect(both(text)).toContain('Bill of Supply');
    expect(both(text)).not.toContain('Tax Invoice');
    expect(both(text)).not.toMatch(/CGST|SGST|IGST/);
    expectEndorsements(text, [BILL_OF_SUPPLY]);
    expect(expectTotals(text, false)).toEqual({ 'Sub Total': 1100000, 'Grand Total': 1100000 });
  });

  it('a USD export with an exchange rate prints dollars and the rupee values (rule 34), and adds up', async () => {
    const inv = await createInvoice('foreign', {
      invoice_type: 'export',
      currency: 'USD',
      exchange_rate: 83.25,
      destination_country: 'US',
      delivery_address: DELIVERY,
      items: [wire({ rate: 12.5 }), paint({ rate: 3 })],
    });
    const text = await pdf('invoice', inv.id, 'usd-export');
    expectRule46(text, { number: inv.number, client: 'foreign', place: 'Other Countries (96)', hsn: ['8544', '3208'], qty: ['10 MTR', '4 LTR'], tax: true });
    expectEndorsements(text, [EXPORT_WITH]);
    expectExportParticulars(text, DELIVERY);
    // 10 x 12.50 at 18% = 125.00 + 22.50; 4 x 3.00 at 5% = 12.00 + 0.60.
    expect(expectTotals(text, true)).toEqual({ 'Taxable Value': 13700, IGST: 2310, 'Grand Total': 16010 });
    expect(both(text)).toContain('Exchange rate: 1 USD = ₹ 83.2500');
    // In rupees: 125.00 x 83.25 = 10,406.25 and 12.00 x 83.25 = 999.00; the total 160.10 x 83.25 = 13,328.33.
    expect(both(text)).toContain('taxable value ₹ 11,405.25');
    expect(both(text)).toContain('total ₹ 13,328.33');
  });

  it('an export invoice without a country of destination is issued with destination_country_missing and prints none', async () => {
    const inv = await createInvoice('foreign', { invoice_type: 'export', lut_number: LUT, items: [wire()] });
    expect(inv.warnings).toEqual([
      expect.objectContaining({ line: null, code: 'destination_country_missing', field: 'destination_country', expected: null, sent: null }),
    ]);
    const text = await pdf('invoice', inv.id, 'export-no-destination');
    expect(both(text)).toContain(`Address of delivery: ${CLIENTS.foreign.address}`);
    expect(both(text)).not.toContain('Country of destination');
    // Naming it later clears the warning and prints it; India is no destination of an export.
    const patched = await t.http.patch(`/v1/invoices/${inv.id}`).set(a.auth).send({ destination_country: 'ae' }).expect(200);
    expect(patched.body.data.tax_warnings).toEqual([]);
    expect(both(await pdf('invoice', inv.id, 'export-destination-patched'))).toContain('Country of destination: United Arab Emirates (AE)');
    const refused = await t.http.patch(`/v1/invoices/${inv.id}`).set(a.auth).send({ destination_country: 'IN' }).expect(400);
    expect(refused.body.error.details).toHaveProperty('destination_country');
    const irp = (await t.http.get(`/v1/exports/einvoice/${inv.id}`).set(a.auth).expect(200)).body.data;
    expect(irp.ExpDtls).toMatchObject({ CntCode: 'AE', RefClm: 'N' });
  });

  it('header and line discounts: the Discount column, the taxable values and every total row add up', async () => {
    const inv = await createInvoice('local', {
      discount_type: 'percentage',
      discount_value: 10,
      items: [wire({ discount_type: 'fixed', discount_value: 1000 }), paint({ discount_type: 'percentage', discount_value: 5 })],
    });
    const text = await pdf('invoice', inv.id, 'discounts');
    expectRule46(text, { number: inv.number, client: 'local', place: 'Maharashtra (27)', hsn: ['8544', '3208'], qty: ['10 MTR', '4 LTR'], tax: true });
    // Line discounts 1,000 and 50; 10% of the 9,950 left (995) shared 900 / 95: the Discount column's total 1,900 + 145.
    expect(expectLineColumnsAddUp(text.layout)[0]).toBe(204500);
    const rows = expectTotals(text, true);
    expect(rows['Taxable Value']).toBe(895500);
    expect(both(text)).toContain('The Discount column includes ₹ 995.00 off the whole document');
  });

  describe('compensation cess (docs/gst.md, "Compensation cess")', () => {
    /** Aerated water in August 2025: 28% GST and 12% compensation cess. */
    const soda = { item_description: 'Aerated water 300 ml', hsn_code: '22021010', quantity: 100, rate: 40, tax_rate: 28, cess_rate: 12, unit: 'BTL' };
    const august = { invoice_date: '2025-08-05', payment_due_date: '2025-09-04' };

    it.each([
      ['intra-state', 'local', {}, { 'Taxable Value': 1400000, CGST: 146000, SGST: 146000, Cess: 48000, 'Grand Total': 1740000 }],
      ['inter-state', 'karnataka', {}, { 'Taxable Value': 1400000, IGST: 292000, Cess: 48000, 'Grand Total': 1740000 }],
      [
        'reverse charge',
        'local',
        { reverse_charge: true },
        { 'Taxable Value': 1400000, CGST: 146000, SGST: 146000, Cess: 48000, 'Less: Tax payable on reverse charge': -340000, 'Grand Total': 1400000 },
      ],
    ] as const)('%s: a Cess column whose Total row is its sum, and a Cess row under the lines', async (name, client, body, expected) => {
      const inv = await createInvoice(client, { ...august, ...body, items: [soda, wire()] });
      expect(inv.warnings).toEqual([]);
      const text = await pdf('invoice', inv.id, `cess-${name.replace(/\W+/g, '-')}`);
      expect(text.layout).toMatch(/Cess %\s+Cess\s+Total/);
      expect(both(text)).toContain('22021010');
      expect(both(text)).toContain('12%');
      // 100 x 40 = 4,000 at 28% and 12% cess (480); 10 x 1,000 at 18% without cess: the column's total is 480.
      const lineTotal = expectLineColumnsAddUp(text.layout);
      expect(lineTotal.slice(-2)).toEqual([48000, lineTotalOf(body)]);
      expect(expectTotals(text, true)).toEqual(expected);
    });

    /** The line totals: taxable value, tax and cess; under reverse charge the taxable value alone. */
    function lineTotalOf(body: object): number {
      return 'reverse_charge' in body ? 1400000 : 1740000;
    }

    it('a USD export with cess states the cess in rupees too', async () => {
      const inv = await createInvoice('foreign', {
        ...august,
        invoice_type: 'export',
        currency: 'USD',
        exchange_rate: 83.25,
        destination_country: 'US',
        items: [{ ...soda, rate: 0.5 }],
      });
      const text = await pdf('invoice', inv.id, 'cess-usd-export');
      // 100 x 0.50 = 50.00 at 28% IGST (14.00) and 12% cess (6.00); 6.00 x 83.25 = 499.50.
      expect(expectTotals(text, true)).toEqual({ 'Taxable Value': 5000, IGST: 1400, Cess: 600, 'Grand Total': 7000 });
      expect(both(text)).toContain('cess ₹ 499.50');
    });

    it('an invoice without cess prints no Cess column or row', async () => {
      const inv = await createInvoice('local', { ...august, items: [wire()] });
      const text = await pdf('invoice', inv.id, 'cess-none');
      expect(both(text)).not.toMatch(/Cess/);
      expect(expectTotals(text, true)).toEqual({ 'Taxable Value': 1000000, CGST: 90000, SGST: 90000, 'Grand Total': 1180000 });
    });
  });

  describe('debit and credit notes against an invoice (rule 53(1A))', () => {
    /** The particulars of rule 53(1A): supplier, nature, number and date, recipient, the invoice's number and date, value, rate, tax. */
    function expectRule53(text: PdfText, note: { title: string; number: string; invoice: string; client: keyof typeof CLIENTS }) {
      const f = both(text);
      const c = CLIENTS[note.client];
      expect(f).toContain(SUPPLIER.name); // (a)
      expect(f).toContain(SUPPLIER.address);
      expect(f).toContain(`GSTIN: ${SUPPLIER.gstin}`);
      expect(f).toContain(note.title); // (b)
      expect(f).toContain(note.number); // (c), (d)
      expect(f).toContain(c.name); // (e)
      expect(f).toContain(c.address);
      expect(f).toContain(`GSTIN: ${c.gstin}`);
      expect(f).toContain(`Original Invoice No. ${note.invoice}`); // (g)
      expect(f).toContain('Original Invoice Date 05-10-2026');
      expect(f).toContain(`issued against invoice ${note.invoice} dated 05-10-2026.`);
      expect(f).toContain('Taxable Value'); // (h)
      expect(f).toContain('Authorised Signatory'); // (i)
    }

    it('a credit note of plain amounts prints the taxable value, rate and tax split at the invoice rate, as GSTR-1 reports them', async () => {
      const inv = await createInvoice('karnataka', { items: [wire()] });
      const res = await t.http
        .post('/v1/credit-notes')
        .set(a.auth)
        .send({
          client_id: clients.karnataka,
          original_invoice_id: inv.id,
          credit_note_date: '2026-10-20',
          items: [{ description: 'Rate difference', amount: 1180 }],
        })
        .expect(200);
      const id = res.body.data.credit_note_id as number;
      const note = (await t.http.get(`/v1/credit-notes/${id}`).set(a.auth).expect(200)).body.data;
      const text = await pdf('credit-note', id, 'credit-note-plain');
      expectRule53(text, { title: 'Credit Note', number: note.credit_note_number, invoice: inv.number, client: 'karnataka' });
      expect(both(text)).toContain('18%');
      expect(expectTotals(text, false)).toEqual({ 'Taxable Value': 100000, IGST: 18000, 'Grand Total': 118000 });
      const gstr1 = (await t.http.get('/v1/exports/gstr1?period=2026-10').set(a.auth).expect(200)).body.data;
      const cdnr = JSON.stringify(gstr1.cdnr);
      expect(cdnr).toContain('"txval":1000');
      expect(cdnr).toContain('"iamt":180');
    });

    it('a credit note made from an invoice prints its lines with tax, the invoice number and date', async () => {
      const inv = await createInvoice('local', { items: [wire(), paint()] });
      const res = await t.http.post('/v1/credit-notes').set(a.auth).send({ source_invoice_id: inv.id, credit_note_date: '2026-10-21' }).expect(200);
      const id = res.body.data.credit_note_id as number;
      const note = (await t.http.get(`/v1/credit-notes/${id}`).set(a.auth).expect(200)).body.data;
      const text = await pdf('credit-note', id, 'credit-note-from-invoice');
      expectRule53(text, { title: 'Credit Note', number: note.credit_note_number, invoice: inv.number, client: 'local' });
      expect(expectTotals(text, true)).toEqual({ 'Taxable Value': 1100000, CGST: 92500, SGST: 92500, 'Grand Total': 1285000 });
    });

    it('a debit note against an invoice names it and its date, with taxable value, rate and tax of each line', async () => {
      const inv = await createInvoice('local', { items: [wire()] });
      const res = await t.http
        .post('/v1/debit-notes')
        .set(a.auth)
        .send({
          client_id: clients.local,
          original_invoice_id: inv.id,
          debit_note_date: '2026-10-22',
          items: [
            { description: 'Short-billed cable', hsn_code: '8544', taxable_value: 500, tax_rate: 18 },
            { description: 'Freight short-billed', amount: 236 },
          ],
        });
      expect([200, 201]).toContain(res.status);
      const id = res.body.data.debit_note_id as number;
      expect(res.body.data.tax_warnings).toEqual([]);
      const note = (await t.http.get(`/v1/debit-notes/${id}`).set(a.auth).expect(200)).body.data;
      const text = await pdf('debit-note', id, 'debit-note');
      expectRule53(text, { title: 'Debit Note', number: note.debit_note_number, invoice: inv.number, client: 'local' });
      // 500 at 18% (45 + 45) and 236 split at the invoice's 18%: 200 and 18 + 18.
      expect(expectTotals(text, false)).toEqual({ 'Taxable Value': 70000, CGST: 6300, SGST: 6300, 'Grand Total': 82600 });
    });
  });

  describe('a note with compensation cess', () => {
    it('a credit note made from an invoice with cess prints the Cess column, its Total row the sum, and a Cess row', async () => {
      const soda = { item_description: 'Aerated water 300 ml', hsn_code: '22021010', quantity: 100, rate: 40, tax_rate: 28, cess_rate: 12, unit: 'BTL' };
      const res = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: clients.local, invoice_date: '2025-08-05', payment_due_date: '2025-09-04', items: [soda, wire()] })
        .expect(201);
      const invoiceId = res.body.data.invoice_id as number;
      const note = await t.http.post('/v1/credit-notes').set(a.auth).send({ source_invoice_id: invoiceId, credit_note_date: '2025-08-20' }).expect(200);
      expect(note.body.data.tax_warnings).toEqual([]);
      const text = await pdf('credit-note', note.body.data.credit_note_id as number, 'credit-note-cess');
      expect(text.layout).toMatch(/Cess %\s+Cess\s+Total/);
      // 4,000 at 28% (560 + 560) and 12% cess (480); 10,000 at 18% (900 + 900) without cess.
      expect(expectLineColumnsAddUp(text.layout).slice(-2)).toEqual([48000, 1740000]);
      expect(expectTotals(text, true)).toEqual({ 'Taxable Value': 1400000, CGST: 146000, SGST: 146000, Cess: 48000, 'Grand Total': 1740000 });
    });
  });

  describe('the supplier on a tax invoice (rule 46(a))', () => {
    it('an invoice of a business without an address or state is issued with supplier_address_missing; with them, without', async () => {
      const bare = await t.createAccount({ name: 'No Address Traders', email: 'bare.matrix@example.com' });
      const client = (await t.http.post('/v1/clients').set(bare.auth).send({ name: 'Walk-in', phone: '9876500099', email: 'walkin@example.com' }).expect(201))
        .body.data.client.client_id as number;
      const issue = () =>
        t.http
          .post('/v1/invoices')
          .set(bare.auth)
          .send({ client_id: client, invoice_date: '2026-10-05', payment_due_date: '2026-10-05', items: [wire()] })
          .expect(201);
      const missing = (await issue()).body.data;
      expect(missing.tax_warnings).toEqual([
        expect.objectContaining({ line: null, code: 'supplier_address_missing', field: 'business_address', expected: null, sent: null }),
      ]);
      expect((await t.http.get(`/v1/invoices/${missing.invoice_id}`).set(bare.auth).expect(200)).body.data.tax_warnings).toEqual(missing.tax_warnings);
      await t.http.patch('/v1/settings/business').set(bare.auth).send({ business_address: '3 Station Road, Nashik 422001' }).expect(200);
      expect((await issue()).body.data.tax_warnings).toEqual([expect.objectContaining({ code: 'supplier_address_missing', field: 'state_code' })]);
      await t.http.patch('/v1/settings/business').set(bare.auth).send({ state_code: '27' }).expect(200);
      expect((await issue()).body.data.tax_warnings).toEqual([]);
      const note = await t.http
        .post('/v1/credit-notes')
        .set(a.auth)
        .send({ client_id: clients.local, credit_note_date: '2026-10-05', items: [{ description: 'Goodwill', amount: 10 }] })
        .expect(200);
      expect(note.body.data.tax_warnings).toEqual([]);
    });
  });
});
