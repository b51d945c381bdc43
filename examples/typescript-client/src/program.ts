import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** What the walk-through did, for whoever runs it. */
export interface Walkthrough {
  clientId: number;
  invoiceId: number;
  invoiceNumber: string;
  listed: number;
  total: number;
  pdfBytes: number;
}

/** Fails with the API's own error code and message. */
function fail(step: string, error: { error: { code: string; message: string } } | undefined, status: number): never {
  throw new Error(`${step}: HTTP ${status} ${error ? `${error.error.code}: ${error.error.message}` : ''}`);
}

/**
 * An integrator's first session against the API, typed end to end by the client generated from
 * openapi/openapi.json: create a client and an invoice, list the financial year's invoices, read the
 * invoice back and download its PDF.
 */
export async function walkthrough(baseUrl: string, apiKey: string): Promise<Walkthrough> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });

  const created = await api.POST('/v1/clients', {
    body: { name: 'Sharma Traders', phone: '9876543210', email: 'accounts@sharma.example', gstin: '27AAPFU0939F1ZV', state_code: '27' },
  });
  if (!created.data) fail('create client', created.error, created.response.status);
  const clientId = created.data.data.client.client_id;

  const invoice = await api.POST('/v1/invoices', {
    body: {
      client_id: clientId,
      invoice_date: '2025-06-15',
      payment_due_date: '2025-07-15',
      currency: 'INR',
      items: [
        {
          item_description: 'Consulting, June',
          hsn_code: '998311',
          quantity: 2,
          rate: 1000,
          tax_rate: 18,
          cgst_amount: 180,
          sgst_amount: 180,
          igst_amount: 0,
          total_amount: 2360,
        },
      ],
    },
  });
  if (!invoice.data) fail('create invoice', invoice.error, invoice.response.status);
  const invoiceId = invoice.data.data.invoice_id;

  const listed = await api.GET('/v1/invoices', { params: { query: { fy_start_year: 2025, limit: 10 } } });
  if (!listed.data) fail('list invoices', listed.error, listed.response.status);
  const rows = listed.data.data.invoices;
  if (!rows.some((row) => row.invoice_id === invoiceId)) throw new Error('list invoices: the new invoice is missing');

  const read = await api.GET('/v1/invoices/{id}', { params: { path: { id: invoiceId } } });
  if (!read.data) fail('get invoice', read.error, read.response.status);
  const lineTotal = read.data.data.items.reduce((sum, line) => sum + line.total_amount, 0);
  if (lineTotal !== read.data.data.total_amount) throw new Error(`get invoice: lines add up to ${lineTotal}, the invoice says ${read.data.data.total_amount}`);

  const pdf = await api.GET('/v1/documents/{type}/{id}/pdf', { params: { path: { type: 'invoice', id: invoiceId } }, parseAs: 'arrayBuffer' });
  if (!pdf.data) fail('download PDF', pdf.error, pdf.response.status);
  const head = new TextDecoder().decode(pdf.data.slice(0, 5));
  if (head !== '%PDF-') throw new Error(`download PDF: not a PDF (${head})`);

  return {
    clientId,
    invoiceId,
    invoiceNumber: read.data.data.invoice_number,
    listed: rows.length,
    total: read.data.data.total_amount,
    pdfBytes: pdf.data.byteLength,
  };
}
