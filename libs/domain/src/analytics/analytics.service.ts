import Decimal from 'decimal.js';
import { Clock } from '../shared/clock.port';
import { fiscalYearRange, kolkataDate } from '../shared/fiscal-year';
import { toDecimal, toNumber2 } from '../shared/money';
import { AGE_BUCKETS, AnalyticsReader, AnalyticsScope, GstRow, ReceiptTotals, StatusMonthRow, StatusRow } from './analytics-reader.port';
import { AnswerCache } from './answer-cache';

/** Statuses whose documents count as revenue (drafts and cancelled documents do not). */
export const COUNTED_STATUSES = ['issued', 'archived'] as const;
const DOCUMENT_STATUSES = ['draft', 'issued', 'cancelled', 'archived'] as const;
const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
const TOP_PRODUCTS = 5;

const zero = () => new Decimal(0);
const counted = (status: string) => (COUNTED_STATUSES as readonly string[]).includes(status);
const n2 = (d: Decimal) => toNumber2(d);
const units = (d: Decimal) => Number(d.toDecimalPlaces(3).toFixed(3));

class Sum {
  count = 0;
  total = zero();
  add(count: number, amount: string): void {
    this.count += Number(count);
    this.total = this.total.plus(toDecimal(amount));
  }
}

class TaxSum {
  taxable = zero();
  cgst = zero();
  sgst = zero();
  igst = zero();
  cess = zero();
  add(r: GstRow): void {
    this.taxable = this.taxable.plus(toDecimal(r.taxable));
    this.cgst = this.cgst.plus(toDecimal(r.cgst));
    this.sgst = this.sgst.plus(toDecimal(r.sgst));
    this.igst = this.igst.plus(toDecimal(r.igst));
    this.cess = this.cess.plus(toDecimal(r.cess));
  }
  /** `total_tax` is the GST (CGST, SGST and IGST); the compensation cess is its own figure beside it. */
  present() {
    const tax = this.cgst.plus(this.sgst).plus(this.igst);
    return {
      taxable_value: n2(this.taxable),
      cgst: n2(this.cgst),
      sgst: n2(this.sgst),
      igst: n2(this.igst),
      total_tax: n2(tax),
      cess: n2(this.cess),
    };
  }
}

function group<K extends string, V>(keys: readonly K[], make: () => V): Record<K, V> {
  return Object.fromEntries(keys.map((k) => [k, make()])) as Record<K, V>;
}

/** The twelve months (Y-m) of a financial year, April first. */
function fiscalMonths(startYear: number): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    const year = month >= 4 ? startYear : startYear + 1;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

/**
 * Analytics of an account: for a financial year or all time. Revenue is the sum of the totals of
 * issued and archived invoices less the totals of issued and archived credit notes of the same period.
 * With a cache, answers are kept per (account, period, Kolkata date, data version of the account): the
 * version is read first, so an answer is only reused while no write has touched the account's data.
 */
export class AnalyticsService {
  constructor(
    private readonly reader: AnalyticsReader,
    private readonly clock: Clock,
    private readonly cache?: AnswerCache,
  ) {}

  private async cached<T>(kind: string, scope: AnalyticsScope, fyStartYear: number | undefined, compute: () => Promise<T>): Promise<T> {
    if (!this.cache) return compute();
    const version = await this.reader.dataVersion(scope.accountId);
    return this.cache.get(`${kind}:${scope.accountId}:${fyStartYear ?? 'all'}:${scope.today}:${version}`, compute);
  }

  private scope(accountId: number, fyStartYear?: number): AnalyticsScope {
    const range = fyStartYear === undefined ? null : fiscalYearRange(fyStartYear);
    return { accountId, from: range?.from ?? null, to: range?.to ?? null, today: kolkataDate(this.clock.now()) };
  }

  summary(accountId: number, fyStartYear?: number) {
    const scope = this.scope(accountId, fyStartYear);
    return this.cached('summary', scope, fyStartYear, () => this.computeSummary(scope, fyStartYear));
  }

