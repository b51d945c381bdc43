import Decimal from 'decimal.js';
import { money2, toDecimal } from '../shared/money';
import { Gstr1Item, Gstr1ItemDetail, Gstr1Line, Gstr1Note, Gstr1Party } from './gstr1-types';
import { placeOfSupply } from './place-of-supply';

/** The rules GSTR-1 and GSTR-3B share: thresholds by date, the class of a sale, amounts in paise summed by rate. */

/** Version string of the offline tool's format the builder writes. */
export const GSTR1_FORMAT_VERSION = 'GST3.1.6';

/**
 * B2CL threshold by date (invoice value strictly above it): 2,50,000 rupees until 2024-07-31,
 * 1,00,000 from 2024-08-01 (notification 12/2024-CT). Kept as data with effective dates.
 */
export const B2CL_THRESHOLDS: ReadonlyArray<{ from: string; above: string }> = [
  { from: '2017-07-01', above: '250000' },
  { from: '2024-08-01', above: '100000' },
];

/** Digits of the HSN summary by aggregate turnover (notification 78/2020-CT): up to 5 crore 4, above it 6. */
export const HSN_DIGIT_RULES: ReadonlyArray<{ above: string; digits: number }> = [
  { above: '0', digits: 4 },
  { above: '50000000', digits: 6 },
];

/** Place of supply of exports in GSTR-1 ("Other Countries"). */
export const EXPORT_POS = '96';

export function b2clThreshold(date: string): Decimal {
  let above = B2CL_THRESHOLDS[0].above;
  for (const t of B2CL_THRESHOLDS) if (date >= t.from) above = t.above;
  return toDecimal(above);
}

export function hsnDigits(aggregateTurnover: string | null): number {
  const turnover = toDecimal(aggregateTurnover ?? 0);
  let digits = HSN_DIGIT_RULES[0].digits;
  for (const r of HSN_DIGIT_RULES) if (turnover.greaterThan(r.above)) digits = r.digits;
  return digits;
}

/** 'Y-m-d' -> 'dd-mm-yyyy' as the offline tool writes dates. */
export function portalDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/**
 * Amounts are added in whole paise (safe integers: DECIMAL(15,2) stays far below 2^53), not in Decimal:
 * a month of a large account is thousands of lines, and integer sums keep the return well under a second.
 */
export function toPaise(v: string): number {
  const dot = v.indexOf('.');
  // Two decimals at most (what DECIMAL(15,2) columns hold): the double times 100 rounds to the exact paise.
  if (dot === -1 || v.length - dot <= 3) return Math.round(Number(v) * 100) + 0;
  return Math.round(Number(money2(v)) * 100) + 0;
}
/** Thousandths of a quantity (DECIMAL(15,3)) as a safe integer. */
export function toMilli(v: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(v);
  if (!m) return Math.round(Number(v) * 1000);
  const q = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -q : q;
}
/** Paise as a JSON number of rupees (2 decimals at most). */
export const n2 = (paise: number) => Math.round(paise) / 100 + 0;
/** A rate as a JSON number ('18.000' -> 18). */
export const rateNumber = (rate: string) => Number(rate);

/** The class of a sale in GSTR-1. */
export type Gstr1Class = 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'nil';

export interface Classified {
  cls: Gstr1Class;
  pos: string;
  inter: boolean;
  invTyp: 'R' | 'SEWP' | 'SEWOP' | 'DE';
  expTyp: 'WPAY' | 'WOPAY';
}

const sumTax = (lines: Gstr1Line[]) => lines.reduce((s, l) => s + toPaise(l.cgst) + toPaise(l.sgst) + toPaise(l.igst), 0);

/** The supply type a document stores, or the one its invoice type and client give. */
function supplyTypeOf(doc: Gstr1Party, invoiceType: string, withTax: boolean): string {
  if (doc.supplyType) return doc.supplyType;
  if (invoiceType === 'export') return withTax ? 'export_with_payment' : 'export_without_payment';
  if (invoiceType === 'sez') return withTax ? 'sez_with_payment' : 'sez_without_payment';
  return doc.clientGstin ? 'b2b' : 'b2c';
}

