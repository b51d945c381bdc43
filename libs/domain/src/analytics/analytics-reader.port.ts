/**
 * Aggregate reads behind the analytics answers. Every method is one aggregate SQL statement over the
 * account's rows (amounts come back as exact decimal strings); the service adds them up with decimals.
 */
export interface AnalyticsScope {
  accountId: number;
  /** Inclusive Y-m-d bounds of the period; both null means all time. */
  from: string | null;
  to: string | null;
  /** Today in Asia/Kolkata (ages and overdue are measured from it). */
  today: string;
}

/** Sums per document status and calendar month (`Y-m`). */
export interface StatusMonthRow {
  status: string;
  month: string;
  count: number;
  total: string;
  tds: string;
}

export type AgeBucket = '0_30' | '31_60' | '61_90' | '90_plus';
export const AGE_BUCKETS: readonly AgeBucket[] = ['0_30', '31_60', '61_90', '90_plus'];

export interface ReceivableRow {
  bucket: AgeBucket;
  overdue: boolean;
  count: number;
  amount: string;
}

export interface StatusRow {
  status: string;
  count: number;
  total: string;
}

/** Line tax sums per month, GST rate and recipient kind (registered = B2B). */
export interface GstRow {
  month: string;
  rate: string;
  b2b: boolean;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** Compensation cess of the lines (beside the GST, not part of it). */
  cess: string;
}

export interface InventoryTotals {
  items: number;
  products: number;
  services: number;
  stockValue: string;
}

export interface SoldProductRow {
  inventoryId: number;
  name: string;
  units: string;
  amount: string;
}

export interface ExpenseTotals {
  count: number;
  total: string;
  /** TDS we deducted paying vendors (payable), and the part of it deposited. */
  tds: string;
  tdsDeposited: string;
}

/** What the payments ledger says of the period (docs/analytics.md, "Received and outstanding"), in rupees. */
export interface ReceiptTotals {
  /** Cash of the payments dated in the period (allocated or not). */
  received: string;
  /** Still due on the period's issued and archived invoices (total less TDS less paid). */
  outstandingInvoices: string;
  /** Still due on the period's issued and archived debit notes (total less paid). */
  outstandingDebitNotes: string;
}

export abstract class AnalyticsReader {
  /** Invoices of the period per status and month (count, sum of totals, sum of TDS). */
  abstract invoicesByStatusAndMonth(scope: AnalyticsScope): Promise<StatusMonthRow[]>;
  /** Credit notes of the period per status and month. */
  abstract creditNotesByStatusAndMonth(scope: AnalyticsScope): Promise<StatusMonthRow[]>;
  /** Unpaid amounts (total less TDS less paid) of issued and archived invoices, per age bucket and overdue flag. */
  abstract receivables(scope: AnalyticsScope): Promise<ReceivableRow[]>;
  /** Payments received in the period and what its invoices and debit notes still have due. */
  abstract receipts(scope: AnalyticsScope): Promise<ReceiptTotals>;
  /** Proforma invoices of the period per approval status. */
  abstract proformaByApproval(scope: AnalyticsScope): Promise<StatusRow[]>;
  /** Expenses of the period that are not cancelled. */
  abstract expenses(scope: AnalyticsScope): Promise<ExpenseTotals>;
  /** Line tax of issued and archived invoices of the period. */
  abstract gst(scope: AnalyticsScope): Promise<GstRow[]>;
  abstract inventory(accountId: number): Promise<InventoryTotals>;
  /** Units sold per inventory item on issued and archived invoices of the period, most first. */
  abstract soldProducts(scope: AnalyticsScope): Promise<SoldProductRow[]>;
  /**
   * The account's analytics data version: it changes, in the same transaction, with every write to a row
   * any statement above reads, and never goes back (so an answer computed after reading version v is
   * current for as long as the version stays v).
   */
  abstract dataVersion(accountId: number): Promise<string>;
}
