import { Gstr1Line, Gstr1Party } from './gstr1-types';
import { cessPaise, RateSum, rateNumber, toMilli, toPaise } from './gstr1-rules';

/** HSN of the summary at the required digits: longer codes are cut to them (and aggregated), shorter ones kept. */
export function hsnAt(code: string, digits: number): string {
  const clean = code.replace(/\s+/g, '');
  return clean.length > digits ? clean.slice(0, digits) : clean;
}

export const isService = (hsn: string) => hsn.startsWith('99');

/** The tab of Table 12 a document is reported in: registered recipients (and notes to them) B2B, all others B2C. */
export type HsnTab = 'b2b' | 'b2c';
export const hsnTabOf = (doc: Gstr1Party): HsnTab => (doc.clientGstin ? 'b2b' : 'b2c');
export const hasHsn = (l: Gstr1Line) => l.hsnCode.trim() !== '';

/** One contribution to a row of Table 12, amounts in paise and quantity in thousandths. */
export interface HsnEntry extends RateSum {
  code: string;
  unit: string | null;
  description: string;
  qty: number;
}

export const entryOf = (l: Gstr1Line): HsnEntry => ({
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
export function apportionedEntries(line: Gstr1Line, targets: Gstr1Line[]): HsnEntry[] {
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
