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
const { baselinePool } = require('./pool');
const { documentHtmlOn, launchPages } = require('./document-html');

const port = Number(process.env.PORT || 3101);
const pages = Math.max(1, Number(process.env.BENCH_PDF_PAGES || process.env.PDF_CONCURRENCY || 2));
const pool = baselinePool(4);
const documentHtml = documentHtmlOn(pool);

const { createHash } = require('node:crypto');
async function accountOf(req) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization || '');
  if (!match) return null;
  const [[row]] = await pool.query('SELECT id FROM accounts WHERE api_key_hash = ?', [createHash('sha256').update(match[1], 'utf8').digest('hex')]);
  return row ? row.id : null;
}

let chromium;
const documents = new Map();

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
  const pdf = await chromium.render(doc.html, doc.options);
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

async function main() {
  chromium = await launchPages(pages);
  server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ msg: 'pdf baseline listening', port, pages })}\n`));
}

async function stop() {
  server.close();
  if (chromium) await chromium.close();
  await pool.end().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
