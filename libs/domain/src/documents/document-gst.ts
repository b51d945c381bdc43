import { checkLine, computeLineTax, LineAmounts, lineTaxableValue, roundToRupee, TaxWarning } from '../tax/tax-engine';
import { cessAmountWarnings, computeCess } from '../tax/cess';
import { apportionHeaderDiscount } from '../tax/header-discount';
import { ValidationFailed } from '../shared/domain-error';
import { money2, toDecimal } from '../shared/money';
import { documentTotal } from './document-totals';
import { DiscountType } from './document-enums';
import { GstHeader } from './gst-header';

export { supplierSnapshotOf, snapshotState, gstinOnlySupplier } from './supplier-snapshot';
export type { SupplierSnapshot } from './supplier-snapshot';
export { readGstHeader, unitValue, gstFieldsOf, NO_GST_FIELDS } from './gst-header';
export type { GstFields, GstHeaderInput, GstContext, GstHeader } from './gst-header';

/** Amounts are stored as DECIMAL(15,2): below 10^13. */
const AMOUNT_LIMIT = '10000000000000';

/** An invoice-style line as the engine sees it (the fields of ProductLineValues it reads and writes). */
export interface GstProductLine {
  quantity: string;
  rate: string;
  taxRate: string;
  cgstAmount: string;
  sgstAmount: string;
  igstAmount: string;
  totalAmount: string;
  discountType: DiscountType | null;
  discountValue: string | null;
  /**
   * The taxable value the tax engine took: quantity x rate less the line discount and less the line's share of the
   * header discount; null on lines stored before it was kept.
   */
  taxableValue: string | null;
  /**
   * The line's share of the header discount, taken off its taxable value before tax ('0.00' without one); null on
   * lines stored before header discounts were shared among the lines (their document took the header discount off
   * the total of the lines, after tax).
   */
  headerDiscount: string | null;
  /** Compensation cess rate in percent, ad valorem on the taxable value (tax/cess.ts); null (or absent) without one. */
  cessRate?: string | null;
  /**
   * The line's compensation cess: as sent, or computed from `cessRate` when not sent (null or absent before the
   * engine has applied the rule); '0.00' on a line without cess.
   */
  cessAmount?: string | null;
}

/** The header discount of a document: `discount_type` and `discount_value` as stored. */
export interface HeaderDiscount {
  discountType: DiscountType | null;
  discountValue: string | null;
}

const NO_HEADER_DISCOUNT: HeaderDiscount = { discountType: null, discountValue: null };

function hasHeaderDiscount(d: HeaderDiscount): boolean {
  return d.discountType !== null && d.discountValue !== null && !toDecimal(d.discountValue).isZero();
}

/** Whether two header discounts are the same (the values compared as numbers; no discount equals a zero one). */
export function sameHeaderDiscount(a: HeaderDiscount, b: HeaderDiscount): boolean {
  if (!hasHeaderDiscount(a) || !hasHeaderDiscount(b)) return !hasHeaderDiscount(a) && !hasHeaderDiscount(b);
  return a.discountType === b.discountType && toDecimal(a.discountValue as string).eq(toDecimal(b.discountValue as string));
}

/**
 * Applies the tax rule to invoice-style lines. The header discount (percentage or fixed) is a discount before tax
 * (CGST Act section 15(3)(a)): it is shared among the lines in proportion to their taxable values (quantity x rate
 * less the line discount), the rounding remainder on the largest line (tax/header-discount.ts), and every line's
 * taxable value is its value after its share. A line whose amounts were all left out (`omitted`) gets its tax and
 * total computed on that value; a line that sent them keeps them and is checked against it (`tax_warnings`). A
 * line's cess (tax/cess.ts) is computed from its cess rate when not sent, else kept as sent and checked; it adds to
 * the line total as the tax does.
 * Every line gets its taxable value and its share (`headerDiscount`).
 */
