import { startApp, TestAccount, TestApp } from './support/app-harness';

const SUPPLIER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const KARNATAKA_GSTIN = '29AAACH7409R1ZX';

interface Warning {
  line: number | null;
  code: string;
  field: string;
  expected: number | null;
  sent: number | null;
  message: string;
}
const codes = (warnings: Warning[]) => warnings.map((w) => [w.line, w.code]);

/** The rate table, HSN and SAC codes, and the warnings a chartered accountant expects, through the HTTP API. */
describe('GST checks: rates in force, HSN codes, warnings of a CA', () => {
  let t: TestApp;
  let a: TestAccount;
  let local: number;
  let karnataka: number;

  beforeAll(async () => {
    t = await startApp('gst_checks');
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme.checks@example.com', gstin: SUPPLIER_GSTIN, plan: 'pro' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune 411001' }).expect(200);
    const client = (body: object) => t.http.post('/v1/clients').set(a.auth).send(body).expect(201);
    local = (await client({ name: 'Pune Retail', phone: '9876500001', email: 'pune@example.com' })).body.data.client.client_id;
    karnataka = (await client({ name: 'Karnataka Traders', phone: '9876500002', email: 'kt@example.com', gstin: KARNATAKA_GSTIN })).body.data.client.client_id;
  });
  afterAll(() => t.close());

  const goods = (extra: object = {}) => ({ item_description: 'Copper wire', hsn_code: '8544', quantity: 2, rate: 1000, tax_rate: 18, ...extra });
  const invoice = (date: string, body: object) =>
    t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: local, invoice_date: date, payment_due_date: date, ...body });
  const readInvoice = async (id: number) => (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
  const warningsOn = async (date: string, items: object[]) => (await invoice(date, { items }).expect(201)).body.data.tax_warnings as Warning[];
  const post = (path: string, body: object) => t.http.post(path).set(a.auth).send(body);

  describe('the rate table', () => {
    it('GST 2.0 (2025-09-22): 12 percent is in force on 2025-09-21 and a warning from 2025-09-22; 40 percent the other way round', async () => {
      expect(await warningsOn('2025-09-21', [goods({ tax_rate: 12 })])).toEqual([]);
      const twelve = await warningsOn('2025-09-22', [goods({ tax_rate: 12 })]);
      expect(twelve).toEqual([
        { line: 1, code: 'rate_not_in_force', field: 'tax_rate', expected: null, sent: 12, message: expect.stringContaining('9/2025-Central Tax (Rate)') },
      ]);
      expect(codes(await warningsOn('2025-09-21', [goods(), goods({ tax_rate: 40 })]))).toEqual([[2, 'rate_not_in_force']]);
      expect(await warningsOn('2025-09-22', [goods({ tax_rate: 40 })])).toEqual([]);
    });

    it('2026-02-01: 28 percent is in force on 2026-01-31 and a warning from 2026-02-01, stored as sent and listed on the single read', async () => {
      expect(await warningsOn('2026-01-31', [goods({ tax_rate: 28 })])).toEqual([]);
      const res = await invoice('2026-02-01', { items: [goods({ tax_rate: 28 })] }).expect(201);
      expect(codes(res.body.data.tax_warnings)).toEqual([[1, 'rate_not_in_force']]);
      const stored = await readInvoice(res.body.data.invoice_id);
      expect(stored.items[0]).toMatchObject({ tax_rate: 28, cgst_amount: 280, sgst_amount: 280, total_amount: 2560 });
      expect(stored.tax_warnings).toEqual(res.body.data.tax_warnings);
      expect(await warningsOn('2026-02-01', [goods({ tax_rate: 40 })])).toEqual([]);
    });

    it('a PATCH that moves the date checks the stored lines again', async () => {
      const id = (await invoice('2025-09-21', { items: [goods({ tax_rate: 12 })] }).expect(201)).body.data.invoice_id;
      const moved = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ invoice_date: '2025-10-01', payment_due_date: '2025-10-31' }).expect(200);
      expect(codes(moved.body.data.tax_warnings)).toEqual([[1, 'rate_not_in_force']]);
    });

    it('17 percent is no GST rate: 400 validation_error naming the line, on every kind of document and on inventory items', async () => {
      const bad = goods({ tax_rate: 17 });
      const answers = [
        await invoice('2026-10-15', { items: [goods(), bad] }).expect(400),
        await post('/v1/quotations', { client_id: local, quotation_date: '2026-10-15', items: [goods(), bad] }).expect(400),
        await post('/v1/proforma-invoices', { client_id: local, proforma_date: '2026-10-15', items: [goods(), bad] }).expect(400),
        await post('/v1/debit-notes', {
          client_id: local,
          debit_note_date: '2026-10-15',
          items: [
            { description: 'Ok', amount: 1 },
            { description: 'Freight', taxable_value: 100, tax_rate: 17 },
          ],
        }).expect(400),
        await post('/v1/credit-notes', {
          client_id: local,
          credit_note_date: '2026-10-15',
          items: [
            { description: 'Ok', amount: 1 },
            { description: 'Return', taxable_value: 100, tax_rate: '17' },
          ],
        }).expect(400),
      ];
      for (const res of answers) {
        expect(res.body.error).toMatchObject({ code: 'validation_error', details: { 'items.1.tax_rate': expect.stringContaining('GST rate') } });
      }
      const item = await post('/v1/inventory', { name: 'Widget', rate: 100, tax_rate: 17 }).expect(400);
      expect(item.body.error).toMatchObject({ code: 'validation_error', details: { tax_rate: expect.stringContaining('GST rate') } });
      const id = (await post('/v1/inventory', { name: 'Widget', rate: 100, tax_rate: 40 }).expect(201)).body.data.inventory_id;
      await t.http.patch(`/v1/inventory/${id}`).set(a.auth).send({ tax_rate: 12.5 }).expect(400);
      await t.http.patch(`/v1/inventory/${id}`).set(a.auth).send({ tax_rate: 0.25 }).expect(200);
    });

    it('quotations and proforma invoices are checked on their date', async () => {
      const q = await post('/v1/quotations', { client_id: local, quotation_date: '2026-10-15', items: [goods({ tax_rate: 12 })] }).expect(201);
      expect(codes(q.body.data.tax_warnings)).toEqual([[1, 'rate_not_in_force']]);
      const p = await post('/v1/proforma-invoices', { client_id: local, proforma_date: '2025-09-01', items: [goods({ tax_rate: 40 })] }).expect(200);
      expect(codes(p.body.data.tax_warnings)).toEqual([[1, 'rate_not_in_force']]);
      const read = (await t.http.get(`/v1/proforma-invoices/${p.body.data.proforma_invoice_id}`).set(a.auth).expect(200)).body.data;
      expect(codes(read.tax_warnings)).toEqual([[1, 'rate_not_in_force']]);
    });

    it('a note carries the rates of the invoice it refers to; without one, those of its own date', async () => {
      const inv = (await invoice('2025-08-10', { items: [goods({ tax_rate: 12 })] }).expect(201)).body.data.invoice_id;
      const line = { description: 'Rate difference', hsn_code: '8544', taxable_value: 100, tax_rate: 12 };
      const against = await post('/v1/credit-notes', { source_invoice_id: inv, credit_note_date: '2025-10-15', items: [line] }).expect(200);
      expect(against.body.data.tax_warnings).toEqual([]);
      const prefilled = await post('/v1/credit-notes', { source_invoice_id: inv, credit_note_date: '2025-10-20' }).expect(200);
      expect(prefilled.body.data.tax_warnings).toEqual([]);
      const debit = await post('/v1/debit-notes', { client_id: local, original_invoice_id: inv, debit_note_date: '2025-10-15', items: [line] }).expect(201);
      expect(debit.body.data.tax_warnings).toEqual([]);
      const alone = await post('/v1/debit-notes', { client_id: local, debit_note_date: '2025-10-15', items: [line] }).expect(201);
      expect(codes(alone.body.data.tax_warnings)).toEqual([[1, 'rate_not_in_force']]);
    });
  });

  describe('HSN and SAC codes', () => {
    it('digits of 4, 6 or 8 (a SAC: 6 starting 99, or its 4-digit heading) or empty; anything else is 400 naming the line', async () => {
      const ok = await invoice('2026-10-15', {
        items: [
          goods({ hsn_code: '8544' }),
          goods({ hsn_code: '854420' }),
          goods({ hsn_code: '85442010' }),
          goods({ hsn_code: '998311' }),
          goods({ hsn_code: '9983' }),
          goods({ hsn_code: '' }),
        ],
      }).expect(201);
      expect((await readInvoice(ok.body.data.invoice_id)).items.map((l: { hsn_code: string }) => l.hsn_code)).toEqual([
        '8544',
        '854420',
        '85442010',
        '998311',
        '9983',
        '',
      ]);
      for (const hsn of ['ABC', '85', '85442', '99831100', '8544.20']) {
        const res = await invoice('2026-10-15', { items: [goods(), goods({ hsn_code: hsn })] }).expect(400);
        expect(res.body.error).toMatchObject({ code: 'validation_error', details: { 'items.1.hsn_code': expect.stringContaining('HSN') } });
      }
      const quotation = await post('/v1/quotations', { client_id: local, quotation_date: '2026-10-15', items: [goods({ hsn_code: 'ABC' })] }).expect(400);
      expect(quotation.body.error.details).toMatchObject({ 'items.0.hsn_code': expect.any(String) });
      const note = await post('/v1/credit-notes', {
        client_id: local,
        credit_note_date: '2026-10-15',
        items: [{ description: 'Return', hsn_code: 'ABC', taxable_value: 100, tax_rate: 18 }],
      }).expect(400);
      expect(note.body.error.details).toMatchObject({ 'items.0.hsn_code': expect.any(String) });
    });

    it('inventory items: the same rule (2 digits, once accepted, are 400 too)', async () => {
      for (const hsn of ['ABC', '84', '847']) {
        const res = await post('/v1/inventory', { name: 'Printer', rate: 100, hsn_code: hsn }).expect(400);
        expect(res.body.error).toMatchObject({ code: 'validation_error', details: { hsn_code: expect.stringContaining('HSN') } });
      }
      await post('/v1/inventory', { name: 'Printer', rate: 100, hsn_code: '84433100' }).expect(201);
      await post('/v1/inventory', { name: 'Repairs', rate: 100, type: 'service', hsn_code: '998713' }).expect(201);
    });
  });

  describe('warnings a CA expects', () => {
    it('CGST and SGST sent unequal (90.01 / 89.99): cgst_sgst_unequal, stored as sent', async () => {
      const res = await invoice('2026-10-15', {
        items: [goods({ quantity: 1, cgst_amount: 90.01, sgst_amount: 89.99, igst_amount: 0, total_amount: 1180 })],
      }).expect(201);
      expect(res.body.data.tax_warnings).toEqual([
        { line: 1, code: 'cgst_sgst_unequal', field: 'sgst_amount', expected: 90.01, sent: 89.99, message: expect.stringContaining('differ') },
      ]);
      const stored = await readInvoice(res.body.data.invoice_id);
      expect(stored.items[0]).toMatchObject({ cgst_amount: 90.01, sgst_amount: 89.99 });
      expect(stored.tax_warnings).toEqual(res.body.data.tax_warnings);
      const debit = await post('/v1/debit-notes', {
        client_id: local,
        debit_note_date: '2026-10-15',
        items: [{ description: 'Freight', taxable_value: 1000, tax_rate: 18, cgst_amount: 90.01, sgst_amount: 89.99, amount: 1180 }],
      }).expect(201);
      expect(codes(debit.body.data.tax_warnings)).toEqual([[1, 'cgst_sgst_unequal']]);
    });

    it('place of supply 25 (merged into 26 in 2020): place_of_supply_merged, for the document as a whole', async () => {
      const res = await invoice('2026-10-15', { client_id: karnataka, place_of_supply: '25', items: [goods()] }).expect(201);
      expect(res.body.data.tax_warnings).toEqual([
        { line: null, code: 'place_of_supply_merged', field: 'place_of_supply', expected: null, sent: null, message: expect.stringContaining('26') },
      ]);
      expect((await readInvoice(res.body.data.invoice_id)).place_of_supply).toBe('25');
      expect((await invoice('2026-10-15', { client_id: karnataka, place_of_supply: '26', items: [goods()] }).expect(201)).body.data.tax_warnings).toEqual([]);
      const note = await post('/v1/credit-notes', { client_id: karnataka, credit_note_date: '2026-10-15', place_of_supply: '25' }).expect(200);
      expect(codes(note.body.data.tax_warnings)).toEqual([[null, 'place_of_supply_merged']]);
    });

    it('a credit note after 30 November following its invoice year is time-barred (section 34(2)): credit_note_time_barred', async () => {
      const inv = (await invoice('2024-05-10', { items: [goods()] }).expect(201)).body.data;
      const onTime = await post('/v1/credit-notes', { source_invoice_id: inv.invoice_id, credit_note_date: '2025-11-30' }).expect(200);
      expect(onTime.body.data.tax_warnings).toEqual([]);
      const late = await post('/v1/credit-notes', { source_invoice_id: inv.invoice_id, credit_note_date: '2025-12-01' }).expect(200);
      expect(late.body.data.tax_warnings).toEqual([
        { line: null, code: 'credit_note_time_barred', field: 'credit_note_date', expected: null, sent: null, message: expect.stringContaining('2025-11-30') },
      ]);
      const read = (await t.http.get(`/v1/credit-notes/${late.body.data.credit_note_id}`).set(a.auth).expect(200)).body.data;
      expect(read.tax_warnings).toEqual(late.body.data.tax_warnings);
      expect(read.tax_warnings[0].message).toContain(inv.invoice_number);
      // Named by original_invoice_id, and a PATCH of the date alone.
      const byOriginal = await post('/v1/credit-notes', { client_id: local, original_invoice_id: inv.invoice_id, credit_note_date: '2025-06-01' }).expect(200);
      expect(byOriginal.body.data.tax_warnings).toEqual([]);
      const patched = await t.http
        .patch(`/v1/credit-notes/${byOriginal.body.data.credit_note_id}`)
        .set(a.auth)
        .send({ credit_note_date: '2026-01-15' })
        .expect(200);
      expect(codes(patched.body.data.tax_warnings)).toEqual([[null, 'credit_note_time_barred']]);
      // A debit note has no such limit.
      const debit = await post('/v1/debit-notes', { client_id: local, original_invoice_id: inv.invoice_id, debit_note_date: '2026-01-15' }).expect(201);
      expect(debit.body.data.tax_warnings).toEqual([]);
    });
  });
});
