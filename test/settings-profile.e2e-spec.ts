import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { upiPaymentLink } from '@app/domain/document-output/document-view-builder';
import { upiQrPng } from '@app/infra/pdf/upi-qr';
import { signaturePng } from './support/document-view.fixture';
import { binary } from './support/binary-body';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PNG } = require('pngjs') as { PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Uint8Array } } } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse: (data: Buffer) => Promise<{ text: string }> = require('pdf-parse/lib/pdf-parse.js');

interface PdfImage {
  width: number;
  height: number;
  data: Uint8Array;
  kind: number;
}

/** A PNG decoded to RGBA pixels (pngjs). */
function pngImage(base64: string): PdfImage {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return { width: png.width, height: png.height, data: png.data, kind: 3 };
}

/** The text of the first QR code found among the images (zxing's QR reader). */
function decodeQr(images: PdfImage[]): string | null {
  for (const img of images) {
    const channels = img.kind === 3 ? 4 : img.kind === 2 ? 3 : 0;
    if (!channels) continue;
    const gray = new Uint8ClampedArray(img.width * img.height);
    for (let p = 0; p < gray.length; p++) {
      const o = p * channels;
      const alpha = channels === 4 ? img.data[o + 3] / 255 : 1;
      gray[p] = Math.round((0.299 * img.data[o] + 0.587 * img.data[o + 1] + 0.114 * img.data[o + 2]) * alpha + 255 * (1 - alpha));
    }
    try {
      const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(gray, img.width, img.height)));
      const hints = new Map<DecodeHintType, unknown>([
        [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
        [DecodeHintType.TRY_HARDER, true],
      ]);
      return new QRCodeReader().decode(bitmap, hints).getText();
    } catch {
      // not a QR code: try the next image
    }
  }
  return null;
}

describe('settings: business profile, API key', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await startApp('settings_profile');
    a = await t.createAccount({ name: 'Shakti Electricals', gstin: '29AAACH7409R1ZX' });
  });
  afterAll(() => t.close());

  const patch = (body: object) => t.http.patch('/v1/settings/business').set(a.auth).send(body);

  it('round-trips address, state, PAN, logo, bank details and UPI id', async () => {
    const res = await patch({
      business_address: '48/1 Hosur Main Road, Bengaluru',
      state_code: '29',
      business_pan: 'AAACH7409R',
      logo: `data:image/png;base64,${signaturePng()}`,
      bank_account_name: 'Shakti Electricals',
      bank_account_number: '50200012345678',
      bank_ifsc: 'hdfc0001234',
      bank_name: 'HDFC Bank',
      bank_branch: 'Koramangala',
      upi_id: 'shakti@okhdfcbank',
    }).expect(200);
    const got = (await t.http.get('/v1/settings/business').set(a.auth).expect(200)).body.data;
    expect(got).toMatchObject({
      business_address: '48/1 Hosur Main Road, Bengaluru',
      state_code: '29',
      business_pan: 'AAACH7409R',
      has_logo: true,
      logo_type: 'png',
      bank_account_name: 'Shakti Electricals',
      bank_account_number: '50200012345678',
      bank_ifsc: 'HDFC0001234',
      bank_name: 'HDFC Bank',
      bank_branch: 'Koramangala',
      upi_id: 'shakti@okhdfcbank',
    });
    expect(res.body.data).toEqual(got);
    // A JPEG logo is accepted too; null removes it.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]).toString('base64');
    expect((await patch({ logo: jpeg }).expect(200)).body.data).toMatchObject({ has_logo: true, logo_type: 'jpeg' });
    expect((await patch({ logo: null }).expect(200)).body.data).toMatchObject({ has_logo: false, logo_type: null });
    await patch({ logo: signaturePng() }).expect(200);
  });

  it('validates state code and PAN against the GSTIN, the IFSC, the UPI id and the logo image', async () => {
    const wrong = await patch({ state_code: '27', business_pan: 'AAAAA1111A', bank_ifsc: 'HDFC1234', upi_id: 'not a vpa' }).expect(400);
    expect(Object.keys(wrong.body.error.details).sort()).toEqual(['bank_ifsc', 'business_pan', 'state_code', 'upi_id']);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]).toString('base64');
    expect((await patch({ logo: gif }).expect(400)).body.error.details).toHaveProperty('logo');
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024)]).toString('base64');
    expect((await patch({ logo: big }).expect(400)).body.error.details).toHaveProperty('logo');
    expect((await patch({ bank_account_number: '12ab' }).expect(400)).body.error.details).toHaveProperty('bank_account_number');
  });

  it('answers the API key masked (prefix and last 4 only) with when it was made', async () => {
    const res = await t.http.get('/v1/settings/api-key').set(a.auth).expect(200);
    const { api_key_masked, created_at } = res.body.data;
    expect(created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(api_key_masked.startsWith('ik_')).toBe(true);
    expect(api_key_masked.endsWith(a.apiKey.slice(-4))).toBe(true);
    const secret = a.apiKey.slice(3, -4);
    for (let i = 0; i + 4 <= secret.length; i++) expect(api_key_masked).not.toContain(secret.slice(i, i + 4));
    expect(JSON.stringify(res.body)).not.toContain(a.apiKey);
  });

  it('an invoice PDF carries the UPI payment of the amount due; its QR code decodes to the UPI link', async () => {
    const client = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Patil Works', phone: '9876512345', email: 'p@example.com' }).expect(201);
    const invoice = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({
        client_id: client.body.data.client.client_id,
        invoice_date: '2025-08-05',
        payment_due_date: '2025-09-04',
        payment_status: 'partial',
        paid_amount: 5000,
        tds_amount: 200,
        items: [
          { item_description: 'Wiring', quantity: 1, rate: 10000, tax_rate: 18, cgst_amount: 900, sgst_amount: 900, igst_amount: 0, total_amount: 11800.5 },
        ],
      })
      .expect(201);
    const pdf = await t.http.get(`/v1/documents/invoice/${invoice.body.data.invoice_id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200);
    // 11,800.50 total, less 200.00 TDS, less 5,000.00 paid
    const text = (await pdfParse(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/pay by upi/i);
    expect(text).toContain('shakti@okhdfcbank');
    expect(text).toContain('6,600.50');
    expect(text).toContain('HDFC0001234');
    const link = upiPaymentLink('shakti@okhdfcbank', 'Shakti Electricals', '6600.50', invoice.body.data.invoice_number);
    expect(link).toBe(`upi://pay?pa=shakti%40okhdfcbank&pn=Shakti%20Electricals&am=6600.50&cu=INR&tn=${encodeURIComponent(invoice.body.data.invoice_number)}`);
    expect(decodeQr([pngImage(await upiQrPng(link))])).toBe(link);
    // Without a UPI id there is no UPI block.
    await patch({ upi_id: null }).expect(200);
    const plain = await t.http.get(`/v1/documents/invoice/${invoice.body.data.invoice_id}/pdf`).set(a.auth).buffer(true).parse(binary).expect(200);
    expect((await pdfParse(plain.body as Buffer)).text).not.toMatch(/pay by upi/i);
  });
});