  full(accountId: number, fyStartYear?: number) {
    const scope = this.scope(accountId, fyStartYear);
    return this.cached('full', scope, fyStartYear, () => this.computeFull(scope, fyStartYear));
  }

  private async computeSummary(scope: AnalyticsScope, fyStartYear?: number) {
    const [invoices, notes, receipts] = await Promise.all([
      this.reader.invoicesByStatusAndMonth(scope),
      this.reader.creditNotesByStatusAndMonth(scope),
      this.reader.receipts(scope),
    ]);
    const inv = countedSum(invoices);
    const cn = countedSum(notes);
    return {
      total_invoices: inv.count,
      total_revenue: n2(inv.total.minus(cn.total)),
      ...receivedAndOutstanding(receipts),
      ...(fyStartYear === undefined ? {} : { fy_start_year: fyStartYear }),
    };
  }

  private async computeFull(scope: AnalyticsScope, fyStartYear?: number) {
    const accountId = scope.accountId;
    const [invoices, notes, receivables, receipts, proforma, expenses, gst, inventory, sold] = await Promise.all([
      this.reader.invoicesByStatusAndMonth(scope),
      this.reader.creditNotesByStatusAndMonth(scope),
      this.reader.receivables(scope),
      this.reader.receipts(scope),
      this.reader.proformaByApproval(scope),
      this.reader.expenses(scope),
      this.reader.gst(scope),
      this.reader.inventory(accountId),
      this.reader.soldProducts(scope),
    ]);
    const inv = countedSum(invoices);
    const cn = countedSum(notes);
    const tds = new Sum();
    for (const r of invoices) if (counted(r.status) && toDecimal(r.tds).gt(0)) tds.total = tds.total.plus(toDecimal(r.tds));

    const outstanding = new Sum();
    const overdue = new Sum();
    const byAge = group(AGE_BUCKETS, () => new Sum());
    for (const r of receivables) {
      outstanding.add(r.count, r.amount);
      byAge[r.bucket].add(r.count, r.amount);
      if (r.overdue) overdue.add(r.count, r.amount);
    }

    const proformaBy = group(APPROVAL_STATUSES, () => new Sum());
    const proformaAll = new Sum();
    for (const r of proforma) {
      proformaAll.add(r.count, r.total);
      if (r.status in proformaBy) proformaBy[r.status as (typeof APPROVAL_STATUSES)[number]].add(r.count, r.total);
    }

    const soldUnits = sold.reduce((acc, r) => acc.plus(toDecimal(r.units)), zero());
    return {
      fy_start_year: fyStartYear ?? null,
      period: scope.from ? { from: scope.from, to: scope.to } : null,
      invoices: {
        total: inv.count,
        invoiced_amount: n2(inv.total),
        revenue: n2(inv.total.minus(cn.total)),
        by_status: byStatus(invoices, DOCUMENT_STATUSES),
      },
      expenses: { total: n2(toDecimal(expenses.total)), count: Number(expenses.count) },
      ...receivedAndOutstanding(receipts),
      receivables: {
        outstanding: n2(outstanding.total),
        outstanding_invoices: outstanding.count,
        overdue: n2(overdue.total),
        overdue_invoices: overdue.count,
        by_age: Object.fromEntries(AGE_BUCKETS.map((b) => [b, { count: byAge[b].count, amount: n2(byAge[b].total) }])),
      },
      monthly_revenue: monthlyRevenue(invoices, notes, fyStartYear),
      credit_notes: { total: cn.count, amount: n2(cn.total), by_status: byStatus(notes, DOCUMENT_STATUSES) },
      proforma_invoices: {
        total: proformaAll.count,
        amount: n2(proformaAll.total),
        by_approval_status: Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, { count: proformaBy[s].count, amount: n2(proformaBy[s].total) }])),
      },
      tds: {
        receivable: { amount: n2(tds.total) },
        payable: {
          amount: n2(toDecimal(expenses.tds)),
          deposited: n2(toDecimal(expenses.tdsDeposited)),
          pending: n2(toDecimal(expenses.tds).minus(toDecimal(expenses.tdsDeposited))),
        },
      },
      gst: gstBreakdown(gst),
      inventory: {
        enabled: true,
        summary: {
          items: Number(inventory.items),
          products: Number(inventory.products),
          services: Number(inventory.services),
          stock_value: n2(toDecimal(inventory.stockValue)),
          units_sold_fy: units(soldUnits),
        },
        top_sold_products: sold.slice(0, TOP_PRODUCTS).map((r) => ({
          inventory_id: Number(r.inventoryId),
          name: r.name,
          units_sold: units(toDecimal(r.units)),
          taxable_value: n2(toDecimal(r.amount)),
        })),
      },
    };
  }
}

