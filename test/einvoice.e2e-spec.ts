import Ajv from 'ajv';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, GlobalHistogramBinarizer, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import irpSchema from '../schemas/einvoice-1.1.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { FakeIrp } from './support/fake-irp';
import { binary } from './support/binary-body';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { gstinCheckCharacter as checkOf } from '@app/domain/tax/gstin';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PNG } = require('pngjs') as { PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Uint8Array } } } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

/**
 * The text of a QR code in a grey image, or null. zxing's default reading misses about one generated code in
 * twenty (measured on 200 random payloads of the signed-QR size); reading it as a pure code first, then with
 * the other binarizer, read all 200.
 */
function decodeQr(gray: Uint8ClampedArray, width: number, height: number): string | null {
  const ways: Array<[typeof HybridBinarizer | typeof GlobalHistogramBinarizer, boolean]> = [
    [HybridBinarizer, true],
    [GlobalHistogramBinarizer, true],
    [HybridBinarizer, false],
    [GlobalHistogramBinarizer, false],
  ];
  for (const [Binarizer, pure] of ways) {
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    if (pure) hints.set(DecodeHintType.PURE_BARCODE, true);
    try {
      return new QRCodeReader().decode(new BinaryBitmap(new Binarizer(new RGBLuminanceSource(gray, width, height))), hints).getText();
    } catch {
      // not read this way
    }
  }
  return null;
}

/** Every QR code among the images of a PDF: images pulled out with poppler's pdfimages, decoded with pngjs and zxing. */
function qrCodesInPdf(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'einvoice-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdfimages', ['-png', join(dir, 'doc.pdf'), join(dir, 'img')]);
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.png'))) {
      const png = PNG.sync.read(readFileSync(join(dir, file)));
      const channels = png.data.length / (png.width * png.height);
      const gray = new Uint8ClampedArray(png.width * png.height);
      for (let p = 0; p < gray.length; p++) {
        const o = p * channels;
        gray[p] = channels >= 3 ? Math.round(0.299 * png.data[o] + 0.587 * png.data[o + 1] + 0.114 * png.data[o + 2]) : png.data[o];
      }
      const text = decodeQr(gray, png.width, png.height);
      if (text !== null) found.push(text);
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const LINE = {
  item_description: 'Laptop 14 inch',
  hsn_code: '84713010',
  quantity: 2,
  rate: 25000,
  tax_rate: 18,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 9000,
  total_amount: 59000,
};

