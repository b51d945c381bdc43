import { isProvisionalNumber } from '../documents/document-numbering';
import { Gstr1DocIssue } from './gstr1-types';

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
export function docIssue(kinds: Array<{ docNum: number; docTyp: string; docs: Array<{ number: string; status: string }> }>): Gstr1DocIssue[] {
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
