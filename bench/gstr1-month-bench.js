'use strict';
/**
 * Extra figure: GSTR-1 of a month of 50,000 invoices (BENCH_GSTR1_MONTH_INVOICES) against a bare SQL-and-JSON export
 * of the same tables. An account of its own (admin CLI) gets 2,000 clients and the invoices, all dated in the last full
 * month (seed-invoices.js, about 225,000 lines). The API's `GET /v1/exports/gstr1?period=<month>` is timed one request
 * at a time; the baseline, in this process on mysql2, reads the same rows the API's return is made of (the month's
 * invoices with their clients' GSTIN, state and registration, and their lines with the taxable value computed in SQL,
 * the API's two main statements, in parallel) and serialises them as JSON, nothing more: it neither sorts them into
 * the return's tables nor totals them. Target: the API within 1.5x of it (median of BENCH_GSTR1_MONTH_SAMPLES, 3,
 * after one unmeasured each).
 */
const mysql = require('mysql2/promise');
const { seedClients } = require('./seed');
const { seedInvoices } = require('./seed-invoices');
const { kolkataDate } = require('./fixtures');
const processes = require('./processes');

const INVOICES = Number(process.env.BENCH_GSTR1_MONTH_INVOICES || 50000);
const SAMPLES = Number(process.env.BENCH_GSTR1_MONTH_SAMPLES || 3);
const TARGET = 1.5;

const TAXABLE = `ROUND(it.quantity * it.rate - CASE it.discount_type WHEN 'percentage' THEN it.quantity * it.rate * COALESCE(it.discount_value, 0) / 100
  WHEN 'fixed' THEN COALESCE(it.discount_value, 0) ELSE 0 END, 2)`;
const HEADERS = `SELECT i.id, i.invoice_number, i.invoice_date, i.invoice_type, i.status, i.total_amount, c.gstin, c.state_code, c.registration_type,
       i.place_of_supply, i.supply_type, i.reverse_charge, i.currency, i.exchange_rate, i.ecommerce_gstin, i.ecommerce_section
  FROM invoices i LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id
 WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status <> 'draft'
 ORDER BY i.invoice_date, i.id`;
const LINES = `SELECT it.invoice_id, it.item_description, it.hsn_code, it.quantity, it.tax_rate, it.cgst_amount, it.sgst_amount, it.igst_amount, it.unit,
       it.cess_amount, COALESCE(it.taxable_value, ${TAXABLE}) AS taxable
  FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id AND it.account_id = i.account_id
 WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status IN ('issued', 'archived')
 ORDER BY it.invoice_id, it.id`;

/** The last full calendar month in Kolkata: {period: 'YYYY-MM', from, to}. */
function lastFullMonth() {
  const [y, m] = kolkataDate().split('-').map(Number);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const period = `${year}-${String(month).padStart(2, '0')}`;
  return { period, from: `${period}-01`, to: `${period}-${String(days).padStart(2, '0')}` };
}

/** Median ms of `run` over SAMPLES calls, after one unmeasured. */
async function median(run) {
  await run();
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function run(ctx) {
  const account = processes.createAccount(ctx.databaseUrl, {
    name: 'Month Heavy Distributors Pvt Ltd',
    email: `gstr1-month-${Date.now()}@bench.invoicing.local`,
    username: `gstr1.month.${Date.now()}`,
    password: 'Bench#Passw0rd-2025',
    bcryptCost: '4',
  });
  const month = lastFullMonth();
  const started = Date.now();
  await seedClients(ctx.db, account.account_id, 2000);
  const [clients] = await ctx.db.query('SELECT id, state_code FROM clients WHERE account_id = ? ORDER BY id', [account.account_id]);
  const seeded = await seedInvoices(ctx.db, account.account_id, clients, INVOICES, 23, month);
  await ctx.db.query('ANALYZE TABLE invoices, invoice_items, clients');
  processes.log(
    `gstr1 month: ${INVOICES.toLocaleString('en-US')} invoices (${seeded.lines.toLocaleString('en-US')} lines) in ${month.period} seeded in ${Date.now() - started} ms`,
  );

  let invoicesInReturn = 0;
  const api = await median(async () => {
    const res = await fetch(`${ctx.apiBase}/v1/exports/gstr1?period=${month.period}`, { headers: { authorization: `Bearer ${account.api_key}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /v1/exports/gstr1 answered ${res.status}: ${text.slice(0, 300)}`);
    const ret = JSON.parse(text).data;
    invoicesInReturn = ['b2b', 'b2cl'].reduce((n, k) => n + (ret[k] || []).reduce((m, p) => m + p.inv.length, 0), 0);
  });
  const pool = mysql.createPool({ uri: ctx.databaseUrl, connectionLimit: 2, dateStrings: true, timezone: 'Z', supportBigNumbers: true, decimalNumbers: false });
  let exported = 0;
  try {
    const bare = await median(async () => {
      const range = [account.account_id, month.from, month.to];
      const [[headers], [lines]] = await Promise.all([pool.query(HEADERS, range), pool.query(LINES, range)]);
      exported = JSON.stringify({ invoices: headers, lines }).length;
    });
    const ratio = api / bare;
    processes.log(
      `gstr1 month: API ${Math.round(api)} ms (${invoicesInReturn} invoices in b2b and b2cl), bare export ${Math.round(bare)} ms (${(exported / 1e6).toFixed(1)} MB of JSON)`,
    );
    return [
      { figure: `GSTR-1 of a ${INVOICES.toLocaleString('en-US')}-invoice month: API median`, value: `${Math.round(api)} ms` },
      { figure: 'GSTR-1 month: bare SQL-and-JSON export of the same rows, median', value: `${Math.round(bare)} ms` },
      { figure: 'GSTR-1 month: API / bare export', value: `${ratio.toFixed(2)}x`, target: `<= ${TARGET}x`, ok: ratio <= TARGET },
    ];
  } finally {
    await pool.end();
  }
}

module.exports = { GSTR1_MONTH: { name: 'GET /v1/exports/gstr1: a 50,000-invoice month vs a bare export', run } };
