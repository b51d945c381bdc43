import { byRate, classifyNote, classifySale, counted, Gstr1Invoice, Gstr1Line, Gstr1Note, Gstr1Party, returnPeriod, toPaise } from './gstr1';
import { operatorPaysTax } from './gstr1-ecommerce';
import { supplierState } from './place-of-supply';

/**
 * GSTR-3B, the outward side (tables 3.1, 3.1.1 and 3.2), in the JSON field names of the GST portal's GSTR-3B
 * (see docs/gst-exports.md and `schemas/gstr3b.schema.json`). Pure: the documents of the period go in (in rupees,
 * as GSTR-1 reads them), the return comes out. Every document is classified as GSTR-1 classifies it
 * (`classifySale`, `classifyNote`) and its amounts are summed per rate exactly as GSTR-1's items are, so each figure
 * here is a sum of GSTR-1 figures.
 */

/** Taxable value and taxes of a row, rupees. */
export interface Gstr3bAmounts {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr3bInterSupply {
  /** Place of supply (state code). */
  pos: string;
  txval: number;
  iamt: number;
}

export interface Gstr3bReturn {
  gstin: string;
  /** Return period MMYYYY. */
  ret_period: string;
  /** Table 3.1. */
  sup_details: {
    /** (a) outward taxable supplies other than zero rated, nil rated and exempted. */
    osup_det: Gstr3bAmounts;
    /** (b) outward taxable supplies, zero rated (exports and supplies to SEZ units and developers). */
    osup_zero: { txval: number; iamt: number; csamt: number };
    /** (c) other outward supplies, nil rated and exempted. */
    osup_nil_exmp: { txval: number };
    /** (d) inward supplies liable to reverse charge: purchases, which the service does not record (always 0). */
    isup_rev: Gstr3bAmounts;
    /** (e) non-GST outward supplies (no document of the service is one: always 0). */
    osup_nongst: { txval: number };
  };
  /**
   * Table 3.1.1, supplies notified under section 9(5): (i) `eco_sup`, those on which the account as an electronic
   * commerce operator pays the tax (the service records no supplies of others: always 0); (ii) `eco_reg_sup`, the
   * account's own supplies through an operator that pays the tax on them (documents with ecommerce_section 9(5)).
   */
  eco_dtls: { eco_sup: Gstr3bAmounts; eco_reg_sup: { txval: number } };
  /** Table 3.2: of 3.1(a), inter-state supplies to unregistered persons, composition dealers and UIN holders, by place of supply. */
  inter_sup: { unreg_details: Gstr3bInterSupply[]; comp_details: Gstr3bInterSupply[]; uin_details: Gstr3bInterSupply[] };
}

/** A table the answer says something about, and what. */
export interface Gstr3bRemark {
  table: string;
  remark: string;
}

export interface Gstr3bInput {
  gstin: string;
  businessStateCode: string | null;
  from: string;
  to: string;
  invoices: Gstr1Invoice[];
  notes: Gstr1Note[];
}

/** What the answer says of the tables the service does not fill, and of how it fills the others. */
export const GSTR3B_REMARKS: readonly Gstr3bRemark[] = [
  {
    table: '4',
    remark:
      'Input tax credit (table 4) is not computed: the service records sales only, no purchases. Take it from GSTR-2B and your purchase records; tables 5 (exempt, nil-rated and non-GST inward supplies) and 6 (payment of tax) likewise.',
  },
  {
    table: '3.1(d)',
    remark:
      'Inward supplies liable to reverse charge are purchases, which the service does not record: reported as 0. Take them from GSTR-2B and your purchase records.',
  },
  {
    table: '3.1(a)',
    remark:
      'Supplies on which the recipient pays the tax under reverse charge are included at their taxable value without the tax: the recipient, not the supplier, pays it (and reports it in its own 3.1(d)).',
  },
  { table: '3.1(e)', remark: 'No document of the service is a non-GST supply: reported as 0.' },
  {
    table: '3.1.1',
    remark:
      'Row (ii) is the taxable value of the documents with ecommerce_section 9(5) (the operator pays their tax), which are in no row of 3.1 or 3.2. Row (i) is for an operator paying tax on the supplies of others, which the service does not record: 0. Supplies through an operator that collects tax under section 52 are in 3.1(a) like any other.',
  },
  {
    table: '3.2',
    remark:
      "Inter-state supplies to composition dealers and UIN holders follow the client's registration_type (composition, uin); a client with a GSTIN and no registration type is taken as a normal registered person, whose supplies are in no row of 3.2.",
  },
];

const zero = (): Gstr3bAmounts => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
const rupees = (paise: number) => Math.round(paise) / 100 + 0;
const inRupees = (a: Gstr3bAmounts): Gstr3bAmounts => ({
  txval: rupees(a.txval),
  iamt: rupees(a.iamt),
  camt: rupees(a.camt),
  samt: rupees(a.samt),
  csamt: rupees(a.csamt),
});

/**
 * The amounts of lines as GSTR-1 items carry them, in paise, times `sign`: per rate, inter-state supplies all
 * their tax as IGST, intra-state ones CGST and SGST; without the tax and cess when the recipient pays them
 * (reverse charge).
 */
function amountsOf(lines: Gstr1Line[], inter: boolean, sign: number, reverseCharge: boolean): Gstr3bAmounts {
  const out = zero();
  for (const g of byRate(lines)) {
    out.txval += g.txval * sign;
    if (reverseCharge) continue;
    if (inter) out.iamt += (g.iamt + g.camt + g.samt) * sign;
    else {
      out.camt += g.camt * sign;
      out.samt += g.samt * sign;
    }
    out.csamt += g.csamt * sign;
  }
  return out;
}
/** The recipients table 3.2 tells apart: unregistered persons, composition taxable persons, UIN holders. */
type Recipient32 = 'unreg' | 'comp' | 'uin';

/**
 * Which row of 3.2 a 3.1(a) supply goes to, if any (circular 170/02/2022-GST): to an unregistered person (GSTR-1's B2CL
 * and B2CS: no GSTIN, or a client recorded as unregistered or a consumer), to a composition dealer or to a UIN holder
 * (B2B, by the client's registration type); other registered recipients are in no row.
 */
function recipient32(cls: string, party: Gstr1Party): Recipient32 | null {
  if (cls === 'b2cl' || cls === 'b2cs') return party.clientGstin ? null : 'unreg';
  if (cls !== 'b2b') return null;
  if (party.clientRegistrationType === 'composition') return 'comp';
  if (party.clientRegistrationType === 'uin') return 'uin';
  return null;
}

/** The rows of a 3.2 table by place of supply, in rupees, ordered by state code. */
function byPlace(rows: Map<string, { txval: number; iamt: number }>): Gstr3bInterSupply[] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([pos, r]) => ({ pos, txval: rupees(r.txval), iamt: rupees(r.iamt) }));
}

