import { GstHeader } from '../documents/document-gst';
import { ValidationFailed } from '../shared/domain-error';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { GST_RATE_RULE, isGstRate } from '../tax/gst-rates';
import { HSN_CODE_RULE, isHsnCode } from '../tax/tax-checks';
import { checkLine, computeLineTax, TaxWarning } from '../tax/tax-engine';
import { NoteLineFields, NoteLineInput } from './note';
import { SourceInvoice } from './source-invoice-reader.port';

const absent = (v: unknown) => v === undefined || v === null || v === '';
const moneyOrNull = (v: number | string | null | undefined) => (absent(v) ? null : money2(v));
const decimalOrNull = (v: number | string | null | undefined) => (absent(v) ? null : toDecimal(v).toFixed());

/**
 * The lines to store from the lines a caller sent, in the order sent (read order is by item_id, so
 * the order is kept). A line whose description is missing or blank after trimming is dropped
 * silently; a missing amount is 0; a missing expense date stays null. Amounts are stored as sent.
 * `omitted`, when given, gets one flag per kept line: true when the line sent a taxable value but no
 * amount and no tax amounts (the tax engine computes them).
 */
export function noteLinesFrom(items: readonly NoteLineInput[] | null | undefined, omitted?: boolean[]): NoteLineFields[] {
  const lines: NoteLineFields[] = [];
  for (const item of items ?? []) {
    const description = typeof item?.description === 'string' ? item.description.trim() : '';
    if (!description) continue;
    omitted?.push(!absent(item.taxable_value) && [item.amount, item.cgst_amount, item.sgst_amount, item.igst_amount].every(absent));
    const line: NoteLineFields = {
      description,
      expenseDate: item.expense_date || null,
      amount: money2(item.amount === null || item.amount === undefined || item.amount === '' ? 0 : item.amount),
    };
    // The GST details are kept only when sent, so a plain amount line stays { description, expenseDate, amount }.
    const details: Partial<NoteLineFields> = {
      hsnCode: typeof item.hsn_code === 'string' && item.hsn_code.trim() ? item.hsn_code.trim() : null,
      quantity: decimalOrNull(item.quantity),
      unit: typeof item.unit === 'string' && item.unit.trim() ? item.unit.trim().toUpperCase() : null,
      taxableValue: moneyOrNull(item.taxable_value),
      taxRate: decimalOrNull(item.tax_rate),
      cgstAmount: moneyOrNull(item.cgst_amount),
      sgstAmount: moneyOrNull(item.sgst_amount),
      igstAmount: moneyOrNull(item.igst_amount),
    };
    for (const [key, value] of Object.entries(details)) if (value !== null) Object.assign(line, { [key]: value });
    lines.push(line);
  }
  return lines;
}

/**
 * The codes of the lines a caller sent: an `hsn_code` that is not empty must be an HSN or SAC code, a `tax_rate` a
 * GST rate. Problems are keyed `items.<index>.<field>` with the index in the array as sent; lines without a
 * description are dropped, never checked.
 */
export function checkNoteLineCodes(items: readonly NoteLineInput[] | null | undefined, add: (field: string, problem: string) => void): void {
  (items ?? []).forEach((item, index) => {
    if (typeof item?.description !== 'string' || !item.description.trim()) return;
    const hsn = typeof item.hsn_code === 'string' ? item.hsn_code.trim() : '';
    if (hsn && !isHsnCode(hsn)) add(`items.${index}.hsn_code`, HSN_CODE_RULE);
    if (!absent(item.tax_rate) && !isGstRate(item.tax_rate)) add(`items.${index}.tax_rate`, GST_RATE_RULE);
  });
}

/**
 * The tax rule on note lines that carry a taxable value (the others are plain amounts): a line that sent no
 * amount and no tax gets them computed (its amount is the taxable value plus tax); the others are checked.
 */
export function applyGstToNoteLines(
  lines: NoteLineFields[],
  omitted: readonly boolean[],
  header: Pick<GstHeader, 'kind' | 'reverseCharge'>,
): { lines: NoteLineFields[]; warnings: TaxWarning[] } {
  const warnings: TaxWarning[] = [];
  const out = lines.map((line, i) => {
    if (line.taxableValue === null || line.taxableValue === undefined) return line;
    const rate = line.taxRate ?? '0';
    if (omitted[i]) {
      const a = computeLineTax(line.taxableValue, rate, header.kind, header.reverseCharge);
      return { ...line, taxRate: line.taxRate ?? '0', cgstAmount: a.cgst, sgstAmount: a.sgst, igstAmount: a.igst, amount: a.total };
    }
    warnings.push(
      ...checkLine(
        i,
        {
          taxable: line.taxableValue,
          taxRate: rate,
          cgst: line.cgstAmount ?? '0',
          sgst: line.sgstAmount ?? '0',
          igst: line.igstAmount ?? '0',
          total: line.amount,
        },
        header.kind,
        header.reverseCharge,
      ).map((w) => (w.field === 'total_amount' ? { ...w, field: 'amount', message: w.message.replace('total_amount', 'amount') } : w)),
    );
    return line;
  });
  return { lines: out, warnings };
}

/** Totals are stored as DECIMAL(15,2): below 10^13. */
const MAX_TOTAL_EXCLUSIVE = '10000000000000';

/** The note total: the exact sum of its line amounts. A sum the total column cannot hold is a validation error on `items`. */
export function noteTotal(lines: readonly Pick<NoteLineFields, 'amount'>[]): string {
  const total = sumMoney(lines.map((l) => l.amount));
  if (toDecimal(total).abs().gte(MAX_TOTAL_EXCLUSIVE)) {
    throw ValidationFailed.field('items', 'must add up to less than 10000000000000');
  }
  return total;
}

/**
 * Credit-note lines pre-filled from an invoice: one per invoice line, in the invoice's line order,
 * description = item_description, amount = the line's total_amount, expense_date = the invoice date,
 * and the line's HSN, quantity, unit, taxable value, rate and tax.
 */
export function noteLinesFromInvoice(invoice: SourceInvoice): NoteLineFields[] {
  return noteLinesFrom(
    invoice.lines.map((line) => ({
      description: line.description,
      amount: line.totalAmount,
      expense_date: invoice.invoiceDate,
      hsn_code: line.hsnCode,
      quantity: line.quantity,
      unit: line.unit,
      taxable_value: line.taxableValue,
      tax_rate: line.taxRate,
      cgst_amount: line.cgstAmount,
      sgst_amount: line.sgstAmount,
      igst_amount: line.igstAmount,
    })),
  );
}
