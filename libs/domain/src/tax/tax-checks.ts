import { fiscalYearLabel, fiscalYearOf, isValidDate } from '../shared/fiscal-year';
import { money2, toDecimal } from '../shared/money';
import { CessLine, cessNotApplicableWarnings } from './cess';
import { isRateInForce, ratePeriodOn, RATE_PERIODS, rateText } from './gst-rates';
import { stateName } from './states';
import { CheckedSupplier, supplierAddressWarnings } from './supplier-checks';
import { TaxKind } from './supply';
import { TaxWarning } from './tax-engine';

/**
 * The checks of a document that go beyond a line's arithmetic (tax-engine.ts, checkLine): the form of HSN and SAC
 * codes, the rates in force on the document's date, CGST equal to SGST, the place of supply, and the time limit of
 * a credit note. Sources in docs/gst.md ("HSN and SAC codes", "Rates in force", "Tax warnings").
 */

/**
 * Whether a code has the form of an HSN or SAC code: 4, 6 or 8 digits (the HSN headings, subheadings and tariff
 * items; rule 46 with notification 12/2017-Central Tax as amended by 78/2020-Central Tax asks 4 or 6 digits on a
 * tax invoice, and 8 are used for exports and the e-invoice); a code of chapter 99 is a SAC (services), whose
 * codes have 6 digits and whose 4-digit headings stand for them where 4 digits suffice, never 8.
 */
export function isHsnCode(code: string): boolean {
  if (!/^\d+$/.test(code)) return false;
  if (code.startsWith('99')) return code.length === 4 || code.length === 6;
  return code.length === 4 || code.length === 6 || code.length === 8;
}

/** The problem of an `hsn_code` that is not empty and not an HSN or SAC code (a 400). */
export const HSN_CODE_RULE = 'must be an HSN code of 4, 6 or 8 digits or a SAC of 6 digits starting 99 (4 for its heading), or empty';

/** What the checks read of a line: its rate, its cess and, on a line that carries GST, its CGST and SGST. */
export interface CheckedLine extends CessLine {
  taxRate?: string | null;
  cgstAmount?: string | null;
  sgstAmount?: string | null;
}

/**
 * `rate_not_in_force`: each line whose rate is a GST rate that is not in force on `date` (the rate table of
 * gst-rates.ts). Lines without a rate are skipped; a rate of no GST at all never gets here (it is a 400).
 */
export function rateNotInForceWarnings(lines: readonly CheckedLine[], date: string | null): TaxWarning[] {
  if (!date || !isValidDate(date)) return [];
  const period = ratePeriodOn(date);
  const warnings: TaxWarning[] = [];
  lines.forEach((line, i) => {
    if (line.taxRate === null || line.taxRate === undefined) return;
    const rate = rateText(line.taxRate);
    if (rate === null || isRateInForce(rate, date)) return;
    warnings.push({
      line: i + 1,
      code: 'rate_not_in_force',
      field: 'tax_rate',
      expected: null,
      sent: rate,
      message: period
        ? `tax_rate ${rate}% is not in force on ${date}: the rates from ${period.from} are ${period.rates.join(', ')} (${period.source})`
        : `no GST rate is in force on ${date}: GST began on ${RATE_PERIODS[0].from}`,
    });
  });
  return warnings;
}

/**
 * `cgst_sgst_unequal`: each line of an intra-state supply whose CGST and SGST differ. Both are half the rate of
 * the same taxable value (the CGST and SGST rate notifications set equal halves), so they are equal; a line the
 * service computes always has them equal.
 */
export function cgstSgstWarnings(lines: readonly CheckedLine[], kind: TaxKind): TaxWarning[] {
  if (kind !== 'intra') return [];
  const warnings: TaxWarning[] = [];
  lines.forEach((line, i) => {
    const cgst = line.cgstAmount ?? '0';
    const sgst = line.sgstAmount ?? '0';
    if (toDecimal(cgst).eq(toDecimal(sgst))) return;
    warnings.push({
      line: i + 1,
      code: 'cgst_sgst_unequal',
      field: 'sgst_amount',
      expected: money2(cgst),
      sent: money2(sgst),
      message: `cgst_amount ${money2(cgst)} and sgst_amount ${money2(sgst)} differ: CGST and SGST are each half the tax, so they are equal`,
    });
  });
  return warnings;
}

