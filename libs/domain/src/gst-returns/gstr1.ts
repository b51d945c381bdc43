import Decimal from 'decimal.js';
import { money2, toDecimal } from '../shared/money';
import { isProvisionalNumber } from '../documents/document-numbering';
import { placeOfSupply, supplierState } from './place-of-supply';

/**
 * GSTR-1 in the JSON form the GST portal's offline tool imports (see docs/gst-exports.md and
 * `schemas/gstr1.schema.json`). Pure: the documents of the period go in, the return comes out.
 */

/** One line of an invoice or note, with the amounts as stored. */
export interface Gstr1Line {
  hsnCode: string;
  description: string;
  quantity: string;
  /** UQC (NOS, KGS, ...) when the line carries one. */
  unit: string | null;
  taxable: string;
  taxRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** Compensation cess of the line (absent or null: none); reported as `csamt`. */
  cess?: string | null;
}

export interface Gstr1Party {
  clientGstin: string | null;
  /** The client's registration type (clients/client.ts; absent or null: not given); GSTR-3B 3.2 reads it, GSTR-1 does not. */
  clientRegistrationType?: string | null;
  clientStateCode: string | null;
  /** The place of supply stored on the document (null: derived, see `placeOfSupply`). */
  placeOfSupply: string | null;
  /** b2b, b2c, sez_with_payment, ... when stored; null: derived from the invoice type and client. */
  supplyType: string | null;
  reverseCharge: boolean;
  /** The document's currency and rupees per unit (absent: INR); see gstr1-rupees.ts. */
  currency?: string;
  exchangeRate?: string | null;
}

export interface Gstr1Invoice extends Gstr1Party {
  number: string;
  date: string;
  status: string;
  /** local_sale, interstate_sale, export, sez, bill_of_supply. */
  invoiceType: string;
  total: string;
  lines: Gstr1Line[];
}

export interface Gstr1Note extends Gstr1Party {
  kind: 'credit' | 'debit';
  number: string;
  date: string;
  status: string;
  total: string;
  lines: Gstr1Line[];
  /**
   * The invoice the note is against, when it names one (its currency and rupees per unit absent: INR), with its
   * counted lines (absent or empty: not known), whose HSN codes a note line without one takes in Table 12.
   */
  original: {
    number: string;
    date: string;
    total: string;
    invoiceType: string;
    currency?: string;
    exchangeRate?: string | null;
    lines?: Gstr1Line[];
  } | null;
}

export interface Gstr1Input {
  gstin: string;
  businessStateCode: string | null;
  /** First and last day of the return period ('Y-m-d'). */
  from: string;
  to: string;
  /** Rupees, or null when not set (then the 4-digit HSN rule applies). */
  aggregateTurnover: string | null;
  invoices: Gstr1Invoice[];
  notes: Gstr1Note[];
  /** Tax documents dated in the period that were deleted while holding a tax-series number (Table 13 counts them cancelled). */
  retained?: Gstr1RetainedNumber[];
}

/** The number of a deleted tax document, kept for the tax records. */
export interface Gstr1RetainedNumber {
  kind: 'invoice' | 'debit' | 'credit';
  number: string;
  date: string;
}

type Num = number;
export interface Gstr1ItemDetail {
  txval: Num;
  rt: Num;
  iamt?: Num;
  camt?: Num;
  samt?: Num;
  csamt: Num;
}
export interface Gstr1Item {
  num: number;
  itm_det: Gstr1ItemDetail;
}
export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: Num;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'SEWP' | 'SEWOP' | 'DE';
  itms: Gstr1Item[];
}
export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: Num;
  itms: Gstr1Item[];
}
export interface Gstr1B2cs {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: Num;
  txval: Num;
  iamt?: Num;
  camt?: Num;
  samt?: Num;
  csamt: Num;
}
export interface Gstr1CdnrNote {
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: Num;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'SEWP' | 'SEWOP' | 'DE';
  itms: Gstr1Item[];
}
export interface Gstr1Cdnur {
  typ: 'B2CL' | 'EXPWP' | 'EXPWOP';
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: Num;
  pos?: string;
  itms: Gstr1Item[];
}
export interface Gstr1ExpInvoice {
  inum: string;
  idt: string;
  val: Num;
  itms: Array<{ txval: Num; rt: Num; iamt: Num; csamt: Num }>;
}
/** A row of Table 12 (`hsn_b2b` or `hsn_b2c`): one HSN, UQC and rate. */
export interface Gstr1Hsn {
  num: number;
  hsn_sc: string;
  /** The description of the first line of the row (30 characters at most). */
  desc: string;
  uqc: string;
  qty: Num;
  rt: Num;
  txval: Num;
  iamt: Num;
  camt: Num;
  samt: Num;
  csamt: Num;
}
export interface Gstr1DocIssue {
  doc_num: number;
  doc_typ: string;
  docs: Array<{ num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }>;
}
export interface Gstr1Nil {
  sply_ty: 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
  expt_amt: Num;
  nil_amt: Num;
  ngsup_amt: Num;
}

