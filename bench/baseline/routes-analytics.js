'use strict';
/**
 * Baseline route for the analytics scenario (added to the ROUTES of http-mysql.js): the nine aggregate
 * statements of SqlAnalyticsReader, straight on mysql2 and in parallel as the API runs them, with their rows
 * folded into totals in plain JavaScript numbers (no decimals, no validation, no framework). As the API's
 * AnalyticsService, the answer is kept per (account, FY, Kolkata date, data version), the version read first
 * (versioned.js): the aggregates run again only after a write to the account's data.
 */
const { answerCache, dataVersion } = require('./versioned');

const COUNTED = "('issued', 'archived')";
const STATUSES = ['draft', 'issued', 'cancelled', 'archived'];
const APPROVALS = ['pending', 'approved', 'rejected'];
const AGE_BUCKETS = ['0_30', '31_60', '61_90', '90_plus'];

/** The twelve months (Y-m) of a financial year, April first. */
function fiscalMonths(year) {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    return `${month >= 4 ? year : year + 1}-${String(month).padStart(2, '0')}`;
  });
}

function fyRange(query) {
  const fy = query.get('fy_start_year');
  if (fy === null) return null;
  const year = Number(fy);
  return { from: `${year}-04-01`, to: `${year + 1}-03-31`, year };
}

