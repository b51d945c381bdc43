import {
  buildGstr1,
  classifyNote,
  counted,
  Gstr1B2bInvoice,
  Gstr1B2clInvoice,
  Gstr1B2cs,
  Gstr1CdnrNote,
  Gstr1Cdnur,
  Gstr1ExpInvoice,
  Gstr1Hsn,
  Gstr1Invoice,
  Gstr1Item,
  Gstr1Nil,
  Gstr1Note,
  Gstr1RetainedNumber,
  Gstr1Return,
} from './gstr1';
import { supplierState } from './place-of-supply';

/**
 * GSTR-1A: what changed in a period after its GSTR-1 was marked filed. Pure. When a period is marked filed the
 * documents its GSTR-1 reported are kept as they were (`Gstr1FiledSnapshot`); GSTR-1A compares the documents of the
 * period now with that record (docs/decisions.md, "GSTR-1A: change against what was filed"):
 * - a document reported now and not then is `created` (made, issued from a draft, or dated into the period since);
 * - one reported both times whose reported content differs is `changed`;
 * - one reported then and not now is `cancelled` (it is cancelled now), `deleted` (its number is kept as deleted)
 *   or `changed` (its date left the period).
 * The tables are GSTR-1's: the invoice-wise ones (b2b, b2cl, exp, cdnr, cdnur) hold each affected document as it is
 * now, and one no longer reported as it was filed with its amounts at 0 (the portal amends a filed record; it does
 * not delete it); the summary tables (b2cs, nil, hsn) hold each row whose amounts differ from those filed, with
 * its amounts now (0 for a row that is gone).
 */

/** The documents a filed GSTR-1 reported (issued and archived, dated in the period, amounts in rupees). */
export interface Gstr1FiledSnapshot {
  aggregateTurnover: string | null;
  invoices: Gstr1Invoice[];
  notes: Gstr1Note[];
}

export type Gstr1aChangeKind = 'created' | 'changed' | 'cancelled' | 'deleted';
export interface Gstr1aChange {
  document_type: 'invoice' | 'credit_note' | 'debit_note';
  number: string;
  /** Date of the document now (of the record filed when it is gone). */
  date: string;
  change: Gstr1aChangeKind;
}

export interface Gstr1aReturn {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  /** When the period's GSTR-1 was marked filed ('Y-m-d H:i:s', UTC). */
  filed_at: string;
  changes: Gstr1aChange[];
  b2b: Gstr1Return['b2b'];
  b2cl: Gstr1Return['b2cl'];
  b2cs: Gstr1B2cs[];
  cdnr: Gstr1Return['cdnr'];
  cdnur: Gstr1Cdnur[];
  exp: Gstr1Return['exp'];
  nil: { inv: Gstr1Nil[] };
  hsn: { hsn_b2b: Gstr1Hsn[]; hsn_b2c: Gstr1Hsn[] };
}

export interface Gstr1aInput {
  gstin: string;
  businessStateCode: string | null;
  from: string;
  to: string;
  aggregateTurnover: string | null;
  filedAt: string;
  filed: Gstr1FiledSnapshot;
  /** The documents of the period now (any status but draft), in rupees, and the numbers deleted since issue. */
  invoices: Gstr1Invoice[];
  notes: Gstr1Note[];
  retained: Gstr1RetainedNumber[];
}

type Doc = { kind: 'invoice'; doc: Gstr1Invoice } | { kind: 'credit' | 'debit'; doc: Gstr1Note };
const keyOf = (d: Doc) => `${d.kind}:${d.doc.number}`;

/** The documents a GSTR-1 reports: issued and archived, dated in the period. */
export function reportedDocuments(invoices: Gstr1Invoice[], notes: Gstr1Note[], from: string, to: string): { invoices: Gstr1Invoice[]; notes: Gstr1Note[] } {
  const reported = (d: { date: string; status: string }) => d.date >= from && d.date <= to && counted(d.status);
  return { invoices: invoices.filter(reported), notes: notes.filter(reported) };
}

/**
 * What of a document the return reports, as a comparable text: everything read but its status (issued and archived
 * report alike); of a note, in place of the invoice it is against, the sale that invoice is in GSTR-1 (table, place
 * of supply, kind): what else of that invoice is read only places the note's lines without a code in Table 12, which
 * is compared row by row.
 */
function fingerprint(d: Doc, businessState: string | null): string {
  // The client's registration type is no part of GSTR-1 (only GSTR-3B's 3.2 reads it).
  if (d.kind === 'invoice') return JSON.stringify({ ...d.doc, status: undefined, clientRegistrationType: undefined });
  const sale = classifyNote(d.doc, businessState);
  return JSON.stringify({ ...d.doc, status: undefined, clientRegistrationType: undefined, original: d.doc.original ? sale : null });
}