/**
 * Which GSTR-1 table a sale (an invoice, or the invoice a note is against) belongs to: exports to EXP,
 * bills of supply to NIL, registered recipients (and SEZ units, deemed exports) to B2B, unregistered
 * inter-state sales above the B2CL threshold of their date to B2CL, the rest to B2CS.
 */
export function classifySale(
  doc: Gstr1Party & { invoiceType: string; date: string; total: string; lines: Gstr1Line[] },
  businessState: string | null,
): Classified {
  const withTax = sumTax(doc.lines) > 0;
  const supply = supplyTypeOf(doc, doc.invoiceType, withTax);
  const derived = placeOfSupply({ ...doc, businessStateCode: businessState }) ?? businessState ?? '';
  const expTyp = supply === 'export_with_payment' ? 'WPAY' : 'WOPAY';
  if (supply.startsWith('export')) return { cls: 'exp', pos: EXPORT_POS, inter: true, invTyp: 'R', expTyp };
  const invTyp = supply === 'sez_with_payment' ? 'SEWP' : supply === 'sez_without_payment' ? 'SEWOP' : supply === 'deemed_export' ? 'DE' : 'R';
  const inter = invTyp === 'SEWP' || invTyp === 'SEWOP' || derived !== businessState;
  if (doc.invoiceType === 'bill_of_supply') return { cls: 'nil', pos: derived, inter, invTyp, expTyp };
  if (doc.clientGstin) return { cls: 'b2b', pos: derived, inter, invTyp, expTyp };
  if (inter && toPaise(doc.total) > b2clThreshold(doc.date).mul(100).toNumber()) return { cls: 'b2cl', pos: derived, inter, invTyp, expTyp };
  return { cls: 'b2cs', pos: derived, inter, invTyp, expTyp };
}

/** The sale a note adjusts: the invoice it is against (its type, date and value), else a local sale to its client. */
export function classifyNote(note: Gstr1Note, businessState: string | null): Classified {
  return note.original
    ? classifySale({ ...note, invoiceType: note.original.invoiceType, date: note.original.date, total: note.original.total }, businessState)
    : classifySale({ ...note, invoiceType: 'local_sale' }, businessState);
}

/** Sums of one rate, in paise. */
export interface RateSum {
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export const emptySum = (rt: number): RateSum => ({ rt, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
export const cessPaise = (l: Gstr1Line) => (l.cess === null || l.cess === undefined ? 0 : toPaise(l.cess));

/** A document's lines summed by tax rate, in rate order (the portal takes one item per rate). */
export function byRate(lines: Gstr1Line[]): RateSum[] {
  const groups = new Map<number, RateSum>();
  for (const l of lines) {
    const rt = rateNumber(l.taxRate);
    let g = groups.get(rt);
    if (!g) groups.set(rt, (g = emptySum(rt)));
    g.txval += toPaise(l.taxable);
    g.iamt += toPaise(l.igst);
    g.camt += toPaise(l.cgst);
    g.samt += toPaise(l.sgst);
    g.csamt += cessPaise(l);
  }
  return [...groups.values()].sort((a, b) => a.rt - b.rt);
}

/**
 * One item per rate. Inter-state supplies carry `iamt`, intra-state ones `camt` and `samt` (the portal
 * refuses the other kind); the amounts are those stored on the lines.
 */
export function items(lines: Gstr1Line[], inter: boolean): Gstr1Item[] {
  return byRate(lines).map((g, i) => ({ num: i + 1, itm_det: detail(g, inter) }));
}

export function detail(g: RateSum, inter: boolean): Gstr1ItemDetail {
  const base = { txval: n2(g.txval), rt: g.rt };
  return inter ? { ...base, iamt: n2(g.iamt + g.camt + g.samt), csamt: n2(g.csamt) } : { ...base, camt: n2(g.camt), samt: n2(g.samt), csamt: n2(g.csamt) };
}

/** 'MMYYYY' of the period's last month. */
export function returnPeriod(to: string): string {
  const [y, m] = to.split('-');
  return `${m}${y}`;
}

export const counted = (status: string) => status === 'issued' || status === 'archived';
