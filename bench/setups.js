'use strict';
/**
 * setup/after hooks of the invoice, PDF and sign-in scenarios (see scenarios.js), and the shared steps the
 * extra figures (extras.js) reuse. Every step is memoised on ctx, so BENCH_ONLY can pick any of them.
 *
 * ctx (from run.js): apiKey, accountId, db, clientIds, apiBase, apiPid, baselines ({server: base URL}),
 * username, password.
 */
const { ensureInvoices } = require('./seed-invoices');
const { invoiceBody } = require('./fixtures');
const { chromiumBelow } = require('./probes');

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

/** A JSON call to the API with the account's API key; throws on a non-2xx answer. */
async function api(ctx, method, path, body, headers = { authorization: `Bearer ${ctx.apiKey}` }) {
  const res = await fetch(ctx.apiBase + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}

/** A client of the account with a GSTIN and an address (so the PDF shows both GSTINs); memoised. */
async function billedClient(ctx) {
  if (!ctx.billedClient) {
    const [[row]] = await ctx.db.query(
      'SELECT id, state_code FROM clients WHERE account_id = ? AND gstin IS NOT NULL AND address IS NOT NULL ORDER BY id LIMIT 1',
      [ctx.accountId],
    );
    ctx.billedClient = row;
  }
  return ctx.billedClient;
}

async function invoices(ctx) {
  await ensureInvoices(ctx);
}

/** The id of the 90,000th invoice of the list's order (newest date first, ties by id): the cursor of the page at offset 90,000. */
async function cursorAt90000(ctx) {
  await ensureInvoices(ctx);
  const [[row]] = await ctx.db.query('SELECT id FROM invoices WHERE account_id = ? ORDER BY invoice_date DESC, id DESC LIMIT 1 OFFSET 89999', [ctx.accountId]);
  ctx.cursorAt90000 = row.id;
}

async function createInvoice(ctx) {
  await ensureInvoices(ctx);
  ctx.invoiceBody = invoiceBody(await billedClient(ctx));
}

/** GET the invoice PDF from `base` and return its bytes (checked: 200 and %PDF-). */
async function fetchPdf(ctx, base, id) {
  const res = await fetch(`${base}/v1/documents/invoice/${id}/pdf`, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new Error(`GET ${base}/v1/documents/invoice/${id}/pdf answered ${res.status}: ${bytes.subarray(0, 300).toString('utf8')}`);
  }
  return bytes;
}

/**
 * The 10-line invoice the PDF scenario prints (created through the API), then 10 renders of it through
 * the API, 4 at a time, and the Chromium processes under the API process after them (ctx.chromiumAfter10).
 * Memoised.
 */
function pdfWarm(ctx) {
  ctx.pdfWarmed ??= (async () => {
    await ensureInvoices(ctx);
    const created = await api(ctx, 'POST', '/v1/invoices', invoiceBody(await billedClient(ctx)));
    ctx.pdfInvoiceId = created.invoice_id;
    ctx.pdfRenders = ctx.pdfRenders || 0;
    // Four at a time (as the scenario sends them), so that every page of the pool has been opened.
    let started = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (started < 10) {
          started++;
          await fetchPdf(ctx, ctx.apiBase, ctx.pdfInvoiceId);
          ctx.pdfRenders++;
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    ctx.chromiumAfter10 = chromiumBelow(ctx.apiPid);
    log(
      `pdf: invoice ${ctx.pdfInvoiceId} (${created.invoice_number}) rendered 10 times; chromium processes under the API: ${JSON.stringify(ctx.chromiumAfter10.byType)}`,
    );
  })();
  return ctx.pdfWarmed;
}

/** pdf-parse text of a PDF, whitespace collapsed. */
async function pdfText(bytes) {
  const pdfParse = require('pdf-parse/lib/pdf-parse.js');
  const { text, numpages } = await pdfParse(bytes);
  return { text: text.replace(/\s+/g, ' ').trim(), pages: numpages };
}

/** Warm-up as above, then checks that the baseline prints the same document (same extracted text). */
async function pdf(ctx) {
  await pdfWarm(ctx);
  const base = ctx.baselines && ctx.baselines['pdf-page'];
  if (!base) return;
  const [a, b] = await Promise.all([fetchPdf(ctx, ctx.apiBase, ctx.pdfInvoiceId), fetchPdf(ctx, base, ctx.pdfInvoiceId)]);
  ctx.pdfRenders++;
  const [ta, tb] = await Promise.all([pdfText(a), pdfText(b)]);
  ctx.pdfSameDocument = { same: ta.text === tb.text && ta.pages === tb.pages, apiBytes: a.length, baseBytes: b.length, pages: ta.pages, chars: ta.text.length };
  if (!ctx.pdfSameDocument.same) log(`pdf: WARNING the baseline's PDF text differs from the API's (${ta.text.length} vs ${tb.text.length} characters)`);
}

/** After the PDF scenario: count the renders autocannon made through the API. */
async function pdfAfter(ctx, { apiRuns }) {
  ctx.pdfRenders = (ctx.pdfRenders || 0) + apiRuns.reduce((n, r) => n + (r.ok || 0), 0);
}

/** Before the login scenario: revokes the account's sessions, so its logins stay under the session cap. */
async function login(ctx) {
  await ctx.db.query("UPDATE mobile_sessions SET revoked_at = UTC_TIMESTAMP(), revoke_reason = 'logout' WHERE account_id = ? AND revoked_at IS NULL", [
    ctx.accountId,
  ]);
}

/** A mobile access token of the bench user (one login through the API). */
async function accessToken(ctx) {
  if (ctx.accessToken) return;
  const data = await api(ctx, 'POST', '/v1/auth/login', { username: ctx.username, password: ctx.password }, {});
  ctx.accessToken = data.access_token;
}

/**
 * GSTR-1 of the last full calendar month of the 100,000-invoice account (about 1,500 invoices): the
 * period goes in ctx.gstr1Period; one request first checks the answer and logs what the return holds.
 */
async function gstr1(ctx) {
  await ensureInvoices(ctx);
  if (ctx.gstr1Period) return;
  const [[row]] = await ctx.db.query(
    "SELECT DATE_FORMAT(DATE_SUB(DATE_FORMAT(CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', '+05:30'), '%Y-%m-01'), INTERVAL 1 MONTH), '%Y-%m') AS period",
  );
  ctx.gstr1Period = row.period;
  const [[{ n }]] = await ctx.db.query(
    "SELECT COUNT(*) AS n FROM invoices WHERE account_id = ? AND DATE_FORMAT(invoice_date, '%Y-%m') = ? AND status IN ('issued', 'archived')",
    [ctx.accountId, ctx.gstr1Period],
  );
  const started = Date.now();
  const ret = await api(ctx, 'GET', `/v1/exports/gstr1?period=${ctx.gstr1Period}`);
  // The return leaves out the sections it has nothing for.
  const invoicesOf = (section) => (section || []).reduce((k, p) => k + p.inv.length, 0);
  log(
    `gstr1: ${ctx.gstr1Period}, ${n} invoices; b2b ${invoicesOf(ret.b2b)}, b2cl ${invoicesOf(ret.b2cl)}, b2cs rows ${(ret.b2cs || []).length}, ` +
      `hsn rows ${ret.hsn ? (ret.hsn.hsn_b2b || []).length + (ret.hsn.hsn_b2c || []).length : 0}; first answer in ${Date.now() - started} ms`,
  );
}

module.exports = { api, fetchPdf, pdfText, billedClient, invoices, cursorAt90000, createInvoice, pdfWarm, pdf, pdfAfter, login, accessToken, gstr1, log };