function addTo(target: Gstr3bAmounts, a: Gstr3bAmounts): void {
  target.txval += a.txval;
  target.iamt += a.iamt;
  target.camt += a.camt;
  target.samt += a.samt;
  target.csamt += a.csamt;
}

/**
 * Builds tables 3.1, 3.1.1 and 3.2 from the issued and archived documents dated in the period (drafts, cancelled
 * and deleted documents are not supplies). Invoices add, debit notes add, credit notes subtract, each in the row of
 * the sale it belongs to (a note: the sale of the invoice it is against, as GSTR-1 has it):
 * - exports and supplies to SEZ units or developers (with or without payment) are zero rated, 3.1(b);
 * - bills of supply are exempt, 3.1(c), at their value as GSTR-1's nil table has it (a note against one, at its
 *   lines' taxable value);
 * - every other sale (B2B, deemed exports, B2CL, B2CS) is 3.1(a), under reverse charge without the tax;
 * - of 3.1(a), inter-state sales to unregistered clients (GSTR-1's B2CL, inter-state B2CS and the notes that adjust
 *   them) go to 3.2 by place of supply.
 * - a supply through an operator that pays its tax (section 9(5)) is in 3.1.1(ii) by taxable value, and nowhere else.
 * Net amounts are reported as they are, negative included (credit notes above the month's sales).
 */
