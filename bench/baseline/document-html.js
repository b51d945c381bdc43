'use strict';
/**
 * What the PDF baselines share: a stored invoice's HTML and PDF options built by the compiled code in dist/
 * (SqlDocumentSource over mysql2, the account and client rows, buildDocumentView, templateHtml and pdfOptionsFor:
 * the same HTML the API prints for that document), and a bare Chromium with `pages` pages taken and given back
 * in arrival order. CHROMIUM_PATH as for the API.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const puppeteer = require('puppeteer');
const { requireDist } = require('../dist');

const { SqlDocumentSource } = requireDist('libs/infra/src/document-output/sql-document-source');
const { buildDocumentView } = requireDist('libs/domain/src/document-output/document-view-builder');
const { INVOICE_COPIES } = requireDist('libs/domain/src/document-output/document-output.service');
const { templateHtml, pdfOptionsFor } = requireDist('libs/infra/src/pdf/templates');
const { CHROMIUM_ARGS } = requireDist('libs/infra/src/pdf/chromium-process');

/** `load(accountId, id, signature?)` -> { html, options, number, signature } or null, on a mysql2 pool. */
function documentHtmlOn(pool) {
  // SqlDocumentSource only needs manager().query(sql, params) -> rows.
  const source = new SqlDocumentSource({ manager: () => ({ query: (sql, params) => pool.query(sql, params).then(([rows]) => rows) }) });
  return async function load(accountId, id, signatureOverride) {
    const doc = await source.load(accountId, 'invoice', id);
    if (!doc) return null;
    const [[[a]], [[c]], [[settings]]] = await Promise.all([
      pool.query('SELECT * FROM accounts WHERE id = ?', [accountId]),
      pool.query('SELECT * FROM clients WHERE id = ? AND account_id = ?', [doc.clientId, accountId]),
      pool.query('SELECT invoice_template, signature_png FROM business_settings WHERE account_id = ?', [accountId]),
    ]);
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
    const signature = signatureOverride || (settings ? settings.signature_png : null);
    // An invoice PDF is the recipient's original unless another copy is asked for, as DocumentOutputService prints it.
    const view = { ...buildDocumentView(doc, account, client, signature), copy_label: INVOICE_COPIES.original };
    return {
      html: templateHtml(view, settings ? settings.invoice_template : undefined),
      options: pdfOptionsFor(view),
      number: view.number,
      signature,
      account,
    };
  };
}

/** One Chromium launched with the renderer's flags and `pages` pages; `render(html, options)` on the next free one. */
async function launchPages(pages) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-baseline-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    pipe: true,
    userDataDir: profile,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const idle = [];
  const waiting = [];
  const [first] = await browser.pages();
  idle.push(first || (await browser.newPage()));
  while (idle.length < pages) idle.push(await browser.newPage());
  const takePage = () => (idle.length ? Promise.resolve(idle.pop()) : new Promise((resolve) => waiting.push(resolve)));
  const givePage = (page) => {
    const next = waiting.shift();
    if (next) next(page);
    else idle.push(page);
  };
  async function render(html, options) {
    const page = await takePage();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf(options);
    } finally {
      givePage(page);
    }
  }
  async function close() {
    await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 3000))]).catch(() => undefined);
    try {
      const proc = browser.process();
      if (proc && proc.pid) process.kill(-proc.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return { render, close };
}

module.exports = { documentHtmlOn, launchPages };
