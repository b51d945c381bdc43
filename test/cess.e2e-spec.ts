import Ajv from 'ajv';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import irpSchema from '../schemas/einvoice-1.1.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { both, readPdf } from './support/pdf-text';

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
  describe('on debit and credit notes (lines with a taxable value)', () => {
    let n: TestAccount;
    let local: number;
    let foreign: number;
    let carInvoice: { id: number; number: string };
    let exportInvoice: { id: number; number: string };

    beforeAll(async () => {
      n = await t.createAccount({ name: 'Deccan Motors Notes', email: 'deccan.cess.notes@example.com', gstin: SUPPLIER_GSTIN });
      await t.http.patch('/v1/settings/business').set(n.auth).send({ business_address: '14 Laxmi Road, Pune 411030' }).expect(200);
      local = (
        await t.http
          .post('/v1/clients')
          .set(n.auth)
          .send({ name: 'Pune Fleet Pvt Ltd', phone: '9876512347', email: 'fleet3@example.com', gstin: CLIENT_GSTIN, address: '5 FC Road, Pune 411004' })
          .expect(201)
      ).body.data.client.client_id as number;
      foreign = (
        await t.http
          .post('/v1/clients')
          .set(n.auth)
          .send({ name: 'Gulf Motors LLC', phone: '9876512399', email: 'gulf@example.com', address: 'Sheikh Zayed Road, Dubai' })
          .expect(201)
      ).body.data.client.client_id as number;
      const made = async (body: object) => {
        const res = await t.http.post('/v1/invoices').set(n.auth).send(body).expect(201);
        const id = res.body.data.invoice_id as number;
        return { id, number: (await t.http.get(`/v1/invoices/${id}`).set(n.auth).expect(200)).body.data.invoice_number as string };
      };
      carInvoice = await made({ client_id: local, invoice_date: '2025-08-05', payment_due_date: '2025-08-05', items: [car] });
      exportInvoice = await made({
        client_id: foreign,
        invoice_type: 'export',
        destination_country: 'AE',
        invoice_date: '2025-08-06',
        payment_due_date: '2025-08-06',
        items: [car],
      });
    });

    const readNote = async (kind: 'debit-notes' | 'credit-notes', id: number) => (await t.http.get(`/v1/${kind}/${id}`).set(n.auth).expect(200)).body.data;
    /** A return line (B2B, CDNR or CDNUR) without the serial number. */
    const det = (itms: Array<{ itm_det: Record<string, number> }>) => itms.map((i) => i.itm_det);

    it('a debit note line with cess_rate gets its cess computed into its amount; read, PDF, GSTR-1 CDNR and Table 12 and the DBN e-invoice carry it', async () => {
      const res = await t.http
        .post('/v1/debit-notes')
        .set(n.auth)
        .send({
          client_id: local,
          original_invoice_id: carInvoice.id,
          debit_note_date: '2025-08-20',
          items: [
            { description: 'Price revision, motor car', hsn_code: '87032291', quantity: 1, unit: 'NOS', taxable_value: 100000, tax_rate: 28, cess_rate: 12 },
          ],
        })
        .expect(201);
      expect(res.body.data.tax_warnings).toEqual([]);
      const id = res.body.data.debit_note_id as number;
      const note = await readNote('debit-notes', id);
      // 1,00,000 at 28% (14,000 + 14,000) and 12% cess (12,000).
      expect(note.items).toEqual([
        expect.objectContaining({ taxable_value: 100000, cgst_amount: 14000, sgst_amount: 14000, cess_rate: 12, cess_amount: 12000, amount: 140000 }),
      ]);
      expect(note.total_amount).toBe(140000);

      const pdf = readPdf(
        (await t.http.get(`/v1/documents/debit-note/${id}/pdf`).set(n.auth).buffer(true).parse(binary).expect(200)).body as Buffer,
        'debit-note-cess',
      );
      expect(pdf.layout).toMatch(/Cess %\s+Cess\s+Total/);
      expect(both(pdf)).toMatch(/Cess\s+₹\s*12,000\.00/);
      expect(both(pdf)).toMatch(/Grand Total\s+₹\s*1,40,000\.00/);

      const ret = (await t.http.get('/v1/exports/gstr1?period=2025-08').set(n.auth).expect(200)).body.data;
      const cdnr = (ret.cdnr as Array<{ ctin: string; nt: Array<{ nt_num: string; itms: Array<{ itm_det: Record<string, number> }> }> }>)
        .find((r) => r.ctin === CLIENT_GSTIN)
        ?.nt.find((n) => n.nt_num === note.debit_note_number);
      expect(det(cdnr!.itms)).toEqual([expect.objectContaining({ txval: 100000, rt: 28, camt: 14000, samt: 14000, csamt: 12000 })]);
      // Table 12: the invoice (5,00,000 and 60,000 cess) and the debit note (1,00,000 and 12,000) under 8703.
      expect(ret.hsn.hsn_b2b).toEqual([expect.objectContaining({ hsn_sc: '8703', txval: 600000, csamt: 72000 })]);

      const irp = (await t.http.get(`/v1/exports/einvoice/debit-notes/${id}`).set(n.auth).expect(200)).body.data;
      expect(ajv.validate(irpSchema, irp)).toBe(true);
      expect(irp.DocDtls.Typ).toBe('DBN');
      expect(irp.ItemList).toEqual([expect.objectContaining({ AssAmt: 100000, CesRt: 12, CesAmt: 12000, TotItemVal: 140000 })]);
      expect(irp.ValDtls).toMatchObject({ AssVal: 100000, CesVal: 12000, TotInvVal: 140000 });
    });

    it('a credit note made from an invoice takes its lines with their cess: CDNR csamt, Table 12 less the cess, the CRN e-invoice CesAmt', async () => {
      const res = await t.http.post('/v1/credit-notes').set(n.auth).send({ source_invoice_id: carInvoice.id, credit_note_date: '2025-08-25' }).expect(200);
      expect(res.body.data.tax_warnings).toEqual([]);
      const id = res.body.data.credit_note_id as number;
      const note = await readNote('credit-notes', id);
      expect(note.items).toEqual([expect.objectContaining({ taxable_value: 500000, cess_rate: 12, cess_amount: 60000, amount: 700000 })]);
      const ret = (await t.http.get('/v1/exports/gstr1?period=2025-08').set(n.auth).expect(200)).body.data;
      const cdnr = (ret.cdnr as Array<{ ctin: string; nt: Array<{ nt_num: string; ntty: string; itms: Array<{ itm_det: Record<string, number> }> }> }>)
        .find((r) => r.ctin === CLIENT_GSTIN)
        ?.nt.find((n) => n.nt_num === note.credit_note_number);
      expect(cdnr).toMatchObject({ ntty: 'C' });
      expect(det(cdnr!.itms)).toEqual([expect.objectContaining({ txval: 500000, csamt: 60000 })]);
      // Table 12 of 8703 now: 5,00,000 + 1,00,000 - 5,00,000 and 60,000 + 12,000 - 60,000 of cess.
      expect(ret.hsn.hsn_b2b).toEqual([expect.objectContaining({ hsn_sc: '8703', txval: 100000, csamt: 12000 })]);
      const irp = (await t.http.get(`/v1/exports/einvoice/credit-notes/${id}`).set(n.auth).expect(200)).body.data;
      expect(ajv.validate(irpSchema, irp)).toBe(true);
      expect(irp.ItemList).toEqual([expect.objectContaining({ AssAmt: 500000, CesRt: 12, CesAmt: 60000, TotItemVal: 700000 })]);
    });

    it('a credit note against an export goes to CDNUR with its cess', async () => {
      const res = await t.http
        .post('/v1/credit-notes')
        .set(n.auth)
        .send({
          client_id: foreign,
          original_invoice_id: exportInvoice.id,
          supply_type: 'export_with_payment',
          credit_note_date: '2025-08-26',
          items: [{ description: 'Damaged in transit', hsn_code: '87032291', taxable_value: 10000, tax_rate: 28, cess_rate: 12 }],
        })
        .expect(200);
      const note = await readNote('credit-notes', res.body.data.credit_note_id as number);
      // An export is inter-state: IGST 2,800 and cess 1,200.
      expect(note.items[0]).toMatchObject({ igst_amount: 2800, cess_amount: 1200, amount: 14000 });
      const ret = (await t.http.get('/v1/exports/gstr1?period=2025-08').set(n.auth).expect(200)).body.data;
      const cdnur = (ret.cdnur as Array<{ nt_num: string; typ: string; itms: Array<{ itm_det: Record<string, number> }> }>).find(
        (n) => n.nt_num === note.credit_note_number,
      );
      expect(cdnur).toMatchObject({ typ: 'EXPWP' });
      expect(det(cdnur!.itms)).toEqual([expect.objectContaining({ txval: 10000, iamt: 2800, csamt: 1200 })]);
    });

    it('a cess_amount sent off the rate is stored as sent and warned; cess with no taxable value or out of range is a 400 naming the line', async () => {
      const sent = await t.http
        .post('/v1/debit-notes')
        .set(n.auth)
        .send({
          client_id: local,
          debit_note_date: '2025-08-21',
          items: [{ description: 'Car', hsn_code: '8703', taxable_value: 100000, tax_rate: 28, cess_rate: 12, cess_amount: 12001 }],
        })
        .expect(201);
      expect(sent.body.data.tax_warnings).toEqual([
        expect.objectContaining({ line: 1, code: 'tax_amount', field: 'cess_amount', expected: 12000, sent: 12001 }),
      ]);
      expect((await readNote('debit-notes', sent.body.data.debit_note_id as number)).items[0]).toMatchObject({ cess_amount: 12001, amount: 140001 });
      const credit = (items: object[]) => t.http.post('/v1/credit-notes').set(n.auth).send({ client_id: local, credit_note_date: '2025-08-21', items });
      const plain = await credit([
        { description: 'Goodwill', amount: 100 },
        { description: 'Plain', amount: 100, cess_rate: 12 },
      ]).expect(400);
      expect(plain.body.error.details).toEqual({ 'items.1.cess_rate': expect.stringMatching(/taxable_value/) });
      const bad = await credit([
        { description: 'Too much', taxable_value: 100, tax_rate: 28, cess_rate: 291 },
        { description: 'Negative', taxable_value: 100, tax_rate: 28, cess_amount: -1 },
      ]).expect(400);
      expect(Object.keys(bad.body.error.details).sort()).toEqual(['items.0.cess_rate', 'items.1.cess_amount']);
    });

    it('cess_not_applicable on the date of the supply the note corrects: none on a note against an August 2025 invoice, one on a note of 2026 without one', async () => {
      const line = { description: 'Car', hsn_code: '87032291', taxable_value: 100000, tax_rate: 28, cess_rate: 12 };
      const against = await t.http
        .post('/v1/credit-notes')
        .set(n.auth)
        .send({ client_id: local, original_invoice_id: carInvoice.id, credit_note_date: '2026-03-02', items: [line] })
        .expect(200);
      expect(against.body.data.tax_warnings).toEqual([]);
      const alone = await t.http
        .post('/v1/debit-notes')
        .set(n.auth)
        .send({ client_id: local, debit_note_date: '2026-03-02', items: [{ ...line, tax_rate: 40 }] })
        .expect(201);
      expect(alone.body.data.tax_warnings.map((w: { line: number; code: string; field: string }) => [w.line, w.code, w.field])).toEqual([
        [1, 'cess_not_applicable', 'cess_rate'],
      ]);
      const stored = await readNote('debit-notes', alone.body.data.debit_note_id as number);
      expect(stored.tax_warnings).toEqual(alone.body.data.tax_warnings);
    });
  });
});