export function applyGstToLines<L extends GstProductLine>(
  lines: L[],
  omitted: readonly boolean[],
  header: Pick<GstHeader, 'kind' | 'reverseCharge'>,
  discount: HeaderDiscount = NO_HEADER_DISCOUNT,
): { lines: L[]; warnings: TaxWarning[] } {
  const warnings: TaxWarning[] = [];
  const before = lines.map((line) => lineTaxableValue(line));
  const apportioned = hasHeaderDiscount(discount) ? apportionHeaderDiscount(before, discount.discountType, discount.discountValue) : null;
  const out = lines.map((line, i) => {
    const taxable = apportioned ? apportioned.taxable[i] : before[i];
    const headerDiscount = apportioned ? apportioned.shares[i] : '0.00';
    const cessRate = line.cessRate ?? null;
    const sentCess = line.cessAmount === undefined || line.cessAmount === null ? null : money2(line.cessAmount);
    const cessAmount = sentCess ?? computeCess(taxable, cessRate);
    if (omitted[i]) {
      const a = computeLineTax(taxable, line.taxRate, header.kind, header.reverseCharge, cessAmount);
      if (sentCess !== null) warnings.push(...cessAmountWarnings(i, a.taxable, cessRate, sentCess));
      return {
        ...line,
        taxableValue: a.taxable,
        headerDiscount,
        cgstAmount: a.cgst,
        sgstAmount: a.sgst,
        igstAmount: a.igst,
        totalAmount: a.total,
        cessRate,
        cessAmount,
      };
    }
    warnings.push(...checkLine(i, { taxable, ...sentAmounts(line), cess: cessAmount }, header.kind, header.reverseCharge));
    if (sentCess !== null) warnings.push(...cessAmountWarnings(i, taxable, cessRate, sentCess));
    return { ...line, taxableValue: taxable, headerDiscount, cessRate, cessAmount };
  });
  return { lines: out, warnings };
}

function sentAmounts(line: GstProductLine): Omit<LineAmounts, 'taxable'> & { taxRate: string } {
  return { taxRate: line.taxRate, cgst: line.cgstAmount, sgst: line.sgstAmount, igst: line.igstAmount, total: line.totalAmount };
}

/**
 * Whether a stored line carries exactly the amounts the tax rule gives for its stored taxable value (under any
 * kind of tax, with or without reverse charge; its cess, when it has a cess rate, that rate of the value): a line the
 * engine computed, or one sent as it would have.
 */
export function followsTaxRule(line: GstProductLine): boolean {
  const taxable = line.taxableValue ?? lineTaxableValue(line);
  const stored = [line.cgstAmount, line.sgstAmount, line.igstAmount, line.totalAmount].map((v) => money2(v));
  const cess = money2(line.cessAmount ?? '0');
  if (line.cessRate !== null && line.cessRate !== undefined && computeCess(taxable, line.cessRate) !== cess) return false;
  return (['intra', 'inter', 'none'] as const).some((kind) =>
    [false, true].some((reverseCharge) => {
      const a = computeLineTax(taxable, line.taxRate, kind, reverseCharge, cess);
      return a.cgst === stored[0] && a.sgst === stored[1] && a.igst === stored[2] && a.total === stored[3];
    }),
  );
}

/** What a write of invoice-style lines needs: the lines sent or stored, the header discount, the GST header. */
export interface DocumentLinesInput<L extends GstProductLine> {
  /** The lines sent; null when a PATCH keeps the stored ones. */
  sent: L[] | null;
  /** One flag per sent line: true when it left every amount out (the engine computes them). */
  omitted: readonly boolean[];
  /** The stored document of a PATCH. */
  current?: HeaderDiscount & { lines: L[] };
  /** The header discount after the write. */
  discount: HeaderDiscount;
  header: Pick<GstHeader, 'kind' | 'reverseCharge' | 'roundOffWanted'>;
}

/** The lines and total of a write. */
export interface DocumentLines<L extends GstProductLine> {
  /** Every line of the document after the write, with its taxable value and share of the header discount. */
  lines: L[];
  /** The lines to write (without the ids of stored ones); null when the stored lines stay as they are. */
  write: L[] | null;
  warnings: TaxWarning[];
  totalAmount: string;
  roundOff: string | null;
}

