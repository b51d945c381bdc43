import {
  AgeBucket,
  AnalyticsReader,
  AnalyticsScope,
  ExpenseTotals,
  GstRow,
  InventoryTotals,
  ReceiptTotals,
  ReceivableRow,
  SoldProductRow,
  StatusMonthRow,
  StatusRow,
} from '@app/domain/analytics/analytics-reader.port';
import { Database } from '../database/database';

const COUNTED = "('issued', 'archived')";

/**
 * The taxable value of an invoice line as GSTR-1, the e-invoice and the PDF take it: the value the tax engine
 * stored (after the line's share of the header discount); on lines stored before it was kept, the line total
 * less its tax.
 */
const LINE_TAXABLE = 'COALESCE(it.taxable_value, it.total_amount - it.cgst_amount - it.sgst_amount - it.igst_amount)';

/**
 * An amount of a header row in rupees (CGST Rules, rule 34; docs/gst.md, "Foreign currency"): as stored on an INR
 * document, times the exchange rate rounded half-up to the paisa on a document in another currency (as GSTR-1 and
 * the e-invoice convert it), NULL on one without an exchange rate, which SUM leaves out.
 */
function inRupees(amount: string, alias = ''): string {
  return `ROUND(${amount} * CASE WHEN ${alias}currency = 'INR' THEN 1 ELSE ${alias}exchange_rate END, 2)`;
}

/** The sum of a header amount in rupees (0 when no row has one). */
const sumRupees = (amount: string, alias = '') => `COALESCE(SUM(${inRupees(amount, alias)}), 0)`;

/** `AND <column> BETWEEN ? AND ?` for a financial year, nothing for all time. */
function period(scope: AnalyticsScope, column: string): { sql: string; params: unknown[] } {
  if (!scope.from || !scope.to) return { sql: '', params: [] };
  return { sql: ` AND ${column} BETWEEN ? AND ?`, params: [scope.from, scope.to] };
}

/**
 * The invoices table of a statement over a period: read through `ix_invoices_analytics` (account, date, and every
 * column these statements take from an invoice), so that a year's figures read that year's entries only. Left to
 * itself the optimizer prefers `ix_invoices_receivable` by account alone and reads every invoice the account ever
 * issued, which grows with the history rather than with the year (docs/benchmarks.md, "Scale table"). Without a
 * period the whole account is read either way and the choice is left to the optimizer.
 */
function invoicesOf(scope: AnalyticsScope, alias = ''): string {
  const name = alias ? `invoices ${alias}` : 'invoices';
  return scope.from && scope.to ? `${name} FORCE INDEX (ix_invoices_analytics)` : name;
}

/**
 * Analytics as aggregate SQL, amounts in rupees (inRupees): each method is one statement that the (account_id, date) indexes of
 * the migrations serve (the analytics indexes cover every column these statements read).
 */
export class SqlAnalyticsReader extends AnalyticsReader {
  constructor(private readonly db: Database) {
    super();
  }

  invoicesByStatusAndMonth(scope: AnalyticsScope): Promise<StatusMonthRow[]> {
    const p = period(scope, 'invoice_date');
    return this.db.query(
      `SELECT status, DATE_FORMAT(invoice_date, '%Y-%m') AS month, COUNT(*) AS count, ${sumRupees('total_amount')} AS total,
              ${sumRupees('COALESCE(tds_amount, 0)')} AS tds
       FROM ${invoicesOf(scope)} WHERE account_id = ?${p.sql} GROUP BY status, month`,
      [scope.accountId, ...p.params],
    );
  }

  creditNotesByStatusAndMonth(scope: AnalyticsScope): Promise<StatusMonthRow[]> {
    const p = period(scope, 'credit_note_date');
    return this.db.query(
      `SELECT status, DATE_FORMAT(credit_note_date, '%Y-%m') AS month, COUNT(*) AS count, ${sumRupees('total_amount')} AS total, 0 AS tds
       FROM credit_notes WHERE account_id = ?${p.sql} GROUP BY status, month`,
      [scope.accountId, ...p.params],
    );
  }

  async receivables(scope: AnalyticsScope): Promise<ReceivableRow[]> {
    const p = period(scope, 'invoice_date');
    const rows = await this.db.query<{ bucket: AgeBucket; overdue: number | string; count: number; amount: string }>(
      `SELECT CASE WHEN DATEDIFF(?, invoice_date) <= 30 THEN '0_30' WHEN DATEDIFF(?, invoice_date) <= 60 THEN '31_60'
                   WHEN DATEDIFF(?, invoice_date) <= 90 THEN '61_90' ELSE '90_plus' END AS bucket,
              (payment_due_date < ?) AS overdue, COUNT(*) AS count,
              ${sumRupees('(total_amount - COALESCE(tds_amount, 0) - paid_amount)')} AS amount
       FROM ${invoicesOf(scope)} WHERE account_id = ? AND status IN ${COUNTED} AND payment_status <> 'paid'${p.sql}
       GROUP BY bucket, overdue`,
      [scope.today, scope.today, scope.today, scope.today, scope.accountId, ...p.params],
    );
    return rows.map((r) => ({ ...r, overdue: Number(r.overdue) === 1 }));
  }