describe('e-invoicing against a local registration portal', () => {
  let t: TestApp;
  let portal: FakeIrp;
  let a: TestAccount;
  let client: number;
  const ajv = new Ajv({ allErrors: true });

  const newInvoice = async (extra: object = {}) =>
    (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: '2026-11-20', payment_due_date: '2026-12-20', invoice_type: 'interstate_sale', items: [LINE], ...extra })
        .expect(201)
    ).body.data.invoice_id as number;
  const register = (id: number) => t.http.post(`/v1/invoices/${id}/einvoice`).set(a.auth).send({});
  const registrations = async (id: number) =>
    (await t.dataSource.query('SELECT irn, status FROM einvoice_registrations WHERE account_id = ? AND invoice_id = ?', [a.accountId, id])) as Array<{
      irn: string;
      status: string;
    }>;

  beforeAll(async () => {
    portal = await new FakeIrp().start();
    t = await startApp('einvoice', {
      EINVOICE_BASE_URL: portal.url,
      EINVOICE_CLIENT_ID: 'fake-client',
      EINVOICE_CLIENT_SECRET: 'fake-secret',
      EINVOICE_USERNAME: 'api_user',
      EINVOICE_PASSWORD: 'api-password',
      EINVOICE_TIMEOUT_MS: '1500',
      EINVOICE_QR_PUBLIC_KEY: portal.publicKeyPem,
    });
    a = await t.createAccount({ name: 'Sharma Traders', gstin: '27AAPFU0939F1ZV' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Camp, Pune 411001' }).expect(200);
    client = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({
          name: 'Karnataka Buyer Pvt Ltd',
          phone: '9311111111',
          email: 'buyer@example.com',
          gstin: '29AAACH7409R1ZX',
          address: '48/1 Hosur Main Road, Bengaluru 560068',
        })
        .expect(201)
    ).body.data.client.client_id as number;
  });

  afterAll(async () => {
    await t?.close();
    await portal?.close();
  });

  it('turns e-invoicing on only with a GSTIN and prefixes the portal takes', async () => {
    const none = await t.createAccount({ name: 'No GSTIN' });
    expect((await t.http.patch('/v1/settings/business').set(none.auth).send({ einvoice_enabled: true }).expect(400)).body.error.details).toHaveProperty(
      'einvoice_enabled',
    );
    // A prefix stored before the rule (lowercase) makes numbers the portal refuses.
    await t.dataSource.query(
      "INSERT INTO business_settings (account_id, invoice_template, invoice_prefix, updated_at) VALUES (?, 'classic', 'inv', UTC_TIMESTAMP()) ON DUPLICATE KEY UPDATE invoice_prefix = 'inv'",
      [a.accountId],
    );
    const bad = await t.http.patch('/v1/settings/business').set(a.auth).send({ einvoice_enabled: true }).expect(400);
    expect(bad.body.error.details.invoice_prefix).toContain('^[A-Z1-9][A-Z0-9/-]{0,15}$');
    const ok = await t.http.patch('/v1/settings/business').set(a.auth).send({ einvoice_enabled: true, invoice_prefix: 'INV' }).expect(200);
    expect(ok.body.data).toMatchObject({ einvoice_enabled: true, invoice_prefix: 'INV' });
  });

  it('gives the IRP JSON without sending it, valid against the committed schema 1.1', async () => {
    const id = await newInvoice();
    const before = portal.received.length;
    const json = (await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(irpSchema, json)).toBe(true);
    expect(ajv.errors ?? []).toEqual([]);
    expect(json).toMatchObject({
      Version: '1.1',
      TranDtls: { SupTyp: 'B2B', RegRev: 'N' },
      DocDtls: { Typ: 'INV', Dt: '20/11/2026' },
      SellerDtls: { Gstin: '27AAPFU0939F1ZV', Addr1: '12 MG Road', Pin: 411001, Stcd: '27', Loc: 'Pune' },
      BuyerDtls: { Gstin: '29AAACH7409R1ZX', Pos: '29', Pin: 560068 },
      ValDtls: { AssVal: 50000, IgstVal: 9000, TotInvVal: 59000 },
    });
    expect(json.ItemList[0]).toMatchObject({ HsnCd: '84713010', Qty: 2, UnitPrice: 25000, AssAmt: 50000, GstRt: 18, IgstAmt: 9000, TotItemVal: 59000 });
    expect(portal.received.length).toBe(before);
    // Another account's invoice is not found; an invoice to an unregistered client cannot be e-invoiced.
    const other = await t.createAccount({ name: 'Other' });
    await t.http.get(`/v1/exports/einvoice/${id}`).set(other.auth).expect(404);
  });

  it('sends a ship-to party with its own GSTIN as ShipDtls (GSTIN, legal name, address of delivery); its GSTIN is checked', async () => {
    const depot = '33AAACH7409R1ZZ';
    const shipTo = {
      ship_to_gstin: depot.slice(0, 14) + checkOf(depot.slice(0, 14)),
      ship_to_name: 'Chennai Depot Pvt Ltd',
      delivery_address: '14 Anna Salai, Guindy, Chennai 600032',
    };
    const id = await newInvoice(shipTo);
    const json = (await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(irpSchema, json) ? [] : ajv.errors).toEqual([]);
    expect(json.ShipDtls).toEqual({
      Gstin: shipTo.ship_to_gstin,
      LglNm: 'Chennai Depot Pvt Ltd',
      Addr1: '14 Anna Salai',
      Loc: 'Chennai',
      Addr2: 'Guindy',
      Pin: 600032,
      Stcd: '33',
    });
    expect(json.BuyerDtls).toMatchObject({ Gstin: '29AAACH7409R1ZX', Pos: '29' });
    expect((await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data).toMatchObject({
      ship_to_gstin: shipTo.ship_to_gstin,
      ship_to_name: 'Chennai Depot Pvt Ltd',
    });
    expect(
      (
        await t.http
          .get(`/v1/exports/einvoice/${await newInvoice()}`)
          .set(a.auth)
          .expect(200)
      ).body.data,
    ).not.toHaveProperty('ShipDtls');

    const refused = async (body: object) =>
      Object.keys(
        (
          await t.http
            .post('/v1/invoices')
            .set(a.auth)
            .send({ client_id: client, invoice_date: '2026-11-20', payment_due_date: '2026-12-20', items: [LINE], ...body })
            .expect(400)
        ).body.error.details,
      );
    expect(await refused({ ...shipTo, ship_to_gstin: `${depot.slice(0, 14)}${checkOf(depot.slice(0, 14)) === 'A' ? 'B' : 'A'}` })).toContain('ship_to_gstin');
    expect(await refused({ ...shipTo, ship_to_name: undefined })).toEqual(['ship_to_name']);
    expect(await refused({ ...shipTo, delivery_address: 'Anna Salai, Chennai' })).toEqual(['delivery_address']);
    expect(await refused({ ship_to_name: 'Chennai Depot Pvt Ltd' })).toEqual(['ship_to_name']);
    // Removed again: the invoice goes to its client.
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ ship_to_gstin: null, ship_to_name: null }).expect(200);
    expect((await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(200)).body.data).not.toHaveProperty('ShipDtls');
  });

  it('registers: the IRN is stored, shown on the PDF with a QR code that decodes to the signed payload', async () => {
    const id = await newInvoice();
    const res = await register(id).expect(200);
    const reg = res.body.data;
    expect(reg).toMatchObject({ invoice_id: id, irn: expect.stringMatching(/^[0-9a-f]{64}$/), status: 'active' });
    const sent = portal.received.filter((r) => r.path === '/eicore/v1.03/Invoice').at(-1)!;
    expect(ajv.validate(irpSchema, sent.body)).toBe(true);
    expect(sent.headers.gstin).toBe('27AAPFU0939F1ZV');
    expect(FakeIrp.qrPayload(reg.signed_qr_code as string)).toMatchObject({ Irn: reg.irn, SellerGstin: '27AAPFU0939F1ZV', TotInvVal: 59000 });
    // Repeating the call answers the stored IRN without a second registration.
    const calls = portal.received.length;
    expect((await register(id).expect(200)).body.data.irn).toBe(reg.irn);
    expect(portal.received.length).toBe(calls);

    const pdf = await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200);
    const text = (await pdfParse(pdf.body as Buffer)).text.replace(/\s+/g, '');
    expect(text).toContain(reg.irn);
    expect(text).toContain(String(reg.ack_no));
    expect(qrCodesInPdf(pdf.body as Buffer)).toContain(reg.signed_qr_code);
  });

  it('refuses edits and deletion after the IRN (400 naming it), allows payment changes', async () => {
    const id = await newInvoice();
    const { irn } = (await register(id).expect(200)).body.data;
    for (const body of [
      { items: [{ ...LINE, quantity: 3 }] },
      { client_id: client },
      { invoice_date: '2026-11-21' },
      { discount_type: 'fixed', discount_value: 10 },
    ]) {
      const res = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send(body).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.message).toContain(irn);
    }
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
    expect((await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(400)).body.error.message).toContain(irn);
    const bulk = await t.http
      .post('/v1/invoices/bulk-delete')
      .set(a.auth)
      .send({ ids: [id] })
      .expect(200);
    expect(bulk.body.data).toEqual({ deleted: 0, skipped: [id] });
  });

  it('cancels within 24 hours, refuses later saying why; a cancelled IRN frees the invoice', async () => {
    const id = await newInvoice();
    const { irn } = (await register(id).expect(200)).body.data;
    expect((await t.http.delete(`/v1/invoices/${id}/einvoice`).set(a.auth).send({ reason: 'wrong' }).expect(400)).body.error.details).toHaveProperty('reason');
    const cancelled = (await t.http.delete(`/v1/invoices/${id}/einvoice`).set(a.auth).send({ reason: 'data_entry_mistake', remark: 'Wrong rate' }).expect(200))
      .body.data;
    expect(cancelled).toMatchObject({ irn, status: 'cancelled', cancel_reason: 'Wrong rate' });
    expect(portal.registrations.get(irn)!.status).toBe('CNL');
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ invoice_date: '2026-11-21' }).expect(200);
    expect((await t.http.delete(`/v1/invoices/${id}/einvoice`).set(a.auth).send({ reason: 'other' }).expect(400)).body.error.details.irn).toContain(
      'cancelled',
    );

    const late = await newInvoice();
    portal.mode = 'old-ack';
    const old = (await register(late).expect(200)).body.data;
    const refused = await t.http.delete(`/v1/invoices/${late}/einvoice`).set(a.auth).send({ reason: 'order_cancelled' }).expect(400);
    expect(refused.body.error.details.irn).toContain('within 24 hours');
    expect(refused.body.error.details.irn).toContain(old.ack_date);
    expect(portal.registrations.get(old.irn)!.status).toBe('ACT');
  });

  it('a portal that does not answer leaves the invoice unchanged and the call retryable; the retry recovers the IRN as a duplicate', async () => {
    const id = await newInvoice();
    const before = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    portal.mode = 'register-then-hang';
    const res = await register(id).expect(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await registrations(id)).toEqual([]);
    expect((await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data).toEqual(before);
    // The portal did register it: the repeat is answered "duplicate IRN" and the existing registration is fetched.
    const retried = (await register(id).expect(200)).body.data;
    const atPortal = [...portal.registrations.values()].find((r) => r.irn === retried.irn)!;
    expect(retried).toMatchObject({ ack_no: atPortal.ackNo, signed_qr_code: atPortal.signedQrCode });
    expect(portal.received.some((r) => r.path === `/eicore/v1.03/Invoice/irn/${retried.irn}`)).toBe(true);
    expect(await registrations(id)).toEqual([{ irn: retried.irn, status: 'active' }]);
  });

  it('renews the auth token when the portal says it is invalid, and repeats the call once', async () => {
    const id = await newInvoice();
    const authBefore = portal.authCalls().length;
    portal.mode = 'invalid-token';
    await register(id).expect(200);
    const auths = portal.authCalls().slice(authBefore);
    expect(auths).toEqual([expect.objectContaining({ UserName: 'api_user', ForceRefreshAccessToken: true })]);
  });

  it('refuses what the portal cannot take: off, a client without GSTIN, a draft', async () => {
    const unregistered = (
      await t.http.post('/v1/clients').set(a.auth).send({ name: 'Walk-in', phone: '9322222222', email: 'walkin@example.com', state_code: '27' }).expect(201)
    ).body.data.client.client_id as number;
    const b2c = await newInvoice({
      client_id: unregistered,
      invoice_type: 'local_sale',
      items: [{ ...LINE, igst_amount: 0, cgst_amount: 4500, sgst_amount: 4500 }],
    });
    expect((await register(b2c).expect(400)).body.error.details).toHaveProperty('client_id');
    const draft = await newInvoice({ status: 'draft' });
    expect((await register(draft).expect(400)).body.error.details).toHaveProperty('status');
    await register(999999).expect(404);
    await t.http.patch('/v1/settings/business').set(a.auth).send({ einvoice_enabled: false }).expect(200);
    expect((await register(await newInvoice()).expect(400)).body.error.details).toHaveProperty('einvoice_enabled');
    await t.http.patch('/v1/settings/business').set(a.auth).send({ einvoice_enabled: true }).expect(200);
  });

  /** The IRN as the portal defines it: SHA-256 of supplier GSTIN, financial year (YYYY-YY), document type and number. */
  const irnOf = (typ: string, no: string, date: string) => {
    const [y, m] = date.split('-').map(Number);
    const fy = m >= 4 ? y : y - 1;
    return createHash('sha256')
      .update(`27AAPFU0939F1ZV${fy}-${String((fy + 1) % 100).padStart(2, '0')}${typ}${no}`)
      .digest('hex');
  };

  it("a reverse-charge invoice: RegRev Y, the line's unit, the whole address, totals that agree; registered with its IRN", async () => {
    const shop = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({
          name: 'Vashi Metals LLP',
          phone: '9333333333',
          email: 'vashi@example.com',
          gstin: '27AAACH7409R1Z1',
          address: 'Plot 5, Sector 17, Vashi, Navi Mumbai, Maharashtra 400703',
        })
        .expect(201)
    ).body.data.client.client_id as number;
    const id = await newInvoice({
      reverse_charge: true,
      items: [
        { ...LINE, unit: 'KGS', total_amount: 50000 },
        { ...LINE, item_description: 'Cable', hsn_code: '85444999', quantity: 1, rate: 1000, igst_amount: 180, total_amount: 1000 },
      ],
    });
    const json = (await t.http.get(`/v1/exports/einvoice/${id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(irpSchema, json)).toBe(true);
    expect(json.TranDtls.RegRev).toBe('Y');
    expect(json.ItemList.map((i: { Unit?: string }) => i.Unit)).toEqual(['KGS', 'OTH']);
    expect(json.ValDtls).toMatchObject({ AssVal: 51000, IgstVal: 9180, RndOffAmt: 0, TotInvVal: 60180 });
    const items = json.ItemList as Array<{ TotItemVal: number }>;
    expect(items.reduce((s, i) => s + i.TotItemVal, 0)).toBe(json.ValDtls.TotInvVal);
    expect(json.SellerDtls).toMatchObject({ Addr1: '12 MG Road', Addr2: 'Camp', Loc: 'Pune', Pin: 411001 });
    {
      const other = await newInvoice({
        client_id: shop,
        invoice_type: 'local_sale',
        items: [{ ...LINE, igst_amount: 0, cgst_amount: 4500, sgst_amount: 4500 }],
      });
      const buyer = (await t.http.get(`/v1/exports/einvoice/${other}`).set(a.auth).expect(200)).body.data.BuyerDtls;
      expect(buyer).toMatchObject({ Addr1: 'Plot 5', Addr2: 'Sector 17, Vashi', Loc: 'Navi Mumbai', Pin: 400703, Stcd: '27' });
    }
    const reg = (await register(id).expect(200)).body.data;
    const { invoice_number, invoice_date } = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(reg).toMatchObject({ document_type: 'INV', document_id: id, irn: irnOf('INV', invoice_number as string, invoice_date as string) });
  });

  it('e-invoices credit and debit notes (CRN, DBN): JSON, registration with the IRN recomputed, cancellation', async () => {
    const gstLine = {
      description: 'Price revision',
      amount: 11800,
      hsn_code: '84713010',
      quantity: 2,
      unit: 'NOS',
      taxable_value: 10000,
      tax_rate: 18,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 1800,
    };
    for (const [kind, typ, field] of [
      ['credit-notes', 'CRN', 'credit_note'],
      ['debit-notes', 'DBN', 'debit_note'],
    ] as const) {
      const created = await t.http
        .post(`/v1/${kind}`)
        .set(a.auth)
        .send({ client_id: client, [`${field}_date`]: '2026-11-22', status: 'issued', items: [gstLine] });
      expect([200, 201]).toContain(created.status);
      const id = created.body.data[`${field}_id`] as number;
      const note = (await t.http.get(`/v1/${kind}/${id}`).set(a.auth).expect(200)).body.data;
      const json = (await t.http.get(`/v1/exports/einvoice/${kind}/${id}`).set(a.auth).expect(200)).body.data;
      expect(ajv.validate(irpSchema, json)).toBe(true);
      expect(json).toMatchObject({
        DocDtls: { Typ: typ, No: note[`${field}_number`], Dt: '22/11/2026' },
        ValDtls: { AssVal: 10000, IgstVal: 1800, TotInvVal: 11800, RndOffAmt: 0 },
      });
      expect(json.ItemList[0]).toMatchObject({ Qty: 2, Unit: 'NOS', UnitPrice: 5000, TotAmt: 10000, AssAmt: 10000, TotItemVal: 11800 });
      const reg = (await t.http.post(`/v1/${kind}/${id}/einvoice`).set(a.auth).send({}).expect(200)).body.data;
      expect(reg).toMatchObject({ document_type: typ, document_id: id, invoice_id: null, status: 'active' });
      expect(reg.irn).toBe(irnOf(typ, note[`${field}_number`] as string, '2026-11-22'));
      expect(FakeIrp.qrPayload(reg.signed_qr_code as string)).toMatchObject({ DocTyp: typ, Irn: reg.irn });
      const cancelled = (await t.http.delete(`/v1/${kind}/${id}/einvoice`).set(a.auth).send({ reason: 'other' }).expect(200)).body.data;
      expect(cancelled).toMatchObject({ irn: reg.irn, status: 'cancelled' });
      await t.http.post(`/v1/${kind}/999999/einvoice`).set(a.auth).send({}).expect(404);
    }
  });

  it('refuses an answer whose QR code is signed with another key, or whose IRN is not the document’s: nothing stored', async () => {
    for (const mode of ['wrong-key', 'wrong-irn'] as const) {
      const id = await newInvoice();
      portal.mode = mode;
      const res = await register(id).expect(503);
      expect(res.body.error.message).toContain(mode === 'wrong-key' ? 'signature' : 'is not the IRN');
      expect(await registrations(id)).toEqual([]);
    }
  });

  it('refuses a document older than 30 days when the turnover is at or above 10 crore (400 naming the limit)', async () => {
    const daysAgo = (n: number) => kolkataDate(new Date(Date.now() - n * 86_400_000));
    const old = await newInvoice({ invoice_date: daysAgo(31), payment_due_date: daysAgo(1) });
    const recent = await newInvoice({ invoice_date: daysAgo(30), payment_due_date: daysAgo(1) });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ aggregate_turnover: '99999999.99' }).expect(200);
    await register(old).expect(200);
    await t.http.delete(`/v1/invoices/${old}/einvoice`).set(a.auth).send({ reason: 'other' }).expect(200);
    await t.http.patch('/v1/settings/business').set(a.auth).send({ aggregate_turnover: '100000000' }).expect(200);
    const refused = await register(old).expect(400);
    expect(refused.body.error.details.invoice_date).toContain('within 30 days');
    expect(refused.body.error.details.invoice_date).toContain('10 crore');
    await register(recent).expect(200);
    await t.http.patch('/v1/settings/business').set(a.auth).send({ aggregate_turnover: null }).expect(200);
  });
});
