import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';
import { both, readPdf } from './support/pdf-text';
import { line } from './support/sales-document-helpers';
import { SIGNATURE_PNG } from './support/sendout-worker';

const gstin = (stem: string) => `${stem}${gstinCheckCharacter(stem)}`;
const SUPPLIER_GSTIN = '27AAPFU0939F1ZV';
/** An amount as the voucher prints it (Indian digit grouping, 2 decimals). */
const printed = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The GST in a tax-inclusive advance, as the test works it out: advance x rate / (100 + rate), half-up to the paisa. */
const taxIn = (paise: number, rate: number) => Math.round((paise * rate) / (100 + rate));

/**
 * The receipt voucher of an advance (CGST rule 50), read back with pdftotext: the supplier, recipient, serial number,
 * date, description, amount, place of supply, reverse charge and signature; the GST included in an advance for
 * services (CGST + SGST within the state, IGST across states) at the rate asked, found on the invoices the advance was
 * applied to, or 18% when not determinable; no tax on an advance for goods (notification 66/2017-Central Tax).
 */
describe('receipt voucher of an advance', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  const clients: Record<string, number> = {};

  const client = async (who: TestAccount, key: string, body: Record<string, unknown>) => {
    const res = await t.http
      .post('/v1/clients')
      .set(who.auth)
      .send({ email: `${key}@example.com`, ...body })
      .expect(201);
    clients[key] = res.body.data.client.client_id as number;
  };
  const invoice = async (clientId: number, date: string, items: object[]) =>
    (await t.http.post('/v1/invoices').set(a.auth).send({ client_id: clientId, invoice_date: date, payment_due_date: '2025-12-31', items }).expect(201)).body
      .data.invoice_id as number;
  const pay = async (who: TestAccount, body: Record<string, unknown>) =>
    (
      await t.http
        .post('/v1/payments')
        .set(who.auth)
        .send({ mode: 'neft', payment_date: '2025-07-10', ...body })
        .expect(201)
    ).body.data as { payment_id: number; receipt_number: string | null };
  const voucher = (id: number, query = '', who = a) => t.http.get(`/v1/payments/${id}/pdf${query}`).set(who.auth);
  const voucherText = async (id: number, query = '') => {
    const res = await voucher(id, query).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return both(readPdf(res.body as Buffer, `receipt-voucher-${id}`));
  };

  beforeAll(async () => {
    t = await startApp('receipt_voucher');
    a = await t.createAccount({ name: 'Kaveri Design Studio', gstin: SUPPLIER_GSTIN });
    b = await t.createAccount({ name: 'Other Business' });
    await t.http
      .patch('/v1/settings/business')
      .set(a.auth)
      .send({ business_address: '12 Prabhat Road, Pune 411004', signature_png: SIGNATURE_PNG })
      .expect(200);
    await client(a, 'pune', { name: 'Pune Builders', phone: '9876500101', gstin: gstin('27AAACH7409R1Z'), address: '5 FC Road, Pune 411004' });
    await client(a, 'bengaluru', { name: 'Bengaluru Interiors', phone: '9876500102', gstin: gstin('29AAACH7409R1Z'), address: '7 MG Road, Bengaluru' });
    await client(a, 'walkin', { name: 'Walk-in Buyer', phone: '9876500103' });
    await client(b, 'other', { name: 'Their Client', phone: '9876500104' });
  });
  afterAll(() => t.close());

  it('prints the rule 50 particulars and, for services, the GST included in the advance (CGST + SGST within the state)', async () => {
    const p = await pay(a, { client_id: clients.pune, amount: 25000.5, notes: 'Advance for interior design services', reference: 'UTR778812' });
    expect(p.receipt_number).toBe('RV/25-26/0001');
    const text = await voucherText(p.payment_id);
    const amount = 2500050;
    const tax = taxIn(amount, 18); // not determinable (no invoice, no inventory): 18%, rule 50 proviso
    const cgst = Math.round(tax / 2);
    for (const particular of [
      'RECEIPT VOUCHER',
      'Kaveri Design Studio',
      '12 Prabhat Road, Pune 411004',
      `GSTIN: ${SUPPLIER_GSTIN}`,
      'Voucher No. RV/25-26/0001',
      'Date 10-07-2025',
      'Pune Builders',
      `GSTIN: ${gstin('27AAACH7409R1Z')}`,
      '5 FC Road, Pune 411004',
      'Advance for interior design services',
      `Place of supply Maharashtra (27)`,
      'Tax payable on reverse charge No',
      `${printed(amount)}`,
      `Taxable value (advance less the tax included in it) 18% ${printed(amount - tax)}`,
      `CGST 9% ${printed(cgst)}`,
      `SGST/UTGST 9% ${printed(tax - cgst)}`,
      `Total tax included in the advance ${printed(tax)}`,
      'For Kaveri Design Studio',
      'Authorised signatory',
    ]) {
      expect(text).toContain(particular);
    }
    expect(text).not.toContain('IGST');
  });

  it('shows IGST across states at the rate asked, then at the rate of the invoice the advance was applied to', async () => {
    const p = await pay(a, { client_id: clients.bengaluru, amount: 10000 });
    let text = await voucherText(p.payment_id, '?tax_rate=12');
    expect(text).toContain('Place of supply Karnataka (29)');
    expect(text).toContain(`IGST 12% ${printed(taxIn(1000000, 12))}`);
    expect(text).not.toMatch(/CGST \d/);

    // Applied to a later invoice of services at 5%: the voucher takes that rate; the advance stays the whole receipt.
    const later = await invoice(clients.bengaluru, '2025-08-01', [line('Design fee', 1, 20000, { hsn_code: '998391', tax_rate: 5 })]);
    await t.http
      .post(`/v1/payments/${p.payment_id}/allocations`)
      .set(a.auth)
      .send({ allocation_date: '2025-08-01', allocations: [{ document_type: 'invoice', document_id: later, amount: 10000 }] })
      .expect(201);
    text = await voucherText(p.payment_id);
    expect(text).toContain(`IGST 5% ${printed(taxIn(1000000, 5))}`);
    expect(text).toContain('from the invoices the advance was applied to');
    expect(text).toContain(printed(1000000));
  });

  it('shows no tax on an advance for goods (notification 66/2017-Central Tax)', async () => {
    const p = await pay(a, { client_id: clients.pune, amount: 5000 });
    const text = await voucherText(p.payment_id, '?supply=goods');
    expect(text).toContain('No GST is payable on an advance received for the supply of goods (notification 66/2017-Central Tax)');
    expect(text).toContain('Advance received for the supply of goods');
    expect(text).not.toMatch(/(CGST|IGST) \d|Total tax/);
  });

  it("reads goods from the client's invoice, counts only what was not a bill already issued, and treats an unknown place as inter-State", async () => {
    const bill = await invoice(clients.walkin, '2025-07-01', [line('Copper cable', 1, 1000, { hsn_code: '8544' })]);
    const p = await pay(a, { client_id: clients.walkin, amount: 1500, allocations: [{ document_type: 'invoice', document_id: bill, amount: 400 }] });
    expect(p.receipt_number).toMatch(/^RV\/25-26\/\d{4}$/);
    const text = await voucherText(p.payment_id);
    expect(text).toContain(printed(110000)); // 1500 less the 400 that paid the bill of 01-07-2025
    expect(text).toContain("Goods (from the client's latest invoice)");
    expect(text).toContain('Not determinable: treated as an inter-State supply');
    expect(text).toContain('notification 66/2017-Central Tax');
  });

  it('answers 404 for a payment that is no advance and for the payment of another account', async () => {
    const bill = await invoice(clients.pune, '2025-07-02', [line('Site visit', 1, 100)]);
    const settled = await pay(a, { client_id: clients.pune, amount: 118, allocations: [{ document_type: 'invoice', document_id: bill, amount: 118 }] });
    expect(settled.receipt_number).toBeNull();
    expect((await voucher(settled.payment_id).expect(404)).body.error.code).toBe('not_found');
    const theirs = await pay(b, { client_id: clients.other, amount: 700 });
    await voucher(theirs.payment_id).expect(404);
    await voucher(theirs.payment_id, '', b).buffer(true).parse(binary).expect(200);
  });

  it('refuses an unknown supply or a rate that is no GST rate with 400 naming the field', async () => {
    const p = await pay(a, { client_id: clients.pune, amount: 100 });
    expect((await voucher(p.payment_id, '?supply=works').expect(400)).body.error).toMatchObject({
      code: 'validation_error',
      details: { supply: expect.any(String) },
    });
    expect((await voucher(p.payment_id, '?tax_rate=17').expect(400)).body.error).toMatchObject({
      code: 'validation_error',
      details: { tax_rate: expect.any(String) },
    });
  });
});
