'use strict';
/**
 * Baseline for the PDF scenario: bare Puppeteer, BENCH_PDF_PAGES reused pages (bench/run.js passes as many
 * as the API gives one account, see scenarios.js; run alone, PDF_CONCURRENCY, else 2) in one Chromium
 * launched with the renderer's flags, each request doing page.setContent(html) +
 * page.pdf(options) on the same HTML and options the API prints for that document. No request
 * interception, no JavaScript switch, no timeout, no pool bookkeeping, no database work per request.
 *
 * GET /v1/documents/invoice/:id/pdf builds that HTML once per id (on the first request, which the runner
 * sends before measuring) with the compiled code in dist/: SqlDocumentSource over mysql2, the account and
 * client rows, buildDocumentView, templateHtml and pdfOptionsFor. Started by bench/run.js with PORT and
 * DATABASE_URL; CHROMIUM_PATH as for the API.
 */
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { baselinePool } = require('./pool');
const puppeteer = require('puppeteer');
const { requireDist } = require('../dist');

const { SqlDocumentSource } = requireDist('libs/infra/src/document-output/sql-document-source');
const { buildDocumentView } = requireDist('libs/domain/src/document-output/document-view-builder');
const { INVOICE_COPIES } = requireDist('libs/domain/src/document-output/document-output.service');
const { templateHtml, pdfOptionsFor } = requireDist('libs/infra/src/pdf/templates');
const { CHROMIUM_ARGS } = requireDist('libs/infra/src/pdf/chromium-process');

const port = Number(process.env.PORT || 3101);
const pages = Math.max(1, Number(process.env.BENCH_PDF_PAGES || process.env.PDF_CONCURRENCY || 2));
const pool = baselinePool(4);
// SqlDocumentSource only needs manager().query(sql, params) -> rows.
const source = new SqlDocumentSource({ manager: () => ({ query: (sql, params) => pool.query(sql, params).then(([rows]) => rows) }) });

async function documentHtml(accountId, id) {
  const doc = await source.load(accountId, 'invoice', id);
  if (!doc) return null;
  const [[a]] = await pool.query('SELECT * FROM accounts WHERE id = ?', [accountId]);
  const [[c]] = await pool.query('SELECT * FROM clients WHERE id = ? AND account_id = ?', [doc.clientId, accountId]);
  const [[settings]] = await pool.query('SELECT invoice_template, signature_png FROM business_settings WHERE account_id = ?', [accountId]);
  const account = {
    id: a.id,
    businessName: a.business_name,
    businessEmail: a.business_email,
    currency: a.currency,
    gstin: a.business_gstin,
    pan: a.business_pan,
    address: a.business_address,
    stateCode: a.state_code,
    phone: a.phone,
    logoUrl: a.logo_url,
    plan: a.plan === 'pro' ? 'pro' : 'free',
    subscriptionExpiresAt: a.subscription_expires_at,
    suspended: a.suspended_at !== null,
    deleted: a.deleted_at !== null,
    apiKeyMasked: a.api_key_masked,
  };
  const client = c && {
    id: c.id,
    accountId: c.account_id,
    name: c.name,
    phone: c.phone,
    countryCode: c.country_code,
    email: c.email,
    address: c.address,
    gstin: c.gstin,
    stateCode: c.state_code,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
  // An invoice PDF is the recipient's original unless another copy is asked for, as DocumentOutputService prints it.
  const view = { ...buildDocumentView(doc, account, client, settings ? settings.signature_png : null), copy_label: INVOICE_COPIES.original };
  return { html: templateHtml(view, settings ? settings.invoice_template : undefined), options: pdfOptionsFor(view) };
}

const { createHash } = require('node:crypto');
async function accountOf(req) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization || '');
  if (!match) return null;
  const [[row]] = await pool.query('SELECT id FROM accounts WHERE api_key_hash = ?', [createHash('sha256').update(match[1], 'utf8').digest('hex')]);
  return row ? row.id : null;
}

let browser;
const idle = [];
const waiting = [];
const documents = new Map();

function takePage() {
  return idle.length ? Promise.resolve(idle.pop()) : new Promise((resolve) => waiting.push(resolve));
}
function givePage(page) {
  const next = waiting.shift();
  if (next) next(page);
  else idle.push(page);
}

async function render(doc) {
  const page = await takePage();
  try {
    await page.setContent(doc.html, { waitUntil: 'load' });
    return await page.pdf(doc.options);
  } finally {
    givePage(page);
  }
}

const ROUTE = /^\/v1\/documents\/invoice\/(\d+)\/pdf$/;

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ ok: true, data: { status: 'ok', pages } }));
  }
  const match = ROUTE.exec(url.pathname);
  if (req.method !== 'GET' || !match) {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    return res.end('{"ok":false,"error":{"code":"not_found","message":"No such route.","details":{}}}');
  }
  const id = Number(match[1]);
  let doc = documents.get(id);
  if (!doc) {
    const accountId = await accountOf(req);
    const built = accountId && (await documentHtml(accountId, id));
    if (!built) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      return res.end('{"ok":false,"error":{"code":"not_found","message":"No such invoice.","details":{}}}');
    }
    documents.set(id, (doc = built));
  }
  const pdf = await render(doc);
  res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': pdf.length, 'Content-Disposition': `inline; filename="invoice-${id}.pdf"` });
  res.end(pdf);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error: { code: 'internal_error', message: String(error && error.message), details: {} } }));
  });
});
server.keepAliveTimeout = 65_000;

let profile;
async function main() {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-baseline-'));
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    pipe: true,
    userDataDir: profile,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const [first] = await browser.pages();
  idle.push(first || (await browser.newPage()));
  while (idle.length < pages) idle.push(await browser.newPage());
  server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ msg: 'pdf baseline listening', port, pages })}\n`));
}

async function stop() {
  server.close();
  await Promise.race([browser ? browser.close() : null, new Promise((r) => setTimeout(r, 3000))]).catch(() => undefined);
  try {
    const proc = browser && browser.process();
    if (proc && proc.pid) process.kill(-proc.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
  await pool.end().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
