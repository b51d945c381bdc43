import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { PdfRenderTimeout } from '@app/infra/pdf/puppeteer-pdf-renderer';
import { startWorker } from './support/sendout-worker';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

/** A PDF render that runs past PDF_RENDER_TIMEOUT_MS is a passing shortage, never a 500. */
describe('PDF render limits over HTTP', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await startApp('pdf_limits', { PDF_RENDER_TIMEOUT_MS: '100' });
    a = await t.createAccount();
  });
  afterAll(() => t.close());

  /** An invoice of 500 lines, whose PDF takes longer than 100 ms. */
  async function largeInvoice(): Promise<number> {
    const clientId = await createClient(t, a);
    const items = Array.from({ length: 500 }, (_, i) => line(`Item ${i + 1}`, 1, 10));
    const created = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items })
      .expect(201);
    return created.body.data.invoice_id ?? created.body.data.invoice?.invoice_id;
  }

  it('a render over the timeout answers 503 not_available with Retry-After', async () => {
    const id = await largeInvoice();
    const res = await t.http.get(`/v1/documents/invoice/${id}/pdf`).set(a.auth);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'not_available', message: expect.any(String), details: { retry_after: Number(res.headers['retry-after']) } },
    });
  });

  it("the worker's renderer (emailed PDFs) keeps the same PDF_RENDER_TIMEOUT_MS", async () => {
    const id = await largeInvoice();
    const worker = await startWorker(t.config);
    try {
      const output = worker.app.get(DocumentOutputService);
      const account = await worker.app.get(AccountRepository).findById(a.accountId);
      await expect(output.pdf(account!, 'invoice', id)).rejects.toBeInstanceOf(PdfRenderTimeout);
    } finally {
      await worker.close();
    }
  });
});