  /**
   * One statement of three scalar reads: the cash of the period's payments (in rupees; a payment in another currency
   * has no exchange rate of its own and is left out), and the balance of the period's issued and archived invoices and
   * debit notes (a paid one has none), each converted at its own exchange rate as the other figures are.
   */
  async receipts(scope: AnalyticsScope): Promise<ReceiptTotals> {
    const pay = period(scope, 'payment_date');
    const inv = period(scope, 'invoice_date');
    const dn = period(scope, 'debit_note_date');
    const due = (table: string, tds: string, p: { sql: string }) =>
      `(SELECT ${sumRupees(`(total_amount - ${tds} - paid_amount)`)} FROM ${table}
         WHERE account_id = ? AND status IN ${COUNTED} AND payment_status <> 'paid'${p.sql})`;
    const [row] = await this.db.query<ReceiptTotals>(
      `SELECT (SELECT COALESCE(SUM(amount), 0) FROM payments WHERE account_id = ? AND currency = 'INR'${pay.sql}) AS received,
              ${due(invoicesOf(scope), 'COALESCE(tds_amount, 0)', inv)} AS outstandingInvoices,
              ${due('debit_notes', '0', dn)} AS outstandingDebitNotes`,
      [scope.accountId, ...pay.params, scope.accountId, ...inv.params, scope.accountId, ...dn.params],
    );
    return row;
  }

  proformaByApproval(scope: AnalyticsScope): Promise<StatusRow[]> {
    const p = period(scope, 'proforma_date');
    return this.db.query(
      `SELECT approval_status AS status, COUNT(*) AS count, ${sumRupees('total_amount')} AS total
       FROM proforma_invoices WHERE account_id = ?${p.sql} GROUP BY approval_status`,
      [scope.accountId, ...p.params],
    );
  }

  async expenses(scope: AnalyticsScope): Promise<ExpenseTotals> {
    const p = period(scope, 'expense_date');
    const [row] = await this.db.query<ExpenseTotals>(
      `SELECT COUNT(*) AS count, COALESCE(SUM(expense_amount), 0) AS total, COALESCE(SUM(tds_amount), 0) AS tds,
              COALESCE(SUM(CASE WHEN tds_deposited_on IS NOT NULL THEN tds_amount END), 0) AS tdsDeposited
       FROM expenses WHERE account_id = ? AND expense_status <> 'cancelled'${p.sql}`,
      [scope.accountId, ...p.params],
    );
    return row;
  }

  async gst(scope: AnalyticsScope): Promise<GstRow[]> {
    const p = period(scope, 'i.invoice_date');
    const rows = await this.db.query<Omit<GstRow, 'b2b'> & { b2b: number | string }>(
      `SELECT DATE_FORMAT(i.invoice_date, '%Y-%m') AS month, it.tax_rate AS rate,
              (c.gstin IS NOT NULL AND c.gstin <> '') AS b2b,
              ${sumRupees(LINE_TAXABLE, 'i.')} AS taxable, ${sumRupees('it.cgst_amount', 'i.')} AS cgst,
              ${sumRupees('it.sgst_amount', 'i.')} AS sgst, ${sumRupees('it.igst_amount', 'i.')} AS igst,
              ${sumRupees('it.cess_amount', 'i.')} AS cess
       FROM ${invoicesOf(scope, 'i')}
       JOIN invoice_items it ON it.invoice_id = i.id
       LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id
       WHERE i.account_id = ? AND i.status IN ${COUNTED}${p.sql}
       GROUP BY month, rate, b2b`,
      [scope.accountId, ...p.params],
    );
    return rows.map((r) => ({ ...r, b2b: Number(r.b2b) === 1 }));
  }

  async inventory(accountId: number): Promise<InventoryTotals> {
    const [row] = await this.db.query<InventoryTotals>(
      `SELECT COUNT(*) AS items, COALESCE(SUM(type = 'product'), 0) AS products, COALESCE(SUM(type = 'service'), 0) AS services,
              COALESCE(SUM(CASE WHEN type = 'product' AND quantity > 0 THEN quantity * rate ELSE 0 END), 0) AS stockValue
       FROM inventory_items WHERE account_id = ?`,
      [accountId],
    );
    return row;
  }

  soldProducts(scope: AnalyticsScope): Promise<SoldProductRow[]> {
    const p = period(scope, 'i.invoice_date');
    return this.db.query(
      `SELECT it.inventory_id AS inventoryId, MAX(inv.name) AS name, SUM(it.quantity) AS units,
              ${sumRupees(LINE_TAXABLE, 'i.')} AS amount
       FROM invoice_items it
       JOIN invoices i ON i.id = it.invoice_id AND i.account_id = it.account_id
       JOIN inventory_items inv ON inv.id = it.inventory_id AND inv.account_id = it.account_id
       WHERE it.account_id = ? AND it.inventory_id IS NOT NULL AND i.status IN ${COUNTED}${p.sql}
       GROUP BY it.inventory_id ORDER BY units DESC, it.inventory_id`,
      [scope.accountId, ...p.params],
    );
  }

  /** Moved by every writing transaction of the tables the analytics read (shared/data-version.ts); 0 before any write. */
  async dataVersion(accountId: number): Promise<string> {
    const rows = await this.db.query<{ version: string | number }>('SELECT version FROM analytics_versions WHERE account_id = ?', [accountId]);
    return String(rows[0]?.version ?? 0);
  }
}
