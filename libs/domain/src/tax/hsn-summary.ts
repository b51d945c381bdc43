import Decimal from 'decimal.js';
import { MoneyInput, money2, toDecimal } from '../shared/money';

export interface HsnLineInput {
  hsnCode: string;
  taxable: MoneyInput;
  taxRate: MoneyInput;
  cgst: MoneyInput;
  sgst: MoneyInput;
  igst: MoneyInput;
}

export interface HsnSummaryRow {
  hsnCode: string;
  taxRate: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  totalTax: string;
}

export type HsnSummaryTotal = Omit<HsnSummaryRow, 'hsnCode' | 'taxRate'>;

const AMOUNT_KEYS = ['taxable', 'cgst', 'sgst', 'igst'] as const;
type AmountKey = (typeof AMOUNT_KEYS)[number];
type Amounts = Record<AmountKey, Decimal>;

/** One value for each of the four amounts. */
function eachAmount<T>(value: (key: AmountKey) => T): Record<AmountKey, T> {
  return { taxable: value('taxable'), cgst: value('cgst'), sgst: value('sgst'), igst: value('igst') };
}

/** Each amount rounded half-up to paise, so rows, their tax totals and the grand total add up exactly. */
const paise = (v: MoneyInput) => toDecimal(money2(v));

function zero(): Amounts {
  return eachAmount(() => toDecimal(0));
}

function add(into: Amounts, from: Amounts): void {
  for (const key of AMOUNT_KEYS) into[key] = into[key].plus(from[key]);
}

function show(a: Amounts): HsnSummaryTotal {
  return { ...eachAmount((key) => money2(a[key])), totalTax: money2(a.cgst.plus(a.sgst).plus(a.igst)) };
}

/**
 * The HSN/SAC-wise summary of a document: one row per (hsn_code, tax_rate), sorted by code (as text,
 * blank first) then rate (numerically). A blank or missing code shows as ''; rates show with 2 decimals
 * ('18.00'). Amounts are rounded to paise per line before they are added.
 */
export function hsnSummary(lines: HsnLineInput[]): { rows: HsnSummaryRow[]; total: HsnSummaryTotal } {
  const groups = new Map<string, { hsn: string; rate: Decimal; amounts: Amounts }>();
  const total = zero();
  for (const line of lines) {
    const hsn = (line.hsnCode ?? '').trim();
    const rate = toDecimal(line.taxRate);
    const key = `${hsn}\u0000${rate.toFixed()}`;
    let group = groups.get(key);
    if (!group) {
      group = { hsn, rate, amounts: zero() };
      groups.set(key, group);
    }
    const amounts = eachAmount((key) => paise(line[key]));
    add(group.amounts, amounts);
    add(total, amounts);
  }
  const rows = [...groups.values()]
    .sort((a, b) => (a.hsn < b.hsn ? -1 : a.hsn > b.hsn ? 1 : a.rate.comparedTo(b.rate)))
    .map((g) => ({ hsnCode: g.hsn, taxRate: money2(g.rate), ...show(g.amounts) }));
  return { rows, total: show(total) };
}