function kolkataToday() {
  return new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The API's AnswerCache: at most 1,000 answers. */
const kept = answerCache(1000);

module.exports = ({ pool, authenticate }) => ({
  'GET /v1/analytics/full': async (req, query) => {
    const a = await authenticate(req);
    const range = fyRange(query);
    const version = await dataVersion(pool, a.id);
    return kept(`full:${a.id}:${range ? range.year : 'all'}:${kolkataToday()}:${version}`, () => computeFull(pool, a, range));
  },
});

/** The nine aggregates of the full analytics answer, folded. */
async function computeFull(pool, a, range) {
  const p = (column) => (range ? { sql: ` AND ${column} BETWEEN ? AND ?`, params: [range.from, range.to] } : { sql: '', params: [] });
  const today = kolkataToday();
  const run = (sql, params) => pool.query(sql, params).then(([rows]) => rows);
  const inv = p('invoice_date');
  const cn = p('credit_note_date');
  const pf = p('proforma_date');
  const ex = p('expense_date');
  const ii = p('i.invoice_date');
  const pay = p('payment_date');
  const dn = p('debit_note_date');
  // The API reads a year's invoices through ix_invoices_analytics (SqlAnalyticsReader, invoicesOf).
  const invoicesTable = range ? 'invoices FORCE INDEX (ix_invoices_analytics)' : 'invoices';
  const [invoices, notes, receivables, [receipts], proforma, [expenses], gst, [inventory], sold] = await Promise.all([
    run(
      `SELECT status, DATE_FORMAT(invoice_date, '%Y-%m') AS month, COUNT(*) AS count, SUM(total_amount) AS total, COALESCE(SUM(tds_amount), 0) AS tds
       FROM ${invoicesTable} WHERE account_id = ?${inv.sql} GROUP BY status, month`,
      [a.id, ...inv.params],
    ),
    run(
      `SELECT status, DATE_FORMAT(credit_note_date, '%Y-%m') AS month, COUNT(*) AS count, SUM(total_amount) AS total, 0 AS tds
       FROM credit_notes WHERE account_id = ?${cn.sql} GROUP BY status, month`,
      [a.id, ...cn.params],
    ),
    run(
      `SELECT CASE WHEN DATEDIFF(?, invoice_date) <= 30 THEN '0_30' WHEN DATEDIFF(?, invoice_date) <= 60 THEN '31_60'
                   WHEN DATEDIFF(?, invoice_date) <= 90 THEN '61_90' ELSE '90_plus' END AS bucket,
              (payment_due_date < ?) AS overdue, COUNT(*) AS count, SUM(total_amount - COALESCE(tds_amount, 0) - paid_amount) AS amount
       FROM ${invoicesTable} WHERE account_id = ? AND status IN ${COUNTED} AND payment_status <> 'paid'${inv.sql}
       GROUP BY bucket, overdue`,
      [today, today, today, today, a.id, ...inv.params],
    ),
    run(
      `SELECT (SELECT COALESCE(SUM(amount), 0) FROM payments WHERE account_id = ? AND currency = 'INR'${pay.sql}) AS received,
              (SELECT COALESCE(SUM(ROUND((total_amount - COALESCE(tds_amount, 0) - paid_amount) * CASE WHEN currency = 'INR' THEN 1 ELSE exchange_rate END, 2)), 0)
                 FROM ${invoicesTable} WHERE account_id = ? AND status IN ${COUNTED} AND payment_status <> 'paid'${inv.sql}) AS invoices,
              (SELECT COALESCE(SUM(ROUND((total_amount - paid_amount) * CASE WHEN currency = 'INR' THEN 1 ELSE exchange_rate END, 2)), 0)
                 FROM debit_notes WHERE account_id = ? AND status IN ${COUNTED} AND payment_status <> 'paid'${dn.sql}) AS debitNotes`,
      [a.id, ...pay.params, a.id, ...inv.params, a.id, ...dn.params],
    ),
    run(
      `SELECT approval_status AS status, COUNT(*) AS count, SUM(total_amount) AS total
       FROM proforma_invoices WHERE account_id = ?${pf.sql} GROUP BY approval_status`,
      [a.id, ...pf.params],
    ),
    run(
      `SELECT COUNT(*) AS count, COALESCE(SUM(expense_amount), 0) AS total, COALESCE(SUM(tds_amount), 0) AS tds,
              COALESCE(SUM(CASE WHEN tds_deposited_on IS NOT NULL THEN tds_amount END), 0) AS tdsDeposited
       FROM expenses WHERE account_id = ? AND expense_status <> 'cancelled'${ex.sql}`,
      [a.id, ...ex.params],
    ),
    run(
      `SELECT DATE_FORMAT(i.invoice_date, '%Y-%m') AS month, it.tax_rate AS rate, (c.gstin IS NOT NULL AND c.gstin <> '') AS b2b,
              SUM(it.total_amount - it.cgst_amount - it.sgst_amount - it.igst_amount) AS taxable,
              SUM(it.cgst_amount) AS cgst, SUM(it.sgst_amount) AS sgst, SUM(it.igst_amount) AS igst, SUM(it.cess_amount) AS cess
       FROM ${range ? 'invoices i FORCE INDEX (ix_invoices_analytics)' : 'invoices i'} JOIN invoice_items it ON it.invoice_id = i.id
       LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id
       WHERE i.account_id = ? AND i.status IN ${COUNTED}${ii.sql}
       GROUP BY month, rate, b2b`,
      [a.id, ...ii.params],
    ),
    run(
      `SELECT COUNT(*) AS items, COALESCE(SUM(type = 'product'), 0) AS products, COALESCE(SUM(type = 'service'), 0) AS services,
              COALESCE(SUM(CASE WHEN type = 'product' AND quantity > 0 THEN quantity * rate ELSE 0 END), 0) AS stockValue
       FROM inventory_items WHERE account_id = ?`,
      [a.id],
    ),
    run(
      `SELECT it.inventory_id AS inventoryId, MAX(inv.name) AS name, SUM(it.quantity) AS units,
              SUM(it.total_amount - it.cgst_amount - it.sgst_amount - it.igst_amount) AS amount
       FROM invoice_items it
       JOIN invoices i ON i.id = it.invoice_id AND i.account_id = it.account_id
       JOIN inventory_items inv ON inv.id = it.inventory_id AND inv.account_id = it.account_id
       WHERE it.account_id = ? AND it.inventory_id IS NOT NULL AND i.status IN ${COUNTED}${ii.sql}
       GROUP BY it.inventory_id ORDER BY units DESC, it.inventory_id`,
      [a.id, ...ii.params],
    ),
  ]);
  // The answer in the API's shape (AnalyticsService.computeFull), folded in plain numbers rounded to the paisa.
  const r2 = (n) => Math.round(n * 100) / 100;
  const counted = (r) => r.status === 'issued' || r.status === 'archived';
  const sumOf = (rows, key, keep = () => true) => rows.filter(keep).reduce((s, r) => s + Number(r[key]), 0);
  const byStatus = (rows) =>
    Object.fromEntries(
      STATUSES.map((st) => [st, { count: sumOf(rows, 'count', (r) => r.status === st), amount: r2(sumOf(rows, 'total', (r) => r.status === st)) }]),
    );
  const invoiced = sumOf(invoices, 'total', counted);
  const credited = sumOf(notes, 'total', counted);
  const months = new Map(range ? fiscalMonths(range.year).map((m) => [m, { invoiced: 0, credited: 0 }]) : []);
  const at = (m) => months.get(m) || months.set(m, { invoiced: 0, credited: 0 }).get(m);
  for (const r of invoices) if (counted(r)) at(r.month).invoiced += Number(r.total);
  for (const r of notes) if (counted(r)) at(r.month).credited += Number(r.total);
  const taxSum = () => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 });
  const addTax = (sum, r) => {
    for (const k of ['taxable', 'cgst', 'sgst', 'igst', 'cess']) sum[k] += Number(r[k]);
  };
  const presentTax = (t) => ({
    taxable_value: r2(t.taxable),
    cgst: r2(t.cgst),
    sgst: r2(t.sgst),
    igst: r2(t.igst),
    total_tax: r2(t.cgst + t.sgst + t.igst),
    cess: r2(t.cess),
  });
  const total = taxSum();
  const b2b = taxSum();
  const b2c = taxSum();
  const byRate = new Map();
  const byMonth = new Map();
  const into = (map, key) => map.get(key) || map.set(key, taxSum()).get(key);
  for (const r of gst) {
    addTax(total, r);
    addTax(into(byRate, Number(r.rate)), r);
    addTax(into(byMonth, r.month), r);
    addTax(Number(r.b2b) === 1 ? b2b : b2c, r);
  }
  const ageRows = (bucket) => receivables.filter((r) => r.bucket === bucket);
  const pending = Number(expenses.tds) - Number(expenses.tdsDeposited);
  return {
    fy_start_year: range ? range.year : null,
    period: range ? { from: range.from, to: range.to } : null,
    invoices: { total: sumOf(invoices, 'count', counted), invoiced_amount: r2(invoiced), revenue: r2(invoiced - credited), by_status: byStatus(invoices) },
    expenses: { total: r2(Number(expenses.total)), count: Number(expenses.count) },
    received: r2(Number(receipts.received)),
    outstanding: r2(Number(receipts.invoices) + Number(receipts.debitNotes)),
    receivables: {
      outstanding: r2(sumOf(receivables, 'amount')),
      outstanding_invoices: sumOf(receivables, 'count'),
      overdue: r2(sumOf(receivables, 'amount', (r) => Number(r.overdue) === 1)),
      overdue_invoices: sumOf(receivables, 'count', (r) => Number(r.overdue) === 1),
      by_age: Object.fromEntries(AGE_BUCKETS.map((b) => [b, { count: sumOf(ageRows(b), 'count'), amount: r2(sumOf(ageRows(b), 'amount')) }])),
    },
    monthly_revenue: [...months.keys()].sort().map((month) => ({
      month,
      invoiced: r2(months.get(month).invoiced),
      credit_notes: r2(months.get(month).credited),
      revenue: r2(months.get(month).invoiced - months.get(month).credited),
    })),
    credit_notes: { total: sumOf(notes, 'count', counted), amount: r2(credited), by_status: byStatus(notes) },
    proforma_invoices: {
      total: sumOf(proforma, 'count'),
      amount: r2(sumOf(proforma, 'total')),
      by_approval_status: Object.fromEntries(
        APPROVALS.map((st) => [st, { count: sumOf(proforma, 'count', (r) => r.status === st), amount: r2(sumOf(proforma, 'total', (r) => r.status === st)) }]),
      ),
    },
    tds: {
      receivable: { amount: r2(sumOf(invoices, 'tds', counted)) },
      payable: { amount: r2(Number(expenses.tds)), deposited: r2(Number(expenses.tdsDeposited)), pending: r2(pending) },
    },
    gst: {
      ...presentTax(total),
      by_rate: [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, t]) => ({ rate, ...presentTax(t) })),
      by_month: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, t]) => ({ month, ...presentTax(t) })),
      b2b: presentTax(b2b),
      b2c: presentTax(b2c),
    },
    inventory: {
      enabled: true,
      summary: {
        items: Number(inventory.items),
        products: Number(inventory.products),
        services: Number(inventory.services),
        stock_value: r2(Number(inventory.stockValue)),
        units_sold_fy: sumOf(sold, 'units'),
      },
      top_sold_products: sold
        .slice(0, 5)
        .map((r) => ({ inventory_id: Number(r.inventoryId), name: r.name, units_sold: Number(r.units), taxable_value: r2(Number(r.amount)) })),
    },
  };
}
