import Decimal from 'decimal.js';
import { money2, toDecimal } from '../shared/money';
import { hsnSummary } from '../tax/hsn-summary';
import { CaSyncPeriod } from './ca-sync-period';
import { CaSyncData, CaSyncInvoiceLine, CaSyncTds } from './ca-sync-data';
import { CaSyncSheet, CaSyncWorkbook, date, money, rate, SheetRow, tabulate, text } from './ca-sync-sheet';

export type { CaSyncData, CaSyncExpense, CaSyncInvoice, CaSyncInvoiceLine, CaSyncNote, CaSyncTds } from './ca-sync-data';
export type { CaSyncSheet, CaSyncTotals, CaSyncWorkbook, CellKind, SheetColumn, SheetRow } from './ca-sync-sheet';

type Split = { taxable: Decimal; cgst: Decimal; sgst: Decimal; igst: Decimal };
const zero = (): Split => ({ taxable: toDecimal(0), cgst: toDecimal(0), sgst: toDecimal(0), igst: toDecimal(0) });
const tax = (s: Split) => s.cgst.plus(s.sgst).plus(s.igst);
function addLine(into: Split, line: CaSyncInvoiceLine): void {
  const cgst = toDecimal(money2(line.cgst));
  const sgst = toDecimal(money2(line.sgst));
  const igst = toDecimal(money2(line.igst));
  into.taxable = into.taxable.plus(toDecimal(money2(line.lineTotal)).minus(cgst).minus(sgst).minus(igst));
  into.cgst = into.cgst.plus(cgst);
  into.sgst = into.sgst.plus(sgst);
  into.igst = into.igst.plus(igst);
}
const splitCells = (s: Split): SheetRow => [money2(s.taxable), money2(s.cgst), money2(s.sgst), money2(s.igst), money2(tax(s))];
const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(toDecimal(v)), toDecimal(0));
const byDateThenNumber = <T extends { date: string; number: string }>(a: T, b: T) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0;

/**
 * The accountant's workbook of one period: a sales register (one row per invoice with its taxable value
 * and CGST/SGST/IGST from its lines), credit and debit notes, the HSN/SAC summary, the GST summary per
 * rate, expenses and TDS, each with totals. Amounts are decimals rounded to paise per line, so the
 * totals equal the sums of the rows.
 */
