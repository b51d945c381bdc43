import { isEcommerceSection, EcommerceSection } from '../tax/ecommerce';
import { byRate, n2 } from './gstr1-rules';
import { Gstr1Line, Gstr1Party, Gstr1Supeco } from './gstr1-types';

/**
 * Supplies through an electronic commerce operator in GSTR-1 Table 14 (`supeco`) and GSTR-3B table 3.1.1
 * (docs/gst-exports.md, "E-commerce operators"):
 * - section 52, the operator collects tax at source: the supply is reported as any other (B2B, B2CL, B2CS with
 *   `typ` E and the operator's `etin`, notes in CDNR/CDNUR) and summed per operator in 14(a), `clttx`;
 * - section 9(5), the operator pays the tax: the supply is in no table of the supplier's own tax (4 to 9) but in
 *   14(b), `paytx`, per operator, and in GSTR-3B 3.1.1(ii) by value; Table 12 (HSN) still holds it.
 */
export interface EcommerceOf {
  gstin: string;
  section: EcommerceSection;
}

/** The operator of a document, when it names one with a section. */
export function ecommerceOf(doc: Gstr1Party): EcommerceOf | null {
  const gstin = doc.ecommerceGstin?.trim();
  return gstin && isEcommerceSection(doc.ecommerceSection) ? { gstin, section: doc.ecommerceSection } : null;
}

/** True when the operator, not the supplier, pays the tax on the document's supply (section 9(5)). */
export const operatorPaysTax = (doc: Gstr1Party): boolean => ecommerceOf(doc)?.section === '9(5)';

/** The Table 14 accumulator: per section and operator, value and taxes in paise. */
export class SupecoTable {
  private readonly rows = new Map<string, { section: EcommerceSection; etin: string; v: number; i: number; c: number; s: number; cs: number }>();

  /** Adds a document's lines (a credit note with `sign` -1) when it was supplied through an operator. */
  add(doc: Gstr1Party, lines: Gstr1Line[], sign: 1 | -1): void {
    const eco = ecommerceOf(doc);
    if (!eco) return;
    const key = `${eco.section}|${eco.gstin}`;
    const row = this.rows.get(key) ?? { section: eco.section, etin: eco.gstin, v: 0, i: 0, c: 0, s: 0, cs: 0 };
    for (const g of byRate(lines)) {
      row.v += g.txval * sign;
      row.i += g.iamt * sign;
      row.c += g.camt * sign;
      row.s += g.samt * sign;
      row.cs += g.csamt * sign;
    }
    this.rows.set(key, row);
  }

  result(): { clttx: Gstr1Supeco[]; paytx: Gstr1Supeco[] } {
    const of = (section: EcommerceSection) =>
      [...this.rows.values()]
        .filter((r) => r.section === section)
        .sort((a, b) => (a.etin < b.etin ? -1 : a.etin > b.etin ? 1 : 0))
        .map((r) => ({ etin: r.etin, suppval: n2(r.v), igst: n2(r.i), cgst: n2(r.c), sgst: n2(r.s), cess: n2(r.cs), flag: 'N' as const }));
    return { clttx: of('52'), paytx: of('9(5)') };
  }
}