/**
 * GST state codes merged into another: 25 (Daman and Diu) into 26 (Dadra and Nagar Haveli and Daman and Diu) from
 * 2020-01-26 (the Dadra and Nagar Haveli and Daman and Diu (Merger of Union territories) Act, 2019); taxpayers kept
 * their old registrations until the transition date 2020-07-31 (notification 10/2020-Central Tax, as amended), so
 * the old code is wrong from 2020-08-01.
 */
const MERGED_STATES: ReadonlyArray<{ code: string; into: string; from: string }> = [{ code: '25', into: '26', from: '2020-08-01' }];

/** `place_of_supply_merged`: a place of supply that is a state code merged into another by the document's date. */
export function placeOfSupplyWarnings(placeOfSupply: string | null, date: string | null): TaxWarning[] {
  const merged = MERGED_STATES.find((m) => m.code === placeOfSupply && (!date || date >= m.from));
  if (!merged) return [];
  return [
    {
      line: null,
      code: 'place_of_supply_merged',
      field: 'place_of_supply',
      expected: null,
      sent: null,
      message: `place_of_supply ${merged.code} (${stateName(merged.code)}) was merged into ${merged.into} (${stateName(merged.into)}); use ${merged.into}`,
    },
  ];
}

/**
 * The last day a credit note for a supply of the date `invoiceDate` can be declared (CGST Act section 34(2)): the
 * 30th of November after the end of the supply's financial year (as amended by the Finance Act 2022 from
 * 2022-10-01, notification 18/2022-Central Tax, which first applied to the year 2021-22), and the 30th of
 * September of that following year before it. The annual return, when filed earlier, ends it earlier; the service does not know of
 * it. Null before GST (2017-07-01).
 */
export function creditNoteDeadline(invoiceDate: string): string | null {
  if (!isValidDate(invoiceDate) || invoiceDate < RATE_PERIODS[0].from) return null;
  const fy = fiscalYearOf(invoiceDate);
  return fy >= 2021 ? `${fy + 1}-11-30` : `${fy + 1}-09-30`;
}

/** `credit_note_time_barred`: a credit note dated after the section 34(2) deadline of its invoice's supply. */
export function creditNoteTimeBarWarnings(invoice: { number: string; invoiceDate: string }, noteDate: string | null): TaxWarning[] {
  const deadline = creditNoteDeadline(invoice.invoiceDate);
  if (!deadline || !noteDate || noteDate <= deadline) return [];
  const year = `20${fiscalYearLabel(fiscalYearOf(invoice.invoiceDate))}`;
  return [
    {
      line: null,
      code: 'credit_note_time_barred',
      field: 'credit_note_date',
      expected: null,
      sent: null,
      message:
        `invoice ${invoice.number} of ${invoice.invoiceDate} is a supply of the financial year ${year}, whose credit notes ` +
        `had to be declared by ${deadline} (CGST Act section 34(2)): past it a credit note cannot reduce the tax`,
    },
  ];
}

/** What the dated checks read of a document. */
export interface CheckedDocument {
  /** The document's date. */
  date: string | null;
  placeOfSupply: string | null;
  kind: TaxKind;
  lines: readonly CheckedLine[];
  /** The supplier recorded on a tax invoice (its snapshot); absent on documents that are not tax documents. */
  supplier?: CheckedSupplier | null;
}

/**
 * The warnings of a document besides the arithmetic of its lines, merged into `lineWarnings` in line order (the
 * document's own last): CGST and SGST unequal, rates not in force, cess where none applies, a merged place of supply.
 */
export function withDocumentWarnings(lineWarnings: readonly TaxWarning[], doc: CheckedDocument): TaxWarning[] {
  const more = [
    ...cgstSgstWarnings(doc.lines, doc.kind),
    ...rateNotInForceWarnings(doc.lines, doc.date),
    ...cessNotApplicableWarnings(doc.lines, doc.date),
    ...placeOfSupplyWarnings(doc.placeOfSupply, doc.date),
    ...supplierAddressWarnings(doc.supplier),
  ];
  return sortedWarnings([...lineWarnings, ...more]);
}

/** Warnings in line order (stable), those of the document as a whole last. */
export function sortedWarnings(warnings: readonly TaxWarning[]): TaxWarning[] {
  const at = (w: TaxWarning) => w.line ?? Number.MAX_SAFE_INTEGER;
  return warnings
    .map((w, i) => ({ w, i }))
    .sort((a, b) => at(a.w) - at(b.w) || a.i - b.i)
    .map(({ w }) => w);
}