export function buildCaSyncWorkbook(period: CaSyncPeriod, data: CaSyncData): CaSyncWorkbook {
  const invoices = [...data.invoices].sort(byDateThenNumber);
  const counted = new Set(invoices.map((i) => i.id));
  const lines = data.lines.filter((l) => counted.has(l.invoiceId));

  const perInvoice = new Map<number, Split>();
  const perRate = new Map<string, { rate: Decimal; split: Split; invoices: Set<number> }>();
  const all = zero();
  for (const line of lines) {
    const split = perInvoice.get(line.invoiceId) ?? zero();
    perInvoice.set(line.invoiceId, split);
    addLine(split, line);
    addLine(all, line);
    const r = toDecimal(line.taxRate);
    const key = r.toFixed();
    const group = perRate.get(key) ?? { rate: r, split: zero(), invoices: new Set<number>() };
    perRate.set(key, group);
    addLine(group.split, line);
    group.invoices.add(line.invoiceId);
  }
  const invoiceValue = sum(invoices.map((i) => money2(i.total)));

  const sales: CaSyncSheet = {
    name: 'Sales register',
    file: 'sales-register.csv',
    columns: [
      text('Invoice number'),
      date('Invoice date'),
      text('Client'),
      text('Client GSTIN'),
      text('Place of supply'),
      text('Invoice type'),
      text('Status'),
      money('Taxable value'),
      money('CGST'),
      money('SGST'),
      money('IGST'),
      money('Total tax'),
      money('Invoice value'),
    ],
    rows: invoices.map((i) => [
      i.number,
      i.date,
      i.clientName,
      i.clientGstin,
      i.placeOfSupply,
      i.invoiceType,
      i.status,
      ...splitCells(perInvoice.get(i.id) ?? zero()),
      money2(i.total),
    ]),
    totals: [[`Total (${invoices.length} invoices)`, null, null, null, null, null, null, ...splitCells(all), money2(invoiceValue)]],
  };

  const notes = [...data.notes].sort((a, b) => (a.kind !== b.kind ? (a.kind === 'credit' ? -1 : 1) : byDateThenNumber(a, b)));
  const creditTotal = sum(notes.filter((n) => n.kind === 'credit').map((n) => money2(n.amount)));
  const debitTotal = sum(notes.filter((n) => n.kind === 'debit').map((n) => money2(n.amount)));
  const noteSheet: CaSyncSheet = {
    name: 'Credit and debit notes',
    file: 'credit-debit-notes.csv',
    ...tabulate(notes, [
      [text('Type'), (n) => (n.kind === 'credit' ? 'Credit note' : 'Debit note')],
      [text('Note number'), (n) => n.number],
      [date('Note date'), (n) => n.date],
      [text('Client'), (n) => n.clientName],
      [text('Client GSTIN'), (n) => n.clientGstin],
      [text('Against invoice'), (n) => n.againstInvoice],
      [text('Status'), (n) => n.status],
      [money('Amount'), (n) => money2(n.amount)],
    ]),
    totals: [
      ['Total credit notes', null, null, null, null, null, null, money2(creditTotal)],
      ['Total debit notes', null, null, null, null, null, null, money2(debitTotal)],
    ],
  };

  const hsn = hsnSummary(
    lines.map((l) => ({
      hsnCode: l.hsnCode,
      taxable: toDecimal(l.lineTotal).minus(l.cgst).minus(l.sgst).minus(l.igst).toFixed(2),
      taxRate: l.taxRate,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
    })),
  );
  const hsnSheet: CaSyncSheet = {
    name: 'HSN summary',
    file: 'hsn-summary.csv',
    columns: [text('HSN/SAC'), rate('GST rate %'), money('Taxable value'), money('CGST'), money('SGST'), money('IGST'), money('Total tax')],
    rows: hsn.rows.map((r) => [r.hsnCode, r.taxRate, r.taxable, r.cgst, r.sgst, r.igst, r.totalTax]),
    totals: [['Total', null, hsn.total.taxable, hsn.total.cgst, hsn.total.sgst, hsn.total.igst, hsn.total.totalTax]],
  };

  const rates = [...perRate.values()].sort((a, b) => a.rate.comparedTo(b.rate));
  const gstSheet: CaSyncSheet = {
    name: 'GST summary',
    file: 'gst-summary.csv',
    columns: [
      rate('GST rate %'),
      { header: 'Invoices', kind: 'count' },
      money('Taxable value'),
      money('CGST'),
      money('SGST'),
      money('IGST'),
      money('Total tax'),
    ],
    rows: rates.map((g) => [money2(g.rate), String(g.invoices.size), ...splitCells(g.split)]),
    totals: [['Total', String(invoices.length), ...splitCells(all)]],
  };

  const expenses = [...data.expenses].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const expenseTotal = sum(expenses.map((e) => money2(e.amount)));
  const expenseTds = sum(expenses.map((e) => money2(e.tdsAmount ?? 0)));
  const expenseSheet: CaSyncSheet = {
    name: 'Expenses',
    file: 'expenses.csv',
    ...tabulate(expenses, [
      [date('Date'), (e) => e.date],
      [text('Description'), (e) => e.description],
      [text('Category'), (e) => e.category],
      [text('Vendor'), (e) => e.vendorName],
      [text('Vendor PAN'), (e) => e.vendorPan],
      [text('Payment method'), (e) => e.paymentMethod],
      [text('Status'), (e) => e.status],
      [money('Amount'), (e) => money2(e.amount)],
      [text('TDS section'), (e) => e.tdsSection],
      [money('TDS amount'), (e) => (e.tdsAmount === null ? null : money2(e.tdsAmount))],
    ]),
    totals: [[`Total (${expenses.length} expenses)`, null, null, null, null, null, null, money2(expenseTotal), null, money2(expenseTds)]],
  };

  const tds = [...data.tds].sort((a, b) =>
    a.direction !== b.direction ? (a.direction === 'receivable' ? -1 : 1) : a.date < b.date ? -1 : a.date > b.date ? 1 : a.reference < b.reference ? -1 : 1,
  );
  const tdsTotal = (direction: CaSyncTds['direction']) => money2(sum(tds.filter((t) => t.direction === direction).map((t) => money2(t.amount))));
  const tdsSheet: CaSyncSheet = {
    name: 'TDS',
    file: 'tds.csv',
    ...tabulate(tds, [
      [text('Direction'), (t) => (t.direction === 'receivable' ? 'Deducted by client' : 'Deducted from vendor')],
      [date('Date'), (t) => t.date],
      [text('Reference'), (t) => t.reference],
      [text('Party'), (t) => t.party],
      [text('PAN'), (t) => t.pan],
      [text('Section'), (t) => t.section],
      [rate('Rate %'), (t) => (t.rate === null ? null : money2(t.rate))],
      [money('TDS amount'), (t) => money2(t.amount)],
      [text('Challan number'), (t) => t.challanNumber],
      [date('Deposited on'), (t) => t.depositedOn],
    ]),
    totals: [
      ['Total deducted by clients', null, null, null, null, null, null, tdsTotal('receivable'), null, null],
      ['Total deducted from vendors', null, null, null, null, null, null, tdsTotal('payable'), null, null],
    ],
  };

  return {
    period,
    sheets: [sales, noteSheet, hsnSheet, gstSheet, expenseSheet, tdsSheet],
    totals: {
      invoices: invoices.length,
      taxable: money2(all.taxable),
      cgst: money2(all.cgst),
      sgst: money2(all.sgst),
      igst: money2(all.igst),
      invoiceValue: money2(invoiceValue),
      creditNotes: money2(creditTotal),
      debitNotes: money2(debitTotal),
      expenses: money2(expenseTotal),
    },
  };
}