export function buildGstr3b(input: Gstr3bInput): Gstr3bReturn {
  const state = supplierState(input.gstin, input.businessStateCode);
  const inPeriod = (d: { date: string; status: string }) => d.date >= input.from && d.date <= input.to && counted(d.status);
  const taxable = zero();
  const zeroRated = zero();
  let exempt = 0;
  let viaOperator = 0;
  const inter32: Record<Recipient32, Map<string, { txval: number; iamt: number }>> = { unreg: new Map(), comp: new Map(), uin: new Map() };

  const place = (cls: string, invTyp: string, inter: boolean, pos: string, party: Gstr1Party, a: Gstr3bAmounts, exemptValue: number) => {
    if (cls === 'nil') exempt += exemptValue;
    else if (cls === 'exp' || invTyp === 'SEWP' || invTyp === 'SEWOP') addTo(zeroRated, a);
    else {
      addTo(taxable, a);
      const to = recipient32(cls, party);
      if (to && inter) {
        const row = inter32[to].get(pos) ?? { txval: 0, iamt: 0 };
        row.txval += a.txval;
        row.iamt += a.iamt;
        inter32[to].set(pos, row);
      }
    }
  };

  for (const inv of input.invoices.filter(inPeriod)) {
    const c = classifySale(inv, state);
    // Zero-rated supplies are inter-state whatever the states (IGST Act section 7(5)).
    const inter = c.cls === 'exp' || c.inter;
    const a = amountsOf(inv.lines, inter, 1, inv.reverseCharge);
    if (operatorPaysTax(inv)) viaOperator += a.txval;
    else place(c.cls, c.invTyp, c.inter, c.pos, inv, a, toPaise(inv.total));
  }
  for (const note of input.notes.filter(inPeriod)) {
    const sign = note.kind === 'credit' ? -1 : 1;
    const sale = classifyNote(note, state);
    const inter = sale.cls === 'exp' || sale.inter;
    const a = amountsOf(note.lines, inter, sign, note.reverseCharge);
    if (operatorPaysTax(note)) viaOperator += a.txval;
    else place(sale.cls, sale.invTyp, sale.inter, sale.pos, note, a, a.txval);
  }

  return {
    gstin: input.gstin,
    ret_period: returnPeriod(input.to),
    sup_details: {
      osup_det: inRupees(taxable),
      osup_zero: { txval: rupees(zeroRated.txval), iamt: rupees(zeroRated.iamt), csamt: rupees(zeroRated.csamt) },
      osup_nil_exmp: { txval: rupees(exempt) },
      isup_rev: inRupees(zero()),
      osup_nongst: { txval: 0 },
    },
    eco_dtls: { eco_sup: inRupees(zero()), eco_reg_sup: { txval: rupees(viaOperator) } },
    inter_sup: {
      unreg_details: byPlace(inter32.unreg),
      comp_details: byPlace(inter32.comp),
      uin_details: byPlace(inter32.uin),
    },
  };
}

/** The remarks of a return: the fixed ones, and one when a net amount is below zero. */
export function gstr3bRemarks(ret: Gstr3bReturn): Gstr3bRemark[] {
  const negative = Object.entries(ret.sup_details).flatMap(([row, a]) =>
    Object.entries(a as Record<string, number>)
      .filter(([, v]) => v < 0)
      .map(([k]) => `${row}.${k}`),
  );
  const unreg = ret.inter_sup.unreg_details.filter((r) => r.txval < 0 || r.iamt < 0).map((r) => `unreg_details[pos ${r.pos}]`);
  const below = [...negative, ...unreg];
  return [
    ...GSTR3B_REMARKS,
    ...(below.length
      ? [
          {
            table: '3.1',
            remark: `Net below zero (credit notes above the period's supplies): ${below.join(', ')}. The portal takes no negative value; report 0 and carry the rest to the next period.`,
          },
        ]
      : []),
  ];
}