const docsOf = (invoices: Gstr1Invoice[], notes: Gstr1Note[]): Doc[] => [
  ...invoices.map((doc): Doc => ({ kind: 'invoice', doc })),
  ...notes.map((doc): Doc => ({ kind: doc.kind, doc })),
];
const TYPE_NAME = { invoice: 'invoice', credit: 'credit_note', debit: 'debit_note' } as const;

/** Every amount of an item at 0. */
const zeroItems = (itms: Gstr1Item[]): Gstr1Item[] =>
  itms.map((i) => ({
    num: i.num,
    itm_det: { ...i.itm_det, txval: 0, ...('iamt' in i.itm_det ? { iamt: 0 } : {}), ...('camt' in i.itm_det ? { camt: 0, samt: 0 } : {}), csamt: 0 },
  }));

/** The groups of `base` with the entries of `extra` added (a group of the same key: one group), in key order. */
function mergeGroups<G, E>(base: G[], extra: G[], keyOfGroup: (g: G) => string, entries: (g: G) => E[], withEntries: (g: G, e: E[]) => G): G[] {
  const out = new Map<string, G>();
  for (const g of [...base, ...extra]) {
    const same = out.get(keyOfGroup(g));
    out.set(keyOfGroup(g), same ? withEntries(same, [...entries(same), ...entries(g)]) : g);
  }
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g);
}

/**
 * Rows of a summary table whose amounts differ between `then` and `now` (`content`: what is compared): the row now,
 * or the row then at 0 when it is gone.
 */
function changedRows<T>(then: T[], now: T[], keyOfRow: (r: T) => string, zeroed: (r: T) => T, content: (r: T) => string = (r) => JSON.stringify(r)): T[] {
  const before = new Map(then.map((r) => [keyOfRow(r), content(r)]));
  const after = new Set(now.map(keyOfRow));
  return [...now.filter((r) => before.get(keyOfRow(r)) !== content(r)), ...then.filter((r) => !after.has(keyOfRow(r))).map(zeroed)];
}