/**
 * The lines and the total of a create or a PATCH of an invoice, quotation or proforma invoice:
 * - Lines sent: the header discount is shared among them before tax (applyGstToLines), and the document total is
 *   the sum of the line totals (each already after its share).
 * - Lines kept, header discount unchanged: the stored lines stay as they are and are checked again. A document
 *   stored before header discounts were shared among the lines (a line's `headerDiscount` is null) keeps its
 *   rule: its total is the sum of the line totals less the header discount, its lines checked against their
 *   value before it, so its amounts never change by a write that does not touch them.
 * - Lines kept, header discount changed: it is shared among the stored lines anew; a line whose amounts follow
 *   the tax rule (followsTaxRule: computed, or sent as computed) is computed again on its new value, any other
 *   keeps the amounts it was sent with and is checked; the lines are written again.
 */
export function applyGstToDocument<L extends GstProductLine & { id?: number }>(input: DocumentLinesInput<L>): DocumentLines<L> {
  const { sent, current, discount, header } = input;
  if (sent) {
    const applied = applyGstToLines(sent, input.omitted, header, discount);
    return { ...applied, write: applied.lines, ...gstDocumentTotal(lineTotalsOf(applied.lines), null, null, header.roundOffWanted) };
  }
  const kept = current?.lines ?? [];
  const changed = !!current && !sameHeaderDiscount(current, discount);
  if (!changed && kept.some((l) => l.headerDiscount === null || l.headerDiscount === undefined)) {
    // Stored before header discounts were shared among the lines: checked and totalled by the rule of then.
    const applied = applyGstToLines(kept, [], header);
    const lines = applied.lines.map((l, i) => ({ ...l, taxableValue: kept[i].taxableValue, headerDiscount: kept[i].headerDiscount ?? null }));
    const total = gstDocumentTotal(lineTotalsOf(kept), discount.discountType, discount.discountValue, header.roundOffWanted);
    return { lines, warnings: applied.warnings, write: null, ...total };
  }
  if (!changed) {
    const applied = applyGstToLines(kept, [], header, discount);
    return { ...applied, write: null, ...gstDocumentTotal(lineTotalsOf(kept), null, null, header.roundOffWanted) };
  }
  const values = kept.map(({ id: _id, ...line }) => line as unknown as L);
  const follows = values.map(followsTaxRule);
  // A line that follows the rule and has a cess rate gets its cess computed anew on its new value, as its tax.
  const recomputed = values.map((line, i) => (follows[i] && line.cessRate !== null && line.cessRate !== undefined ? { ...line, cessAmount: null } : line));
  const applied = applyGstToLines(recomputed, follows, header, discount);
  return { ...applied, write: applied.lines, ...gstDocumentTotal(lineTotalsOf(applied.lines), null, null, header.roundOffWanted) };
}

function lineTotalsOf(lines: ReadonlyArray<Pick<GstProductLine, 'totalAmount'>>): string[] {
  return lines.map((l) => l.totalAmount);
}

/**
 * The document total, rounded to the rupee when asked, and the round-off. Documents whose lines carry the header
 * discount (every document written since it is shared among the lines) pass no discount: their total is the sum of
 * the line totals. With a discount, the total is the lines less it (the rule of documents stored before).
 */
export function gstDocumentTotal(
  lineTotals: string[],
  discountType: DiscountType | null,
  discountValue: string | null,
  roundOffWanted: boolean,
): { totalAmount: string; roundOff: string | null } {
  const total = documentTotal(lineTotals, discountType, discountValue);
  if (toDecimal(total).abs().gte(AMOUNT_LIMIT)) throw ValidationFailed.field('items', `must add up to less than ${AMOUNT_LIMIT}`);
  if (!roundOffWanted) return { totalAmount: total, roundOff: null };
  const rounded = roundToRupee(total);
  if (toDecimal(rounded.total).abs().gte(AMOUNT_LIMIT)) throw ValidationFailed.field('items', `must add up to less than ${AMOUNT_LIMIT}`);
  return { totalAmount: rounded.total, roundOff: rounded.roundOff };
}
