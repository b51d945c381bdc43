import Ajv from 'ajv';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { Clock } from '@app/domain/shared/clock.port';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import ewbSchema from '../schemas/eway-bill.schema.json';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { FakeNicEwb } from './support/fake-nic-ewb';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PNG } = require('pngjs') as { PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Uint8Array } } } };

/** The text of a PDF as poppler's pdftotext lays it out. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ewb-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every Code 128 barcode among the images of a PDF (poppler's pdfimages, pngjs, zxing). */
function code128InPdf(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ewb-img-'));
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
      const reader = new MultiFormatReader();
      const hints = new Map<DecodeHintType, unknown>([
        [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
        [DecodeHintType.TRY_HARDER, true],
      ]);
      try {
        found.push(reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(gray, png.width, png.height))), hints).getText());
      } catch {
        // not a barcode
      }
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
  unit: 'NOS',
  tax_rate: 18,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 9000,
  total_amount: 59000,
};
const HOUR = 3_600_000;
/** Another Maharashtra business. */
const OTHER_GSTIN = `27AAACH7409R1Z${gstinCheckCharacter('27AAACH7409R1Z')}`;

/** The date `days` after the date 'Y-m-d'. */
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('e-way bills against a local NIC e-way bill system', () => {
  let t: TestApp;
  let portal: FakeNicEwb;
  let a: TestAccount;
  let client: number;
  const ajv = new Ajv({ allErrors: true });
  /** The service's clock and the portal's: 10:00 IST today, moved by the tests. */
  const today = kolkataDate(new Date());
  const base = Date.parse(`${today}T10:00:00+05:30`);
  let now = base;

  const newInvoice = async (extra: object = {}) =>
    (
      await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send({ client_id: client, invoice_date: today, payment_due_date: today, invoice_type: 'interstate_sale', items: [LINE], ...extra })
        .expect(201)
    ).body.data.invoice_id as number;
  const road = (km: number, extra: object = {}) => ({ transport_mode: 'road', distance_km: km, vehicle_number: 'MH12AB1234', ...extra });
  const generate = (id: number, body: object) => t.http.post(`/v1/invoices/${id}/eway-bill`).set(a.auth).send(body);

  beforeAll(async () => {
    portal = await new FakeNicEwb().start();
    const c = portal.credentials;
    t = await startApp('eway_bill', {
      EWAY_BILL_BASE_URL: portal.url,
      EWAY_BILL_CLIENT_ID: c.clientId,
      EWAY_BILL_CLIENT_SECRET: c.clientSecret,
      EWAY_BILL_USERNAME: c.username,
      EWAY_BILL_PASSWORD: c.password,
      EWAY_BILL_GSTIN: c.gstin,
      EWAY_BILL_TIMEOUT_MS: '1500',
    });
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    portal.now = () => now;
    a = await t.createAccount({ name: 'Sharma Traders', gstin: c.gstin });
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
  beforeEach(() => {
    now = base;
    portal.mode = 'ok';
  });
  afterAll(async () => {
    await t?.close();
    await portal?.close();
  });

  it('generates: 201 with the number, date and validity; Part A from the invoice, Part B with its LR number and transport', async () => {
    const id = await newInvoice({ lr_number: 'LR-2041', transport_details: 'VRL Logistics' });
    const invoice = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    const res = await generate(id, road(150, { vehicle_number: 'mh 12 ab-1234' })).expect(201);
    expect(res.body.data).toMatchObject({
      invoice_id: id,
      ewb_no: expect.stringMatching(/^\d{12}$/),
      ewb_date: `${today} 10:00:00`,
      valid_until: `${dayAfter(today, 1)} 23:59:59`,
      validity_days: 1,
      status: 'active',
      transport_mode: 'road',
      distance_km: 150,
      vehicle_type: 'regular',
      vehicle_number: 'MH12AB1234',
      transport_document_number: 'LR-2041',
      transporter_name: 'VRL Logistics',
      extended_times: 0,
    });
    const sent = portal.calls('GENEWAYBILL').at(-1)!;
    expect(sent).toMatchObject({
      supplyType: 'O',
      subSupplyType: '1',
      docType: 'INV',
      docNo: invoice.invoice_number,
      docDate: today.split('-').reverse().join('/'),
      fromGstin: '27AAPFU0939F1ZV',
      fromPincode: 411001,
      fromStateCode: 27,
      actFromStateCode: 27,
      toGstin: '29AAACH7409R1ZX',
      toPincode: 560068,
      toStateCode: 29,
      actToStateCode: 29,
      transactionType: 1,
      totalValue: 50000,
      igstValue: 9000,
      totInvValue: 59000,
      transMode: '1',
      transDistance: '150',
      vehicleNo: 'MH12AB1234',
      vehicleType: 'R',
      transDocNo: 'LR-2041',
      transporterName: 'VRL Logistics',
      mainHsnCode: 84713010,
    });
    expect((sent.itemList as unknown[])[0]).toMatchObject({ hsnCode: 84713010, quantity: 2, qtyUnit: 'NOS', taxableAmount: 50000, igstRate: 18, cgstRate: 0 });
    // One bill per document: a second is refused before the portal is asked.
    const calls = portal.calls('GENEWAYBILL').length;
    const again = await generate(id, road(150)).expect(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', details: { ewb_no: res.body.data.ewb_no } });
    expect(portal.calls('GENEWAYBILL').length).toBe(calls);
    // Another account's invoice is not found.
    const other = await t.createAccount({ name: 'Other', gstin: OTHER_GSTIN });
    await t.http.post(`/v1/invoices/${id}/eway-bill`).set(other.auth).send(road(150)).expect(404);
  });

  it('validity by distance: one day per 200 km or part, per 20 km for over-dimensional cargo, to midnight (IST)', async () => {
    const cases: Array<[object, number]> = [
      [road(250), 2],
      [road(400), 2],
      [road(401), 3],
      [road(50, { vehicle_type: 'over_dimensional' }), 3],
      [road(20, { vehicle_type: 'over_dimensional' }), 1],
      [
        {
          transport_mode: 'ship',
          distance_km: 45,
          vehicle_type: 'over_dimensional',
          vehicle_number: 'VESSEL7',
          transport_document_number: 'BL/889',
          transport_document_date: today,
        },
        3,
      ],
      [{ transport_mode: 'rail', distance_km: 1200, transport_document_number: 'RR-5521', transport_document_date: today }, 6],
    ];
    for (const [body, days] of cases) {
      const res = await generate(await newInvoice(), body).expect(201);
      expect([body, res.body.data.validity_days, res.body.data.valid_until]).toEqual([body, days, `${dayAfter(today, days)} 23:59:59`]);
    }
    // Generated late in the evening, the first day still ends at midnight of the next day.
    now = Date.parse(`${today}T23:50:00+05:30`);
    const late = await generate(await newInvoice(), road(10)).expect(201);
    expect(late.body.data.valid_until).toBe(`${dayAfter(today, 1)} 23:59:59`);
    // By road with only the transporter: Part A, no validity until the vehicle is entered.
    const partA = await generate(await newInvoice(), { transport_mode: 'road', distance_km: 300, transporter_id: '29aaach7409r1zx' }).expect(201);
    expect(partA.body.data).toMatchObject({ transporter_id: '29AAACH7409R1ZX', vehicle_number: null, valid_until: null, validity_days: null });
  });

  it('refuses Part B the rules do not allow, by field, before the portal is asked', async () => {
    const id = await newInvoice();
    const calls = portal.calls('GENEWAYBILL').length;
    const field = async (body: object) => Object.keys((await generate(id, body).expect(400)).body.error.details);
    expect(await field({ transport_mode: 'road', distance_km: 0, vehicle_number: 'MH12AB1234' })).toContain('distance_km');
    expect(await field({ transport_mode: 'road', distance_km: 4001, vehicle_number: 'MH12AB1234' })).toContain('distance_km');
    expect(await field({ transport_mode: 'boat', distance_km: 10, vehicle_number: 'MH12AB1234' })).toContain('transport_mode');
    expect(await field({ transport_mode: 'road', distance_km: 10 })).toContain('vehicle_number');
    expect(await field({ transport_mode: 'road', distance_km: 10, transporter_id: 'NOT-AN-ID' })).toContain('transporter_id');
    expect(await field({ transport_mode: 'air', distance_km: 900 })).toEqual(expect.arrayContaining(['transport_document_number', 'transport_document_date']));
    expect(
      await field({
        transport_mode: 'rail',
        distance_km: 900,
        vehicle_type: 'over_dimensional',
        transport_document_number: 'RR1',
        transport_document_date: today,
      }),
    ).toContain('vehicle_type');
    expect(portal.calls('GENEWAYBILL').length).toBe(calls);
  });

  it('refuses a consignment not above the threshold, naming it, and an invoice of services only', async () => {
    const calls = portal.calls('GENEWAYBILL').length;
    const small = await newInvoice({ items: [{ ...LINE, quantity: 1, igst_amount: 4500, total_amount: 29500 }] });
    const under = await generate(small, road(100)).expect(400);
    expect(under.body.error.details.consignment_value).toContain('₹29500.00');
    expect(under.body.error.details.consignment_value).toContain('threshold of ₹50000.00');
    expect(under.body.error.details.consignment_value).toContain('EWAY_BILL_THRESHOLD');
    // Goods of 30,000 with services of 40,000: the services are not part of the consignment.
    const mixed = await newInvoice({
      items: [
        { ...LINE, quantity: 1, rate: 30000, igst_amount: 5400, total_amount: 35400 },
        { ...LINE, item_description: 'Installation', hsn_code: '998713', quantity: 1, rate: 40000, igst_amount: 7200, total_amount: 47200 },
      ],
    });
    expect((await generate(mixed, road(100)).expect(400)).body.error.details.consignment_value).toContain('₹35400.00');
    const services = await newInvoice({
      items: [
        { ...LINE, item_description: 'Consulting', hsn_code: '998314', unit: undefined, quantity: 1, rate: 100000, igst_amount: 18000, total_amount: 118000 },
      ],
    });
    expect((await generate(services, road(100)).expect(400)).body.error.details.items).toContain('service');
    const draft = await newInvoice({ status: 'draft' });
    expect((await generate(draft, road(100)).expect(400)).body.error.details).toHaveProperty('status');
    expect(portal.calls('GENEWAYBILL').length).toBe(calls);
  });

  it('cancels within 24 hours of generation and refuses later, saying until when (by the service clock)', async () => {
    const id = await newInvoice();
    const bill = (await generate(id, road(150)).expect(201)).body.data;
    now = base + 23 * HOUR;
    const bad = await t.http.post(`/v1/invoices/${id}/eway-bill/cancel`).set(a.auth).send({ reason: 'wrong' }).expect(400);
    expect(bad.body.error.details).toHaveProperty('reason');
    const cancelled = await t.http
      .post(`/v1/invoices/${id}/eway-bill/cancel`)
      .set(a.auth)
      .send({ reason: 'order_cancelled', remark: 'Buyer cancelled' })
      .expect(200);
    expect(cancelled.body.data).toMatchObject({ ewb_no: bill.ewb_no, status: 'cancelled', cancel_reason: 'Buyer cancelled' });
    expect(portal.bills.get(bill.ewb_no)!.status).toBe('CNL');
    expect(portal.calls('CANEWB').at(-1)).toMatchObject({ ewbNo: Number(bill.ewb_no), cancelRsnCode: 2, cancelRmrk: 'Buyer cancelled' });
    expect((await t.http.post(`/v1/invoices/${id}/eway-bill/cancel`).set(a.auth).send({ reason: 'other' }).expect(400)).body.error.details.ewb_no).toContain(
      'cancelled',
    );
    // A cancelled bill frees the document for a new one.
    const renewed = (await generate(id, road(150)).expect(201)).body.data;
    expect(renewed.ewb_no).not.toBe(bill.ewb_no);

    now = base;
    const late = await newInvoice();
    const old = (await generate(late, road(150)).expect(201)).body.data;
    now = base + 24 * HOUR + 60_000;
    const cancels = portal.calls('CANEWB').length;
    const refused = await t.http.post(`/v1/invoices/${late}/eway-bill/cancel`).set(a.auth).send({ reason: 'duplicate' }).expect(400);
    expect(refused.body.error.details.ewb_no).toContain('within 24 hours');
    expect(refused.body.error.details.ewb_no).toContain(`until ${dayAfter(today, 1)} 10:00:00 (IST)`);
    expect(portal.calls('CANEWB').length).toBe(cancels);
    expect(portal.bills.get(old.ewb_no)!.status).toBe('ACT');
    await t.http.post('/v1/invoices/999999/eway-bill/cancel').set(a.auth).send({ reason: 'duplicate' }).expect(404);
    await t.http
      .post(`/v1/invoices/${await newInvoice()}/eway-bill/cancel`)
      .set(a.auth)
      .send({ reason: 'duplicate' })
      .expect(404);
  });

  it('keeps an invoice with a bill in force as the bill has it: edits of goods, values, client or place, cancelling and deleting are 409', async () => {
    const id = await newInvoice();
    const bill = (await generate(id, road(150)).expect(201)).body.data;
    const other = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Other Buyer', phone: '9311111199', email: 'other-buyer@example.com', address: '1 Park Street, Kolkata 700016', state_code: '19' })
        .expect(201)
    ).body.data.client.client_id as number;
    for (const change of [
      { items: [{ ...LINE, quantity: 3, igst_amount: 13500, total_amount: 88500 }] },
      { client_id: other },
      { place_of_supply: '19' },
      { discount_type: 'percent', discount_value: 5 },
      { status: 'cancelled' },
    ]) {
      const refused = await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send(change).expect(409);
      expect(refused.body.error.code).toBe('conflict');
      expect(refused.body.error.message).toContain('cancel the e-way bill first');
      expect(refused.body.error.details).toMatchObject({ ewb_no: bill.ewb_no, [Object.keys(change)[0]]: expect.stringContaining(bill.ewb_no) });
    }
    const kept = (await t.http.delete(`/v1/invoices/${id}`).set(a.auth).expect(409)).body.error;
    expect(kept.details).toMatchObject({ ewb_no: bill.ewb_no });
    const bulk = (
      await t.http
        .post('/v1/invoices/bulk-delete')
        .set(a.auth)
        .send({ ids: [id] })
        .expect(200)
    ).body.data;
    expect(bulk.skipped).toContain(id);
    // What the bill does not carry may change; the invoice is as it was.
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ payment_status: 'paid' }).expect(200);
    const doc = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(doc).toMatchObject({ client_id: client, status: 'issued', payment_status: 'paid' });
    expect(doc.items[0].quantity).toBe(2);

    // Once the bill is cancelled, or has run out, the invoice is free again.
    await t.http.post(`/v1/invoices/${id}/eway-bill/cancel`).set(a.auth).send({ reason: 'data_entry_mistake' }).expect(200);
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ place_of_supply: '29' }).expect(200);
    const expiring = await newInvoice();
    await generate(expiring, road(150)).expect(201);
    await t.http.patch(`/v1/invoices/${expiring}`).set(a.auth).send({ status: 'cancelled' }).expect(409);
    now = base + 3 * 24 * HOUR;
    await t.http.patch(`/v1/invoices/${expiring}`).set(a.auth).send({ status: 'cancelled' }).expect(200);
    await t.http.delete(`/v1/invoices/${expiring}`).set(a.auth).expect(200);
  });

  it('extends only from 8 hours before to 8 hours after the end of validity, for the distance left', async () => {
    const id = await newInvoice();
    const bill = (await generate(id, road(150)).expect(201)).body.data;
    expect(bill.valid_until).toBe(`${dayAfter(today, 1)} 23:59:59`);
    const body = { reason: 'accident', remaining_distance_km: 90, current_place: 'Nashik', current_state_code: '27', current_pincode: '422001' };
    const extend = (b: object) => t.http.post(`/v1/invoices/${id}/eway-bill/extend`).set(a.auth).send(b);
    now = Date.parse(`${dayAfter(today, 1)}T12:00:00+05:30`);
    const early = await extend(body).expect(400);
    expect(early.body.error.details.valid_until).toContain(`from ${dayAfter(today, 1)} 15:59:59 to ${dayAfter(today, 2)} 07:59:59 (IST)`);
    now = Date.parse(`${dayAfter(today, 1)}T20:00:00+05:30`);
    expect((await extend({ ...body, remaining_distance_km: 151 }).expect(400)).body.error.details).toHaveProperty('remaining_distance_km');
    expect((await extend({ ...body, reason: 'bored' }).expect(400)).body.error.details).toHaveProperty('reason');
    const extended = (await extend(body).expect(200)).body.data;
    // Counted from now (day 1, 20:00) for 90 km: one day, to midnight of the next.
    expect(extended).toMatchObject({
      ewb_no: bill.ewb_no,
      valid_until: `${dayAfter(today, 2)} 23:59:59`,
      validity_days: 1,
      extended_times: 1,
      distance_km: 150,
    });
    expect(portal.calls('EXTENDVALIDITY').at(-1)).toMatchObject({
      ewbNo: Number(bill.ewb_no),
      vehicleNo: 'MH12AB1234',
      fromPlace: 'Nashik',
      fromState: 27,
      fromPincode: 422001,
      remainingDistance: 90,
      transMode: '1',
      extnRsnCode: 5,
      consignmentStatus: 'M',
    });
    // Past the new window's close (8 hours after midnight of day 2): refused again.
    now = Date.parse(`${dayAfter(today, 3)}T09:00:00+05:30`);
    expect((await extend(body).expect(400)).body.error.details.valid_until).toContain('8 hours');
    // In transit, waiting at a warehouse, inside the window.
    now = Date.parse(`${dayAfter(today, 3)}T06:00:00+05:30`);
    const transit = await extend({
      ...body,
      reason: 'natural_calamity',
      consignment_status: 'in_transit',
      transit_type: 'warehouse',
      transit_address: 'Godown 4, MIDC Ambad, Nashik',
    }).expect(200);
    expect(transit.body.data).toMatchObject({ valid_until: `${dayAfter(today, 4)} 23:59:59`, extended_times: 2 });
    expect(portal.calls('EXTENDVALIDITY').at(-1)).toMatchObject({
      consignmentStatus: 'T',
      transitType: 'W',
      transMode: '5',
      addressLine1: 'Godown 4, MIDC Ambad, Nashik',
      extnRsnCode: 1,
    });
  });

  it('renews the auth token once it has expired by the clock, and when the portal says it is invalid', async () => {
    await generate(await newInvoice(), road(100)).expect(201);
    // A token the portal drops early: 238, a new token, the call repeated once.
    let auths = portal.authCalls();
    portal.mode = 'invalid-token';
    await generate(await newInvoice(), road(100)).expect(201);
    expect(portal.authCalls()).toBe(auths + 1);
    // The new token (6 hours from now by the portal) is kept while it lasts ...
    auths = portal.authCalls();
    now = base + 5 * HOUR;
    await generate(await newInvoice(), road(100)).expect(201);
    expect(portal.authCalls()).toBe(auths);
    // ... and renewed before the portal would refuse it.
    now = base + 6 * HOUR;
    await generate(await newInvoice(), road(100)).expect(201);
    expect(portal.authCalls()).toBe(auths + 1);
    // The credentials travel in headers and the auth body only.
    const auth = portal.received.filter((r) => r.path === '/ewaybillapi/v1.03/auth').at(-1)!;
    expect(auth.body).toEqual({ action: 'ACCESSTOKEN', username: 'ewb_api_user', password: 'ewb-password' });
    expect(auth.headers).toMatchObject({ 'client-id': 'ewb-client', 'client-secret': 'ewb-secret', gstin: '27AAPFU0939F1ZV' });
  });

  it('maps the portal refusals and failures: 400 keyed by its code, 503 when down, nothing stored', async () => {
    const id = await newInvoice();
    portal.mode = 'refuse-vehicle';
    const refused = await generate(id, road(100)).expect(400);
    expect(refused.body.error.details).toEqual({ 'portal.225': 'Invalid vehicle number format' });
    portal.mode = 'fail-500';
    const down = await generate(id, road(100)).expect(503);
    expect(down.body.error.code).toBe('not_available');
    expect(down.headers['retry-after']).toBeDefined();
    portal.mode = 'hang';
    await generate(id, road(100)).expect(503);
    // The portal refuses the server's credentials: 503 not_configured, saying so without any of them.
    portal.mode = 'refuse-client';
    const refusedClient = await generate(id, road(100)).expect(503);
    expect(refusedClient.body.error.code).toBe('not_configured');
    expect(refusedClient.body.error.message).toContain('116');
    for (const secret of ['ewb-secret', 'ewb-password', 'ewb-token']) expect(JSON.stringify(refusedClient.body)).not.toContain(secret);
    const rows = (await t.dataSource.query('SELECT COUNT(*) AS n FROM eway_bills WHERE account_id = ? AND invoice_id = ?', [a.accountId, id])) as Array<{
      n: string;
    }>;
    expect(Number(rows[0].n)).toBe(0);
    await generate(id, road(100)).expect(201);
  });

  it('answers 503 not_configured without credentials, and for a business whose GSTIN they are not for', async () => {
    const bare = await startApp('eway_bill_bare');
    try {
      const b = await bare.createAccount({ name: 'No Credentials', gstin: '27AAPFU0939F1ZV' });
      await bare.http.patch('/v1/settings/business').set(b.auth).send({ business_address: '12 MG Road, Camp, Pune 411001' }).expect(200);
      const buyer = (
        await bare.http
          .post('/v1/clients')
          .set(b.auth)
          .send({ name: 'Buyer', phone: '9311111112', email: 'b2@example.com', gstin: '29AAACH7409R1ZX', address: '48/1 Hosur Main Road, Bengaluru 560068' })
          .expect(201)
      ).body.data.client.client_id as number;
      const inv = (
        await bare.http
          .post('/v1/invoices')
          .set(b.auth)
          .send({
            client_id: buyer,
            invoice_date: kolkataDate(new Date()),
            payment_due_date: kolkataDate(new Date()),
            invoice_type: 'interstate_sale',
            items: [LINE],
          })
          .expect(201)
      ).body.data.invoice_id as number;
      const res = await bare.http.post(`/v1/invoices/${inv}/eway-bill`).set(b.auth).send(road(100)).expect(503);
      expect(res.body.error.code).toBe('not_configured');
      expect(res.body.error.message).toContain('EWAY_BILL_BASE_URL');
    } finally {
      await bare.close();
    }
    const elsewhere = await t.createAccount({ name: 'Karnataka Seller', gstin: '29AAACH7409R1ZX' });
    await t.http.patch('/v1/settings/business').set(elsewhere.auth).send({ business_address: '5 Church Street, Bengaluru 560001' }).expect(200);
    const buyer = (
      await t.http
        .post('/v1/clients')
        .set(elsewhere.auth)
        .send({ name: 'Pune Buyer', phone: '9311111113', email: 'b3@example.com', gstin: '27AAPFU0939F1ZV', address: '12 MG Road, Camp, Pune 411001' })
        .expect(201)
    ).body.data.client.client_id as number;
    const inv = (
      await t.http
        .post('/v1/invoices')
        .set(elsewhere.auth)
        .send({ client_id: buyer, invoice_date: today, payment_due_date: today, invoice_type: 'interstate_sale', items: [LINE] })
        .expect(201)
    ).body.data.invoice_id as number;
    const res = await t.http.post(`/v1/invoices/${inv}/eway-bill`).set(elsewhere.auth).send(road(100)).expect(503);
    expect(res.body.error).toMatchObject({ code: 'not_configured' });
    expect(JSON.stringify(res.body)).not.toContain('27AAPFU0939F1ZV');
  });

  it('prints the number, date, validity and a Code 128 barcode of the number on the invoice PDF', async () => {
    const id = await newInvoice();
    const before = pdfText((await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer);
    expect(before).not.toMatch(/e-way bill/i);
    const bill = (await generate(id, road(250)).expect(201)).body.data;
    const pdf = (await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toMatch(/e-way bill/i);
    expect(text).toContain(`EWB No: ${bill.ewb_no}`);
    expect(text).toContain(`Date: ${bill.ewb_date}`);
    expect(text).toContain(`Valid until: ${bill.valid_until}`);
    expect(code128InPdf(pdf)).toContain(bill.ewb_no);
    // Cancelled: no longer printed.
    await t.http.post(`/v1/invoices/${id}/eway-bill/cancel`).set(a.auth).send({ reason: 'duplicate' }).expect(200);
    const after = pdfText((await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer);
    expect(after).not.toContain(bill.ewb_no);
  });

  it('gives the bulk generation JSON, valid against the committed schema, with Part B stored, given or none', async () => {
    const withBill = await newInvoice({ lr_number: 'LR-77' });
    await generate(withBill, road(320)).expect(201);
    const plain = await newInvoice();
    const usd = await newInvoice({
      currency: 'USD',
      exchange_rate: 83.25,
      items: [{ ...LINE, quantity: 10, rate: 100, igst_amount: 180, total_amount: 1180 }],
    });
    const numbers = new Map<number, string>();
    for (const id of [withBill, plain, usd]) numbers.set(id, (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data.invoice_number);
    const file = (await t.http.get(`/v1/exports/eway-bill?ids=${withBill},${plain},${usd}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(ewbSchema, file)).toBe(true);
    expect(ajv.errors ?? []).toEqual([]);
    expect(file.version).toBe('1.0.0621');
    const [b1, b2, b3] = file.billLists as Array<Record<string, unknown>>;
    expect(b1).toMatchObject({
      userGstin: '27AAPFU0939F1ZV',
      docNo: numbers.get(withBill),
      transType: 1,
      actualFromStateCode: 27,
      actualToStateCode: 29,
      OthValue: 0,
      TotNonAdvolVal: 0,
      transMode: 1,
      transDistance: 320,
      vehicleNo: 'MH12AB1234',
      vehicleType: 'R',
      transDocNo: 'LR-77',
      totInvValue: 59000,
    });
    expect((b1.itemList as unknown[])[0]).toMatchObject({ itemNo: 1, hsnCode: 84713010, quantity: 2, qtyUnit: 'NOS', taxableAmount: 50000, igstRate: 18 });
    expect(b2).toMatchObject({ docNo: numbers.get(plain), transDistance: 0 });
    expect(b2).not.toHaveProperty('transMode');
    // Foreign currency in rupees at the invoice's exchange rate (rule 34).
    expect(b3).toMatchObject({ totalValue: 83250, igstValue: 14985, totInvValue: 98235 });
    expect((b3.itemList as unknown[])[0]).toMatchObject({ taxableAmount: 83250 });

    // One Part B in the query for every bill.
    const given = (await t.http.get(`/v1/exports/eway-bill?ids=${plain}&transport_mode=road&distance_km=75&vehicle_number=KA01AB0001`).set(a.auth).expect(200))
      .body.data;
    expect(ajv.validate(ewbSchema, given)).toBe(true);
    expect(given.billLists[0]).toMatchObject({ transMode: 1, transDistance: 75, vehicleNo: 'KA01AB0001' });

    const services = await newInvoice({
      items: [
        { ...LINE, item_description: 'Consulting', hsn_code: '998314', unit: undefined, quantity: 1, rate: 100000, igst_amount: 18000, total_amount: 118000 },
      ],
    });
    const refused = await t.http.get(`/v1/exports/eway-bill?ids=${plain},${services}`).set(a.auth).expect(400);
    expect(Object.keys(refused.body.error.details)).toEqual([`ids.${services}.items`]);
    await t.http.get(`/v1/exports/eway-bill?ids=${plain},999999`).set(a.auth).expect(404);
    await t.http.get('/v1/exports/eway-bill?ids=1,x').set(a.auth).expect(400);
    const other = await t.createAccount({ name: 'Stranger', gstin: OTHER_GSTIN });
    await t.http.get(`/v1/exports/eway-bill?ids=${plain}`).set(other.auth).expect(404);
  });

  it('an export goes to its place of exit: URP in state 99, sub-supply Export, the PIN and state of the port; in the bulk file too', async () => {
    const foreign = (
      await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Pacific Imports Inc', phone: '+14155550100', email: 'imports@example.com', address: '400 Market Street, San Francisco, CA 94105' })
        .expect(201)
    ).body.data.client.client_id as number;
    const id = await newInvoice({ client_id: foreign, invoice_type: 'export', destination_country: 'US' });
    const exit = { exit_place: 'Nhava Sheva', exit_state_code: '27', exit_pincode: '400707' };
    const missing = await generate(id, road(60)).expect(400);
    expect(Object.keys(missing.body.error.details)).toEqual(['exit_state_code', 'exit_pincode']);
    expect((await generate(id, road(60, { ...exit, exit_state_code: '99' })).expect(400)).body.error.details).toHaveProperty('exit_state_code');
    expect((await generate(await newInvoice(), road(60, exit)).expect(400)).body.error.details).toHaveProperty('exit_place');

    const bill = (await generate(id, road(60, exit)).expect(201)).body.data;
    const sent = portal.calls('GENEWAYBILL').at(-1)!;
    expect(sent).toMatchObject({ subSupplyType: '3', toGstin: 'URP', toTrdName: 'Pacific Imports Inc', toStateCode: 99, actToStateCode: 27 });
    expect(sent).toMatchObject({
      toPincode: 400707,
      toPlace: 'Nhava Sheva',
      toAddr1: 'Nhava Sheva',
      fromPincode: 411001,
      transDistance: '60',
      transactionType: 1,
    });
    expect(sent.igstValue).toBe(9000);
    expect(bill.validity_days).toBe(1);

    const file = (await t.http.get(`/v1/exports/eway-bill?ids=${id}&exit_state_code=27&exit_pincode=400707&exit_place=Nhava%20Sheva`).set(a.auth).expect(200))
      .body.data;
    expect(ajv.validate(ewbSchema, file) ? [] : ajv.errors).toEqual([]);
    expect(file.billLists[0]).toMatchObject({ subSupplyType: 3, toGstin: 'URP', toStateCode: 99, actualToStateCode: 27, toPincode: 400707 });
    const without = await t.http.get(`/v1/exports/eway-bill?ids=${id}`).set(a.auth).expect(400);
    expect(Object.keys(without.body.error.details)).toEqual([`ids.${id}.exit_state_code`, `ids.${id}.exit_pincode`]);
    await t.http.get(`/v1/exports/eway-bill?ids=${id}&exit_pincode=40070`).set(a.auth).expect(400);
  });

  it('a ship-to party with its own GSTIN makes the bill Bill To - Ship To: shipToGSTIN, its name, address and state', async () => {
    const depot = `33AAACH7409R1Z${gstinCheckCharacter('33AAACH7409R1Z')}`;
    const id = await newInvoice({ ship_to_gstin: depot, ship_to_name: 'Chennai Depot Pvt Ltd', delivery_address: '14 Anna Salai, Guindy, Chennai 600032' });
    await generate(id, road(1200)).expect(201);
    const sent = portal.calls('GENEWAYBILL').at(-1)!;
    expect(sent).toMatchObject({ transactionType: 2, shipToGSTIN: depot, shipToTradeName: 'Chennai Depot Pvt Ltd', toGstin: '29AAACH7409R1ZX' });
    expect(sent).toMatchObject({ toStateCode: 29, actToStateCode: 33, toPincode: 600032, toAddr1: '14 Anna Salai', toPlace: 'Chennai' });
    const file = (await t.http.get(`/v1/exports/eway-bill?ids=${id}`).set(a.auth).expect(200)).body.data;
    expect(ajv.validate(ewbSchema, file) ? [] : ajv.errors).toEqual([]);
    expect(file.billLists[0]).toMatchObject({ transType: 2, shipToGSTIN: depot, actualToStateCode: 33 });
    const pdf = pdfText((await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200)).body as Buffer);
    expect(pdf).toMatch(new RegExp(`Ship to: Chennai Depot Pvt Ltd, GSTIN ${depot}`));
    expect(pdf).toContain('14 Anna Salai, Guindy, Chennai 600032');
    // The ship-to party is part of what the bill carries.
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ ship_to_gstin: null, ship_to_name: null }).expect(409);
  });
});