export function buildGstr1a(input: Gstr1aInput): Gstr1aReturn {
  const state = supplierState(input.gstin, input.businessStateCode);
  const common = { gstin: input.gstin, businessStateCode: input.businessStateCode, from: input.from, to: input.to };
  const nowReported = reportedDocuments(input.invoices, input.notes, input.from, input.to);
  const now = docsOf(nowReported.invoices, nowReported.notes);
  const filed = docsOf(input.filed.invoices, input.filed.notes);
  const nowByKey = new Map(now.map((d) => [keyOf(d), d]));
  const filedByKey = new Map(filed.map((d) => [keyOf(d), d]));
  const cancelledNow = new Set(
    docsOf(input.invoices, input.notes)
      .filter((d) => d.doc.status === 'cancelled')
      .map(keyOf),
  );
  const deleted = new Set(input.retained.map((r) => `${r.kind}:${r.number}`));

  const changes: Gstr1aChange[] = [];
  const affectedNow: Doc[] = [];
  const goneOrMoved: Doc[] = [];
  for (const d of now) {
    const before = filedByKey.get(keyOf(d));
    if (before && fingerprint(before, state) === fingerprint(d, state)) continue;
    changes.push({ document_type: TYPE_NAME[d.kind], number: d.doc.number, date: d.doc.date, change: before ? 'changed' : 'created' });
    affectedNow.push(d);
    if (before) goneOrMoved.push(before);
  }
  for (const d of filed) {
    if (nowByKey.has(keyOf(d))) continue;
    const change: Gstr1aChangeKind = cancelledNow.has(keyOf(d)) ? 'cancelled' : deleted.has(keyOf(d)) ? 'deleted' : 'changed';
    changes.push({ document_type: TYPE_NAME[d.kind], number: d.doc.number, date: d.doc.date, change });
    goneOrMoved.push(d);
  }
  changes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0));

  const split = (docs: Doc[]) => ({
    invoices: docs.flatMap((d) => (d.kind === 'invoice' ? [d.doc] : [])),
    notes: docs.flatMap((d) => (d.kind === 'invoice' ? [] : [d.doc])),
  });
  // Invoice-wise tables: the affected documents as they are now; the records filed that no table holds now under the
  // same number, at 0.
  const current = buildGstr1({ ...common, aggregateTurnover: input.aggregateTurnover, ...split(affectedNow) });
  const previous = buildGstr1({ ...common, aggregateTurnover: input.filed.aggregateTurnover, ...split(goneOrMoved) });
  const listed = new Set([
    ...current.b2b.flatMap((p) => p.inv.map((i) => `inv:${i.inum}`)),
    ...current.b2cl.flatMap((p) => p.inv.map((i) => `inv:${i.inum}`)),
    ...current.exp.flatMap((p) => p.inv.map((i) => `inv:${i.inum}`)),
    ...current.cdnr.flatMap((p) => p.nt.map((n) => `nt:${n.nt_num}`)),
    ...current.cdnur.map((n) => `nt:${n.nt_num}`),
  ]);
  const b2bGone = previous.b2b
    .map((p) => ({ ...p, inv: p.inv.filter((i) => !listed.has(`inv:${i.inum}`)).map((i): Gstr1B2bInvoice => ({ ...i, val: 0, itms: zeroItems(i.itms) })) }))
    .filter((p) => p.inv.length);
  const b2clGone = previous.b2cl
    .map((p) => ({ ...p, inv: p.inv.filter((i) => !listed.has(`inv:${i.inum}`)).map((i): Gstr1B2clInvoice => ({ ...i, val: 0, itms: zeroItems(i.itms) })) }))
    .filter((p) => p.inv.length);
  const expGone = previous.exp
    .map((p) => ({
      ...p,
      inv: p.inv
        .filter((i) => !listed.has(`inv:${i.inum}`))
        .map((i): Gstr1ExpInvoice => ({ ...i, val: 0, itms: i.itms.map((x) => ({ ...x, txval: 0, iamt: 0, csamt: 0 })) })),
    }))
    .filter((p) => p.inv.length);
  const cdnrGone = previous.cdnr
    .map((p) => ({ ...p, nt: p.nt.filter((n) => !listed.has(`nt:${n.nt_num}`)).map((n): Gstr1CdnrNote => ({ ...n, val: 0, itms: zeroItems(n.itms) })) }))
    .filter((p) => p.nt.length);
  const cdnurGone = previous.cdnur.filter((n) => !listed.has(`nt:${n.nt_num}`)).map((n): Gstr1Cdnur => ({ ...n, val: 0, itms: zeroItems(n.itms) }));

  // Summary tables: the whole return then and now, row by row.
  const thenReturn = buildGstr1({ ...common, aggregateTurnover: input.filed.aggregateTurnover, invoices: input.filed.invoices, notes: input.filed.notes });
  const nowReturn = buildGstr1({ ...common, aggregateTurnover: input.aggregateTurnover, ...nowReported });
  const b2csKey = (r: Gstr1B2cs) => `${r.sply_ty}|${r.pos}|${r.rt}`;
  const b2cs = changedRows(thenReturn.b2cs, nowReturn.b2cs, b2csKey, (r) => ({
    ...r,
    txval: 0,
    ...(r.iamt !== undefined ? { iamt: 0 } : {}),
    ...(r.camt !== undefined ? { camt: 0, samt: 0 } : {}),
    csamt: 0,
  })).sort((a, b) => (b2csKey(a) < b2csKey(b) ? -1 : 1));
  const nil = changedRows(
    thenReturn.nil.inv,
    nowReturn.nil.inv,
    (r) => r.sply_ty,
    (r) => ({ ...r, expt_amt: 0, nil_amt: 0, ngsup_amt: 0 }),
  );
  const hsnKey = (r: Gstr1Hsn) => `${r.hsn_sc}|${r.uqc}|${r.rt}`;
  // The amounts and quantity are compared, not the description (that of the row's first line) or the row number.
  const hsnTab = (tab: 'hsn_b2b' | 'hsn_b2c') =>
    changedRows(
      thenReturn.hsn[tab],
      nowReturn.hsn[tab],
      hsnKey,
      (r) => ({ ...r, qty: 0, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 }),
      (r) => JSON.stringify([r.qty, r.txval, r.iamt, r.camt, r.samt, r.csamt]),
    )
      .sort((a, b) => (hsnKey(a) < hsnKey(b) ? -1 : 1))
      .map((r, i) => ({ ...r, num: i + 1 }));

  return {
    gstin: input.gstin,
    fp: nowReturn.fp,
    version: nowReturn.version,
    hash: nowReturn.hash,
    filed_at: input.filedAt,
    changes,
    b2b: mergeGroups(
      current.b2b,
      b2bGone,
      (g) => g.ctin,
      (g) => g.inv,
      (g, inv) => ({ ...g, inv }),
    ),
    b2cl: mergeGroups(
      current.b2cl,
      b2clGone,
      (g) => g.pos,
      (g) => g.inv,
      (g, inv) => ({ ...g, inv }),
    ),
    b2cs,
    cdnr: mergeGroups(
      current.cdnr,
      cdnrGone,
      (g) => g.ctin,
      (g) => g.nt,
      (g, nt) => ({ ...g, nt }),
    ),
    cdnur: [...current.cdnur, ...cdnurGone],
    exp: mergeGroups(
      current.exp,
      expGone,
      (g) => g.exp_typ,
      (g) => g.inv,
      (g, inv) => ({ ...g, inv }),
    ),
    nil: { inv: nil },
    hsn: { hsn_b2b: hsnTab('hsn_b2b'), hsn_b2c: hsnTab('hsn_b2c') },
  };
}