/**
 * `received`: the cash of the payments dated in the period; `outstanding`: what the period's invoices and debit notes
 * still have due (docs/analytics.md, "Received and outstanding").
 */
function receivedAndOutstanding(r: ReceiptTotals) {
  return {
    received: n2(toDecimal(r.received)),
    outstanding: n2(toDecimal(r.outstandingInvoices).plus(toDecimal(r.outstandingDebitNotes))),
  };
}

function countedSum(rows: StatusMonthRow[]): Sum {
  const sum = new Sum();
  for (const r of rows) if (counted(r.status)) sum.add(r.count, r.total);
  return sum;
}

function byStatus(rows: Array<StatusMonthRow | StatusRow>, statuses: readonly string[]) {
  const sums = group(statuses, () => new Sum());
  for (const r of rows) if (r.status in sums) sums[r.status].add(r.count, r.total);
  return Object.fromEntries(statuses.map((s) => [s, { count: sums[s].count, amount: n2(sums[s].total) }]));
}

/** Per month: invoiced (issued and archived), credited, and revenue; every month of the FY, or the months with data. */
function monthlyRevenue(invoices: StatusMonthRow[], notes: StatusMonthRow[], fyStartYear?: number) {
  const months = new Map<string, { invoiced: Decimal; credited: Decimal }>();
  const at = (m: string) => {
    let entry = months.get(m);
    if (!entry) months.set(m, (entry = { invoiced: zero(), credited: zero() }));
    return entry;
  };
  if (fyStartYear !== undefined) for (const m of fiscalMonths(fyStartYear)) at(m);
  for (const r of invoices) if (counted(r.status)) at(r.month).invoiced = at(r.month).invoiced.plus(toDecimal(r.total));
  for (const r of notes) if (counted(r.status)) at(r.month).credited = at(r.month).credited.plus(toDecimal(r.total));
  return [...months.keys()].sort().map((month) => {
    const { invoiced, credited } = months.get(month)!;
    return { month, invoiced: n2(invoiced), credit_notes: n2(credited), revenue: n2(invoiced.minus(credited)) };
  });
}

function gstBreakdown(rows: GstRow[]) {
  const total = new TaxSum();
  const byRate = new Map<string, TaxSum>();
  const byMonth = new Map<string, TaxSum>();
  const b2b = new TaxSum();
  const b2c = new TaxSum();
  const into = (map: Map<string, TaxSum>, key: string) => {
    let sum = map.get(key);
    if (!sum) map.set(key, (sum = new TaxSum()));
    return sum;
  };
  for (const r of rows) {
    const rate = toDecimal(r.rate).toFixed(3);
    total.add(r);
    into(byRate, rate).add(r);
    into(byMonth, r.month).add(r);
    (r.b2b ? b2b : b2c).add(r);
  }
  return {
    ...total.present(),
    by_rate: [...byRate.entries()].sort(([a], [b]) => toDecimal(a).comparedTo(toDecimal(b))).map(([rate, sum]) => ({ rate: Number(rate), ...sum.present() })),
    by_month: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, sum]) => ({ month, ...sum.present() })),
    b2b: b2b.present(),
    b2c: b2c.present(),
  };
}
