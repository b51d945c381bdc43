import { money2, toDecimal } from '../shared/money';
import { Gstr1Line } from './gstr1-types';

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
