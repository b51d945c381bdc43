import { supplierState } from './place-of-supply';
import { docIssue } from './gstr1-doc-issue';
import { ecommerceOf, operatorPaysTax, SupecoTable } from './gstr1-ecommerce';
import { apportionedEntries, entryOf, hasHsn, hsnAt, HsnEntry, HsnTab, hsnTabOf, isService } from './gstr1-hsn';
import {
  byRate,
  classifyNote,
  classifySale,
  counted,
  detail,
  emptySum,
  GSTR1_FORMAT_VERSION,
  hsnDigits,
  items,
  n2,
  portalDate,
  RateSum,
  returnPeriod,
  toPaise,
} from './gstr1-rules';
import {
  Gstr1B2bInvoice,
  Gstr1B2clInvoice,
  Gstr1CdnrNote,
  Gstr1Cdnur,
  Gstr1ExpInvoice,
  Gstr1Hsn,
  Gstr1Input,
  Gstr1Line,
  Gstr1Nil,
  Gstr1Note,
  Gstr1Party,
  Gstr1RetainedNumber,
  Gstr1Return,
} from './gstr1-types';

export * from './gstr1-types';
export * from './gstr1-rules';
export { apportion } from './gstr1-hsn';
export type { HsnTab } from './gstr1-hsn';
export * from './gstr1-period';

/**
 * GSTR-1 in the JSON form the GST portal's offline tool imports (see docs/gst-exports.md and
 * `schemas/gstr1.schema.json`). Pure: the documents of the period go in, the return comes out.
 */

const inPeriod = (date: string, input: { from: string; to: string }) => date >= input.from && date <= input.to;

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
  const b2cs = new Map<string, { inter: boolean; pos: string; etin: string | null; g: RateSum }>();
  const supeco = new SupecoTable();
  /** The operator a B2CS row names: one that collects tax under section 52 (9(5) supplies are in no B2CS row). */
  const etinOf = (doc: Gstr1Party) => (ecommerceOf(doc)?.section === '52' ? ecommerceOf(doc)!.gstin : null);
  const cdnr = new Map<string, Gstr1CdnrNote[]>();
  const cdnur: Gstr1Cdnur[] = [];
  const exp = new Map<'WPAY' | 'WOPAY', Gstr1ExpInvoice[]>();
  const nil = new Map<Gstr1Nil['sply_ty'], number>();
  const hsn = new Map<string, { tab: HsnTab; hsn: string; uqc: string; desc: string; qty: number; g: RateSum }>();
  // The counted taxable invoice lines (not bills of supply) of the period with a code, by tab: the fallback codes
  // of note lines without one.
  const periodLines: Record<HsnTab, Gstr1Line[]> = { b2b: [], b2c: [] };

  const addB2cs = (pos: string, inter: boolean, doc: Gstr1Party, lines: Gstr1Line[], sign: 1 | -1) => {
    const etin = etinOf(doc);
    for (const g of byRate(lines)) {
      const key = `${pos}|${String(g.rt).padStart(6, '0')}|${inter ? 'I' : 'L'}|${etin ?? ''}`;
      const cur = b2cs.get(key) ?? { inter, pos, etin, g: emptySum(g.rt) };
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
    supeco.add(inv, inv.lines, 1);
    // A supply on which the operator pays the tax (section 9(5)) is in Table 14(b), not in the supplier's tables 4 to 8.
    switch (operatorPaysTax(inv) ? null : c.cls) {
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
        addB2cs(c.pos, c.inter, inv, inv.lines, 1);
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
    supeco.add(note, note.lines, sign);
    if (operatorPaysTax(note)) {
      // In Table 14(b) only (above), as the supply it adjusts.
    } else if (note.clientGstin) {
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
      addB2cs(sale.pos, sale.inter, note, note.lines, sign);
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
    b2cs: byKey(b2cs).map(([, { inter, pos, etin, g }]) => ({
      sply_ty: inter ? 'INTER' : 'INTRA',
      pos,
      ...(etin ? { typ: 'E' as const, etin } : { typ: 'OE' as const }),
      ...detail(g, inter),
    })),
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
    supeco: supeco.result(),
  };
}
