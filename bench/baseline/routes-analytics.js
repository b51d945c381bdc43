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
              SUM(it.cgst_amount) AS cgst, SUM(it.sgst_amount) AS sgst, SUM(it.igst_amount) AS igst
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
  const counted = (r) => r.status === 'issued' || r.status === 'archived';
  const sum = (rows, key, keep = () => true) => rows.filter(keep).reduce((s, r) => s + Number(r[key]), 0);
  const invoiced = sum(invoices, 'total', counted);
  const monthly = {};
  for (const r of invoices) if (counted(r)) monthly[r.month] = (monthly[r.month] || 0) + Number(r.total);
  const gstByRate = {};
  for (const r of gst) {
    const g = (gstByRate[r.rate] = gstByRate[r.rate] || { taxable: 0, cgst: 0, sgst: 0, igst: 0 });
    for (const k of ['taxable', 'cgst', 'sgst', 'igst']) g[k] += Number(r[k]);
  }
  return {
    fy_start_year: range ? range.year : null,
    invoices: { total: sum(invoices, 'count', counted), invoiced_amount: invoiced, revenue: invoiced - sum(notes, 'total', counted) },
    expenses: { total: Number(expenses.total), count: Number(expenses.count) },
    received: Number(receipts.received),
    outstanding: Number(receipts.invoices) + Number(receipts.debitNotes),
    receivables: { outstanding: sum(receivables, 'amount'), overdue: sum(receivables, 'amount', (r) => Number(r.overdue) === 1) },
    monthly_revenue: monthly,
    tds: { receivable: sum(invoices, 'tds', counted), payable: Number(expenses.tds), deposited: Number(expenses.tdsDeposited) },
    proforma: { count: sum(proforma, 'count'), total: sum(proforma, 'total') },
    gst: gstByRate,
    inventory: { enabled: true, summary: { ...inventory, units_sold_fy: sum(sold, 'units') }, top_sold_products: sold.slice(0, 5) },
  };
}
