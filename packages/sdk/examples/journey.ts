import { createServer, IncomingHttpHeaders } from 'node:http';
import { bytes, createInvoicingClient, isApiError, unwrap, verifyWebhook, WebhookEvent, WebhookVerificationError } from '@invoicing/sdk';

/**
 * An integrator's journey with the SDK, strictly typed and without a cast: a webhook endpoint on a local server,
 * clients in the business's state and in another, invoices with CGST + SGST and with IGST, a retried create made
 * once, the financial year's list page by page, a PDF, a share link, a quotation turned into an invoice, a payment
 * that settles an invoice, the signed deliveries verified, and the API's errors as typed errors.
 * test/sdk-journey.e2e-spec.ts runs it against the service (and compiles it with tsc --strict, checking it holds no cast).
 */
export interface JourneyOptions {
  baseUrl: string;
  apiKey: string;
  /** Sends the webhook deliveries that are due (the worker does it by itself; a test drives it). */
  deliverWebhooks?: () => Promise<void>;
}

export interface TaxSplit {
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface JourneyResult {
  intraState: TaxSplit;
  interState: TaxSplit;
  replayedSameInvoice: boolean;
  financialYear: { listed: number; total: number };
  pdfHead: string;
  sharedPdfHead: string;
  /** The first two bytes of the ZIP of PDFs and of the XLSX workbook (both ZIP containers: `PK`). */
  zipHead: string;
  xlsxHead: string;
  convertedInvoiceNumber: string;
  paymentStatusAfterPayment: string;
  verifiedEvents: string[];
  forgedDeliveryRefused: boolean;
  notFound: { status: number; code: string; fields: string[] };
  invalid: { status: number; code: string; fields: string[] };
}

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

function expectThat(condition: boolean, what: string): void {
  if (!condition) throw new Error(`journey: ${what}`);
}

/** How a call failed: the typed error's status, code and the fields its details name. */
async function failure(call: Promise<unknown>): Promise<{ status: number; code: string; fields: string[] }> {
  try {
    await call;
  } catch (error) {
    if (isApiError(error)) return { status: error.status, code: error.code, fields: Object.keys(error.details).sort() };
    throw error;
  }
  throw new Error('journey: the call succeeded');
}

const head = (file: Uint8Array): string => new TextDecoder().decode(file.subarray(0, 5));

export async function journey(options: JourneyOptions): Promise<JourneyResult> {
  const api = createInvoicingClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });

  // A receiver on this machine (the API must run with WEBHOOKS_ALLOW_INSECURE=on to send to loopback over http).
  const deliveries: Delivery[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const address = receiver.address();
    if (address === null || typeof address === 'string') throw new Error('journey: the receiver has no port');
    const endpoint = await unwrap(
      api.POST('/v1/webhooks', {
        body: { url: `http://127.0.0.1:${address.port}/hooks`, events: ['invoice.created', 'payment.created'], description: 'SDK journey' },
      }),
    );

    // Clients: one in the business's own state (Maharashtra, 27), one registered in Karnataka (29).
    const local = await unwrap(
      api.POST('/v1/clients', { body: { name: 'Pune Retail', phone: '9876500001', email: 'accounts@puneretail.example', state_code: '27' } }),
    );
    const karnataka = await unwrap(
      api.POST('/v1/clients', { body: { name: 'Karnataka Traders', phone: '9876500002', email: 'ap@kt.example', gstin: '29AAACH7409R1ZX' } }),
    );

    // Invoices whose lines leave the tax to the service: CGST + SGST within the state, IGST across states.
    const line = { item_description: 'Copper wire', hsn_code: '8544', quantity: 2, rate: 500, tax_rate: 18 };
    const invoiceFor = (clientId: number, key?: string) =>
      unwrap(
        api.POST('/v1/invoices', {
          body: { client_id: clientId, invoice_date: '2025-08-05', payment_due_date: '2025-09-04', items: [line] },
          params: key ? { header: { 'Idempotency-Key': key } } : {},
        }),
      );
    const split = async (invoiceId: number): Promise<TaxSplit> => {
      const invoice = await unwrap(api.GET('/v1/invoices/{id}', { params: { path: { id: invoiceId } } }));
      const [first] = invoice.items;
      if (!first) throw new Error('journey: an invoice without lines');
      return { cgst: first.cgst_amount, sgst: first.sgst_amount, igst: first.igst_amount, total: invoice.total_amount };
    };
    const intra = await invoiceFor(local.client.client_id, 'journey-intra-1');
    const again = await invoiceFor(local.client.client_id, 'journey-intra-1'); // a retry with the same key: made once
    const inter = await invoiceFor(karnataka.client.client_id);
    const intraState = await split(intra.invoice_id);
    const interState = await split(inter.invoice_id);
    expectThat(intraState.cgst === intraState.sgst && intraState.igst === 0, 'an intra-state invoice is taxed CGST + SGST');
    expectThat(interState.igst > 0 && interState.cgst === 0 && interState.sgst === 0, 'an inter-state invoice is taxed IGST');

    // A quotation accepted and turned into an invoice.
    const quotation = await unwrap(api.POST('/v1/quotations', { body: { client_id: local.client.client_id, quotation_date: '2025-08-01', items: [line] } }));
    const converted = await unwrap(
      api.POST('/v1/quotations/{id}/convert-to-invoice', { params: { path: { id: quotation.quotation_id } }, body: { invoice_date: '2025-08-06' } }),
    );

    // The financial year 2025-26, two rows a page: the paginator follows the pages.
    const listed: number[] = [];
    for await (const row of api.paginate('/v1/invoices', { query: { fy_start_year: 2025 } }, { pageSize: 2 })) listed.push(row.invoice_id);
    const firstPage = await unwrap(api.GET('/v1/invoices', { params: { query: { fy_start_year: 2025, limit: 1 } } }));
    expectThat(new Set(listed).size === listed.length && listed.includes(converted.invoice_id), 'the list pages neither repeat nor skip');

    // Files as bytes: the invoice's PDF, both invoices' PDFs in a ZIP, the receivables workbook, and the PDF through
    // the invoice's public share link.
    const pdf = await bytes(api.GET('/v1/documents/{type}/{id}/pdf', { params: { path: { type: 'invoice', id: intra.invoice_id } }, parseAs: 'arrayBuffer' }));
    const zip = await bytes(api.POST('/v1/invoices/bulk-pdf', { body: { ids: [intra.invoice_id, inter.invoice_id] }, parseAs: 'arrayBuffer' }));
    const xlsx = await bytes(
      api.GET('/v1/analytics/receivables-ageing', { params: { query: { as_of: '2025-09-30', format: 'xlsx' } }, parseAs: 'arrayBuffer' }),
    );
    const share = await unwrap(api.POST('/v1/documents/{type}/{id}/share', { params: { path: { type: 'invoice', id: inter.invoice_id } } }));
    const token = new URL(share.share_url).pathname.split('/').pop() ?? '';
    const shared = await bytes(api.GET('/v1/share/{token}', { params: { path: { token } }, parseAs: 'arrayBuffer' }));

    // A payment received by UPI that settles the intra-state invoice.
    await unwrap(
      api.POST('/v1/payments', {
        body: {
          client_id: local.client.client_id,
          amount: intraState.total,
          payment_date: '2025-08-20',
          mode: 'upi',
          reference: 'UPI/523412345678',
          allocations: [{ document_type: 'invoice', document_id: intra.invoice_id, amount: intraState.total }],
        },
      }),
    );
    const settled = await unwrap(api.GET('/v1/invoices/{id}', { params: { path: { id: intra.invoice_id } } }));

    // The deliveries: every one verified with the endpoint's secret before it is believed.
    const wanted = (events: WebhookEvent[]) =>
      events.some((e) => e.type === 'invoice.created' && e.data.object.invoice_id === intra.invoice_id) &&
      events.some((e) => e.type === 'payment.created' && e.data.object.client_id === local.client.client_id);
    let events: WebhookEvent[] = [];
    for (let round = 0; round < 60 && !wanted(events); round++) {
      if (options.deliverWebhooks) await options.deliverWebhooks();
      else await new Promise((resolve) => setTimeout(resolve, 1000));
      events = deliveries.map((d) => verifyWebhook(endpoint.secret, d.body, d.headers));
    }
    expectThat(wanted(events), 'the invoice and the payment were announced by signed deliveries');
    const [sample] = deliveries;
    let forgedDeliveryRefused = false;
    try {
      if (sample) verifyWebhook(endpoint.secret, sample.body.replace('"account_id"', '"account_id" '), sample.headers);
    } catch (error) {
      forgedDeliveryRefused = error instanceof WebhookVerificationError;
    }

    // Errors arrive as InvoicingApiError with the envelope's code and details.
    const notFound = await failure(unwrap(api.GET('/v1/invoices/{id}', { params: { path: { id: 99_999_999 } } })));
    const invalid = await failure(
      unwrap(api.POST('/v1/invoices', { body: { client_id: local.client.client_id, invoice_date: '2025-02-30', payment_due_date: 'soon', items: [line] } })),
    );

    return {
      intraState,
      interState,
      replayedSameInvoice: again.invoice_id === intra.invoice_id,
      financialYear: { listed: listed.length, total: firstPage.total },
      pdfHead: head(pdf),
      sharedPdfHead: head(shared),
      zipHead: head(zip).slice(0, 2),
      xlsxHead: head(xlsx).slice(0, 2),
      convertedInvoiceNumber: converted.invoice_number,
      paymentStatusAfterPayment: settled.payment_status,
      verifiedEvents: [...new Set(events.map((e) => e.type))].sort(),
      forgedDeliveryRefused,
      notFound,
      invalid,
    };
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