export interface Gstr1Return {
  gstin: string;
  /** Return period MMYYYY (a quarter is filed under its last month). */
  fp: string;
  version: string;
  hash: string;
  b2b: Array<{ ctin: string; inv: Gstr1B2bInvoice[] }>;
  b2cl: Array<{ pos: string; inv: Gstr1B2clInvoice[] }>;
  b2cs: Gstr1B2cs[];
  cdnr: Array<{ ctin: string; nt: Gstr1CdnrNote[] }>;
  cdnur: Gstr1Cdnur[];
  exp: Array<{ exp_typ: 'WPAY' | 'WOPAY'; inv: Gstr1ExpInvoice[] }>;
  nil: { inv: Gstr1Nil[] };
  /** Table 12: supplies to registered recipients and their notes (`hsn_b2b`), and the rest (`hsn_b2c`). */
  hsn: { hsn_b2b: Gstr1Hsn[]; hsn_b2c: Gstr1Hsn[] };
  doc_issue: { doc_det: Gstr1DocIssue[] };
}

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
function toMilli(v: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(v);
  if (!m) return Math.round(Number(v) * 1000);
  const q = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -q : q;
}
/** Paise as a JSON number of rupees (2 decimals at most). */
const n2 = (paise: number) => Math.round(paise) / 100 + 0;
/** A rate as a JSON number ('18.000' -> 18). */
const rateNumber = (rate: string) => Number(rate);

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
const emptySum = (rt: number): RateSum => ({ rt, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
const cessPaise = (l: Gstr1Line) => (l.cess === null || l.cess === undefined ? 0 : toPaise(l.cess));

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
function items(lines: Gstr1Line[], inter: boolean): Gstr1Item[] {
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

const inPeriod = (date: string, input: { from: string; to: string }) => date >= input.from && date <= input.to;
export const counted = (status: string) => status === 'issued' || status === 'archived';

/** Series of a number: everything before its last run of digits ('INV/26-27/0007' -> 'INV/26-27/'). */
function seriesOf(number: string): { series: string; serial: number } {
  const m = /^(.*?)(\d+)$/.exec(number);
  return m ? { series: m[1], serial: Number(m[2]) } : { series: number, serial: 0 };
}

/**
 * DOC_ISSUE (Table 13): per kind and number series, the numbers of the period from the first to the last, `totnum`
 * the count of numbers in that range, `cancel` those cancelled or deleted (a deleted tax document keeps its number
 * in the records as cancelled), `net_issue` the rest. Drafts and the provisional numbers of drafts (`DRAFT/...`) are
 * not tax-series numbers and are left out. Numbers are taken at issue, so a series of the period has no gap; where
 * one has (a number dated in another period, or taken by a draft before numbers were given at issue) the series
 * is reported as consecutive ranges around it, so that every range holds exactly the numbers it counts.
 */
function docIssue(kinds: Array<{ docNum: number; docTyp: string; docs: Array<{ number: string; status: string }> }>): Gstr1DocIssue[] {
  const out: Gstr1DocIssue[] = [];
  for (const kind of kinds) {
    const series = new Map<string, Map<number, { number: string; serial: number; cancelled: boolean }>>();
    for (const d of kind.docs) {
      if (d.status === 'draft' || isProvisionalNumber(d.number)) continue;
      const s = seriesOf(d.number);
      const list = series.get(s.series) ?? new Map<number, { number: string; serial: number; cancelled: boolean }>();
      // One number is one document; should it appear twice (kept after deletion and stored again), it counts once.
      const cancelled = d.status === 'cancelled' || d.status === 'deleted';
      list.set(s.serial, { number: d.number, serial: s.serial, cancelled: cancelled || (list.get(s.serial)?.cancelled ?? false) });
      series.set(s.series, list);
    }
    if (!series.size) continue;
    const docs: Gstr1DocIssue['docs'] = [];
    for (const key of [...series.keys()].sort()) {
      const list = [...series.get(key)!.values()].sort((a, b) => a.serial - b.serial);
      let run: typeof list = [];
      const flush = () => {
        if (!run.length) return;
        const totnum = run[run.length - 1].serial - run[0].serial + 1;
        const cancel = run.filter((d) => d.cancelled).length;
        docs.push({ num: docs.length + 1, from: run[0].number, to: run[run.length - 1].number, totnum, cancel, net_issue: totnum - cancel });
        run = [];
      };
      for (const d of list) {
        if (run.length && d.serial !== run[run.length - 1].serial + 1) flush();
        run.push(d);
      }
      flush();
    }
    out.push({ doc_num: kind.docNum, doc_typ: kind.docTyp, docs });
  }
  return out;
}

/** HSN of the summary at the required digits: longer codes are cut to them (and aggregated), shorter ones kept. */
function hsnAt(code: string, digits: number): string {
  const clean = code.replace(/\s+/g, '');
  return clean.length > digits ? clean.slice(0, digits) : clean;
}

const isService = (hsn: string) => hsn.startsWith('99');

/** The tab of Table 12 a document is reported in: registered recipients (and notes to them) B2B, all others B2C. */
export type HsnTab = 'b2b' | 'b2c';
const hsnTabOf = (doc: Gstr1Party): HsnTab => (doc.clientGstin ? 'b2b' : 'b2c');
const hasHsn = (l: Gstr1Line) => l.hsnCode.trim() !== '';

/** One contribution to a row of Table 12, amounts in paise and quantity in thousandths. */
interface HsnEntry extends RateSum {
  code: string;
  unit: string | null;
  description: string;
  qty: number;
}

const entryOf = (l: Gstr1Line): HsnEntry => ({
  code: l.hsnCode,
  unit: l.unit,
  description: l.description,
  qty: toMilli(l.quantity),
  rt: rateNumber(l.taxRate),
  txval: toPaise(l.taxable),
  iamt: toPaise(l.igst),
  camt: toPaise(l.cgst),
  samt: toPaise(l.sgst),
  csamt: cessPaise(l),
});

/**
 * Splits `total` (whole paise) over `weights` in proportion, the paise left by rounding down going to the largest
 * remainders (the first on a tie), so the parts add up to `total` exactly. Weights of zero or less count as
 * none; when none is positive the parts are equal.
 */
export function apportion(total: number, weights: number[]): number[] {
  if (!weights.length) return [];
  const positive = weights.map((w) => (w > 0 ? Math.round(w) : 0));
  const w = positive.some((x) => x > 0) ? positive : weights.map(() => 1);
  const sumW = BigInt(w.reduce((s, x) => s + x, 0));
  const abs = BigInt(Math.abs(total));
  const parts = w.map((x) => (abs * BigInt(x)) / sumW);
  const rems = w.map((x, i) => ({ i, rem: (abs * BigInt(x)) % sumW }));
  let rest = abs - parts.reduce((s, x) => s + x, BigInt(0));
  rems.sort((a, b) => (a.rem > b.rem ? -1 : a.rem < b.rem ? 1 : a.i - b.i));
  for (let k = 0; rest > BigInt(0); k++, rest -= BigInt(1)) parts[rems[k % rems.length].i] += BigInt(1);
  const sign = total < 0 ? -1 : 1;
  return parts.map((x) => Number(x) * sign + 0);
}

/**
 * A note line without an HSN code reported under the codes of `targets` (lines with a code), its taxable value,
 * taxes and cess split in proportion to their taxable values (`apportion`), at the note line's own rate and with
 * no quantity.
 */
function apportionedEntries(line: Gstr1Line, targets: Gstr1Line[]): HsnEntry[] {
  const weights = targets.map((t) => toPaise(t.taxable));
  const e = entryOf(line);
  const [txval, iamt, camt, samt, csamt] = [e.txval, e.iamt, e.camt, e.samt, e.csamt].map((v) => apportion(v, weights));
  return targets.map((t, i) => ({
    code: t.hsnCode,
    unit: t.unit,
    description: t.description,
    qty: 0,
    rt: e.rt,
    txval: txval[i],
    iamt: iamt[i],
    camt: camt[i],
    samt: samt[i],
    csamt: csamt[i],
  }));
}

/**
 * Builds the return. Drafts are left out; cancelled invoices count only in DOC_ISSUE; credit notes
 * reduce the HSN summary (Table 12), debit notes add to it, so that its two tabs together hold the taxable value
 * and tax of B2B, B2CL, B2CS, EXP and NIL less CDNR and CDNUR. Notes to registered recipients go to CDNR; notes to
 * unregistered ones go to CDNUR when the sale they are against is B2CL or an export, otherwise they
 * adjust B2CS (as the portal asks).
 */
export function buildGstr1(input: Gstr1Input): Gstr1Return {
  const state = supplierState(input.gstin, input.businessStateCode);
  const digits = hsnDigits(input.aggregateTurnover);
  const b2b = new Map<string, Gstr1B2bInvoice[]>();
  const b2cl = new Map<string, Gstr1B2clInvoice[]>();
  const b2cs = new Map<string, { inter: boolean; pos: string; g: RateSum }>();
  const cdnr = new Map<string, Gstr1CdnrNote[]>();
  const cdnur: Gstr1Cdnur[] = [];
  const exp = new Map<'WPAY' | 'WOPAY', Gstr1ExpInvoice[]>();
  const nil = new Map<Gstr1Nil['sply_ty'], number>();
  const hsn = new Map<string, { tab: HsnTab; hsn: string; uqc: string; desc: string; qty: number; g: RateSum }>();
  // The counted taxable invoice lines (not bills of supply) of the period with a code, by tab: the fallback codes
  // of note lines without one.
  const periodLines: Record<HsnTab, Gstr1Line[]> = { b2b: [], b2c: [] };

  const addB2cs = (pos: string, inter: boolean, lines: Gstr1Line[], sign: 1 | -1) => {
    for (const g of byRate(lines)) {
      const key = `${pos}|${String(g.rt).padStart(6, '0')}|${inter ? 'I' : 'L'}`;
      const cur = b2cs.get(key) ?? { inter, pos, g: emptySum(g.rt) };
      cur.g.txval += g.txval * sign;
      cur.g.iamt += g.iamt * sign;
      cur.g.camt += g.camt * sign;
      cur.g.samt += g.samt * sign;
      cur.g.csamt += g.csamt * sign;
      b2cs.set(key, cur);
    }
  };
  const addHsn = (tab: HsnTab, entries: HsnEntry[], sign: 1 | -1) => {
    for (const e of entries) {
      const code = hsnAt(e.code, digits);
      const uqc = isService(code) ? 'NA' : (e.unit ?? 'OTH').toUpperCase();
      const key = `${tab}|${code}|${uqc}|${String(e.rt).padStart(6, '0')}`;
      let cur = hsn.get(key);
      if (!cur) hsn.set(key, (cur = { tab, hsn: code, uqc, desc: e.description.slice(0, 30), qty: 0, g: emptySum(e.rt) }));
      if (uqc !== 'NA') cur.qty += e.qty * sign;
      cur.g.txval += e.txval * sign;
      cur.g.iamt += e.iamt * sign;
      cur.g.camt += e.camt * sign;
      cur.g.samt += e.samt * sign;
      cur.g.csamt += e.csamt * sign;
    }
  };
  /**
   * The Table 12 entries of a note: a line with a code as it is; one without takes the codes of the invoice the
   * note is against in proportion to its lines' taxable values; when that invoice or its coded lines are not
   * known, those of the note's own coded lines, else of the period's counted invoice lines (bills of supply
   * excepted) of the same tab, else of all of them. With none of these the line has no row (a period without sales).
   */
  const noteEntries = (note: Gstr1Note, tab: HsnTab): HsnEntry[] => {
    const targets =
      [note.original?.lines ?? [], note.lines, periodLines[tab], [...periodLines.b2b, ...periodLines.b2c]]
        .map((ls) => ls.filter(hasHsn))
        .find((ls) => ls.length) ?? [];
    return note.lines.flatMap((l) => (hasHsn(l) ? [entryOf(l)] : targets.length ? apportionedEntries(l, targets) : []));
  };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };

  const invoices = input.invoices.filter((i) => inPeriod(i.date, input));
  // Deleted tax documents of the period: their numbers stay in Table 13, as cancelled.
  const retainedOf = (kind: Gstr1RetainedNumber['kind']) =>
    (input.retained ?? []).filter((r) => r.kind === kind && inPeriod(r.date, input)).map((r) => ({ number: r.number, status: 'deleted' }));
  for (const inv of invoices) {
    if (!counted(inv.status)) continue;
    const c = classifySale(inv, state);
    const val = n2(toPaise(inv.total));
    switch (c.cls) {
      case 'b2b':
        push(b2b, inv.clientGstin!, {
          inum: inv.number,
          idt: portalDate(inv.date),
          val,
          pos: c.pos,
          rchrg: inv.reverseCharge ? 'Y' : 'N',
          inv_typ: c.invTyp,
          itms: items(inv.lines, c.inter),
        });
        break;
      case 'b2cl':
        push(b2cl, c.pos, { inum: inv.number, idt: portalDate(inv.date), val, itms: items(inv.lines, true) });
        break;
      case 'b2cs':
        addB2cs(c.pos, c.inter, inv.lines, 1);
        break;
      case 'exp':
        push(exp, c.expTyp, {
          inum: inv.number,
          idt: portalDate(inv.date),
          val,
          itms: byRate(inv.lines).map((g) => ({ txval: n2(g.txval), rt: Number(g.rt.toFixed()), iamt: n2(g.iamt + g.camt + g.samt), csamt: n2(g.csamt) })),
        });
        break;
      case 'nil': {
        const key: Gstr1Nil['sply_ty'] = c.inter ? (inv.clientGstin ? 'INTRB2B' : 'INTRB2C') : inv.clientGstin ? 'INTRAB2B' : 'INTRAB2C';
        nil.set(key, (nil.get(key) ?? 0) + toPaise(inv.total));
        break;
      }
    }
    // Bills of supply are in Table 12 too, at rate 0 and without tax, as the nil table has them.
    const lines = c.cls === 'nil' ? inv.lines.map((l) => ({ ...l, taxRate: '0', cgst: '0', sgst: '0', igst: '0', cess: null })) : inv.lines;
    const tab = hsnTabOf(inv);
    addHsn(tab, lines.map(entryOf), 1);
    if (c.cls !== 'nil') periodLines[tab].push(...lines.filter(hasHsn));
  }

  const notes = input.notes.filter((n) => inPeriod(n.date, input) && counted(n.status));
  for (const note of notes) {
    const ntty = note.kind === 'credit' ? 'C' : 'D';
    const sign = note.kind === 'credit' ? -1 : 1;
    const sale = classifyNote(note, state);
    const val = n2(toPaise(note.total));
    if (note.clientGstin) {
      push(cdnr, note.clientGstin, {
        ntty,
        nt_num: note.number,
        nt_dt: portalDate(note.date),
        val,
        pos: sale.pos,
        rchrg: note.reverseCharge ? 'Y' : 'N',
        inv_typ: sale.invTyp,
        itms: items(note.lines, sale.inter),
      });
    } else if (sale.cls === 'b2cl' || sale.cls === 'exp') {
      const typ = sale.cls === 'exp' ? (sale.expTyp === 'WPAY' ? 'EXPWP' : 'EXPWOP') : 'B2CL';
      cdnur.push({
        typ,
        ntty,
        nt_num: note.number,
        nt_dt: portalDate(note.date),
        val,
        ...(typ === 'B2CL' ? { pos: sale.pos } : {}),
        itms: items(note.lines, true),
      });
    } else if (sale.cls === 'b2cs') {
      addB2cs(sale.pos, sale.inter, note.lines, sign);
    }
    // A note is in Table 12 when it is in another table: CDNR, CDNUR or B2CS (not one to an unregistered
    // recipient against a bill of supply, which no table holds).
    if (note.clientGstin || sale.cls !== 'nil') addHsn(hsnTabOf(note), noteEntries(note, hsnTabOf(note)), sign);
  }

  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hsnRows = (tab: HsnTab): Gstr1Hsn[] =>
    byKey(hsn)
      .filter(([, h]) => h.tab === tab)
      .map(([, h], i) => ({
        num: i + 1,
        hsn_sc: h.hsn,
        desc: h.desc,
        uqc: h.uqc,
        qty: Math.round(h.qty / 10) / 100 + 0,
        rt: h.g.rt,
        txval: n2(h.g.txval),
        iamt: n2(h.g.iamt),
        camt: n2(h.g.camt),
        samt: n2(h.g.samt),
        csamt: n2(h.g.csamt),
      }));
  return {
    gstin: input.gstin,
    fp: returnPeriod(input.to),
    version: GSTR1_FORMAT_VERSION,
    hash: 'hash',
    b2b: byKey(b2b).map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: byKey(b2cl).map(([pos, inv]) => ({ pos, inv })),
    b2cs: byKey(b2cs).map(([, { inter, pos, g }]) => ({ sply_ty: inter ? 'INTER' : 'INTRA', pos, typ: 'OE', ...detail(g, inter) })),
    cdnr: byKey(cdnr).map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    exp: (['WPAY', 'WOPAY'] as const).filter((t) => exp.has(t)).map((exp_typ) => ({ exp_typ, inv: exp.get(exp_typ)! })),
    nil: { inv: [...nil.entries()].sort().map(([sply_ty, amt]) => ({ sply_ty, expt_amt: n2(amt), nil_amt: 0, ngsup_amt: 0 })) },
    hsn: { hsn_b2b: hsnRows('b2b'), hsn_b2c: hsnRows('b2c') },
    doc_issue: {
      doc_det: docIssue([
        { docNum: 1, docTyp: 'Invoices for outward supply', docs: [...invoices, ...retainedOf('invoice')] },
        { docNum: 4, docTyp: 'Debit Note', docs: [...input.notes.filter((n) => n.kind === 'debit' && inPeriod(n.date, input)), ...retainedOf('debit')] },
        { docNum: 5, docTyp: 'Credit Note', docs: [...input.notes.filter((n) => n.kind === 'credit' && inPeriod(n.date, input)), ...retainedOf('credit')] },
      ]),
    },
  };
}

/**
 * Lines of a note that stores only amounts: each amount is taken as tax-inclusive at `rate` (the single
 * rate of the invoice the note is against, else 0) and split into taxable value and IGST, or CGST and
 * SGST halves, rounded half-up to paise (CGST always equal to SGST).
 */
export function noteLinesFromAmounts(amounts: Array<{ description: string; amount: string }>, rate: string, inter: boolean): Gstr1Line[] {
  const rt = toDecimal(rate);
  return amounts.map(({ description, amount }) => {
    const gross = toDecimal(amount);
    const taxable = toDecimal(money2(gross.mul(100).div(rt.plus(100))));
    const half = toDecimal(money2(gross.minus(taxable).div(2)));
    const tax = inter ? toDecimal(money2(gross.minus(taxable))) : half.mul(2);
    return {
      hsnCode: '',
      description,
      quantity: '0',
      unit: null,
      taxable: money2(gross.minus(tax)),
      taxRate: rt.toFixed(),
      cgst: inter ? '0.00' : money2(half),
      sgst: inter ? '0.00' : money2(half),
      igst: inter ? money2(tax) : '0.00',
    };
  });
}

/** A return period: one month ('2026-10') or a quarter of the financial year ('2026-Q3' = October to December 2026). */
export interface Gstr1Period {
  from: string;
  to: string;
  label: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Parses `period=YYYY-MM` or `quarter=YYYY-Qn` (n 1-4 of the financial year starting in YYYY); null when neither fits. */
export function gstr1Period(period: unknown, quarter: unknown): Gstr1Period | null {
  if (typeof period === 'string' && quarter === undefined) {
    const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
    if (!m) return null;
    const [y, mo] = [Number(m[1]), Number(m[2])];
    return { from: `${y}-${pad2(mo)}-01`, to: `${y}-${pad2(mo)}-${pad2(lastDay(y, mo))}`, label: period };
  }
  if (typeof quarter === 'string' && period === undefined) {
    const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
    if (!m) return null;
    const fy = Number(m[1]);
    const q = Number(m[2]);
    const first = q === 4 ? 1 : 4 + (q - 1) * 3;
    const year = q === 4 ? fy + 1 : fy;
    return { from: `${year}-${pad2(first)}-01`, to: `${year}-${pad2(first + 2)}-${pad2(lastDay(year, first + 2))}`, label: quarter };
  }
  return null;
}
