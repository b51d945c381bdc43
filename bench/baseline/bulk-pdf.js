'use strict';
/**
 * Baseline for the bulk ZIP (POST /v1/invoices/bulk-pdf): a bare Puppeteer loop that prints the same invoices
 * on every page of one Chromium (PDF_CONCURRENCY pages, as many as the API process has) and puts them in a
 * ZIP as the API does (JSZip, STORE, in the order given). Per invoice it loads the document and builds its
 * HTML with the compiled code in dist/ (document-html.js), then page.setContent + page.pdf; no request
 * interception, no pool bookkeeping, no HTTP. The launch and a warm-up round are not timed.
 *
 * Run by bench/extras.js as a child process with DATABASE_URL, ACCOUNT_ID, IDS (comma-separated) and
 * PDF_CONCURRENCY; prints one JSON line: { seconds, pdfs, bytes }.
 */
const JSZip = require('jszip');
const { baselinePool } = require('./pool');
const { documentHtmlOn, launchPages } = require('./document-html');

const pages = Math.max(1, Number(process.env.PDF_CONCURRENCY || 2));
const accountId = Number(process.env.ACCOUNT_ID);
const ids = String(process.env.IDS || '')
  .split(',')
  .filter(Boolean)
  .map(Number);

/** Prints `ids` on `pages` workers, each taking the next id; resolves to the ZIP's bytes. */
async function zipOf(load, chromium, list) {
  const pdfs = new Array(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: pages }, async () => {
      while (next < list.length) {
        const i = next++;
        const doc = await load(accountId, list[i]);
        if (!doc) throw new Error(`invoice ${list[i]} not found`);
        pdfs[i] = { name: `${doc.number.replace(/[^A-Za-z0-9_.-]+/g, '-')}.pdf`, bytes: await chromium.render(doc.html, doc.options) };
      }
    }),
  );
  const zip = new JSZip();
  for (const pdf of pdfs) zip.file(pdf.name, pdf.bytes);
  return zip.generateAsync({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' });
}

async function main() {
  const pool = baselinePool(4);
  const chromium = await launchPages(pages);
  try {
    const load = documentHtmlOn(pool);
    await zipOf(load, chromium, ids.slice(0, pages * 4)); // warm-up, not timed
    const started = process.hrtime.bigint();
    const zip = await zipOf(load, chromium, ids);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    process.stdout.write(`${JSON.stringify({ seconds, pdfs: ids.length, bytes: zip.length })}\n`);
  } finally {
    await chromium.close();
    await pool.end().catch(() => undefined);
  }
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
