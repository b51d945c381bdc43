import type { AddressInfo } from 'node:net';
import { journey } from '../packages/sdk/examples/journey';
import { RelayContext, startRelayContext } from './support/relay-context';
import { startApp, TestAccount, TestApp } from './support/app-harness';

/**
 * The SDK (packages/sdk) against the real service on a port of its own: the integrator journey of
 * packages/sdk/examples/journey.ts, with the worker's relay and webhook dispatcher driven by the test. That the
 * journey compiles under tsc --strict without a cast is checked by packages/sdk/test/journey-types.spec.ts.
 */
describe('SDK: the integrator journey', () => {
  let t: TestApp;
  let a: TestAccount;
  let hooks: RelayContext;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startApp('sdk_journey', { WEBHOOKS_ALLOW_INSECURE: 'on' });
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme.sdk@example.com', gstin: '27AAPFU0939F1ZV' });
    await t.http.patch('/v1/settings/business').set(a.auth).send({ business_address: '12 MG Road, Pune' }).expect(200);
    hooks = await startRelayContext(t.config);
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.close();
  });

  /** What the worker does on its schedules: relay committed activity, then send what is due. */
  async function deliverWebhooks(): Promise<void> {
    await hooks.relay.execute();
    for (let round = 0; round < 20; round++) if (!(await hooks.dispatch.execute()).attempted) return;
  }

  it('creates clients and invoices, pages, downloads PDF, ZIP and XLSX, shares, converts, takes a payment, verifies webhooks and reads typed errors', async () => {
    const result = await journey({ baseUrl, apiKey: a.apiKey, deliverWebhooks });
    expect(result).toEqual({
      intraState: { cgst: 90, sgst: 90, igst: 0, total: 1180 },
      interState: { cgst: 0, sgst: 0, igst: 180, total: 1180 },
      replayedSameInvoice: true,
      // two invoices, the converted quotation's invoice; the retried create made none
      financialYear: { listed: 3, total: 3 },
      pdfHead: '%PDF-',
      sharedPdfHead: '%PDF-',
      zipHead: 'PK',
      xlsxHead: 'PK',
      convertedInvoiceNumber: expect.stringMatching(/^INV\/25-26\/\d{4}$/),
      paymentStatusAfterPayment: 'paid',
      verifiedEvents: ['invoice.created', 'payment.created'],
      forgedDeliveryRefused: true,
      notFound: { status: 404, code: 'not_found', fields: expect.any(Array) },
      invalid: { status: 400, code: 'validation_error', fields: ['invoice_date', 'payment_due_date'] },
    });
  }, 180_000);
});
