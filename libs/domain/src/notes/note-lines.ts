import { GstHeader } from '../documents/document-gst';
import { ValidationFailed } from '../shared/domain-error';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { GST_RATE_RULE, isGstRate } from '../tax/gst-rates';
import { HSN_CODE_RULE, isHsnCode } from '../tax/tax-checks';
import { checkLine, computeLineTax, TaxWarning } from '../tax/tax-engine';
import { cessAmountWarnings, CESS_RATE_RULE, computeCess, isCessRate } from '../tax/cess';
import { decimalText } from '../documents/product-lines';
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
    omitted?.push(!absent(item.taxableValue) && [item.amount, item.cgstAmount, item.sgstAmount, item.igstAmount].every(absent));
    const line: NoteLineFields = {
      description,
      expenseDate: item.expenseDate || null,
      amount: money2(item.amount === null || item.amount === undefined || item.amount === '' ? 0 : item.amount),
    };
    // The GST details are kept only when sent, so a plain amount line stays { description, expenseDate, amount }.
    const details: Partial<NoteLineFields> = {
      hsnCode: typeof item.hsnCode === 'string' && item.hsnCode.trim() ? item.hsnCode.trim() : null,
      quantity: decimalOrNull(item.quantity),
      unit: typeof item.unit === 'string' && item.unit.trim() ? item.unit.trim().toUpperCase() : null,
      taxableValue: moneyOrNull(item.taxableValue),
      taxRate: decimalOrNull(item.taxRate),
      cgstAmount: moneyOrNull(item.cgstAmount),
      sgstAmount: moneyOrNull(item.sgstAmount),
      igstAmount: moneyOrNull(item.igstAmount),
      cessRate: decimalOrNull(item.cessRate),
      cessAmount: moneyOrNull(item.cessAmount),
    };
    for (const [key, value] of Object.entries(details)) if (value !== null) Object.assign(line, { [key]: value });
    lines.push(line);
  }
  return lines;
}

/**
 * The codes and cess of the lines a caller sent: an `hsnCode` that is not empty must be an HSN or SAC code, a
 * `taxRate` a GST rate, a `cessRate` a cess rate (tax/cess.ts) and a `cessAmount` not negative; cess is given only
 * on a line with a `taxableValue` (it is a share of that value; a plain amount line carries no tax details).
 * Problems are keyed `items.<index>.<field>` with the index in the array as sent; lines without a description are
 * dropped, never checked.
 */
export function checkNoteLineCodes(items: readonly NoteLineInput[] | null | undefined, add: (field: string, problem: string) => void): void {
  (items ?? []).forEach((item, index) => {
    if (typeof item?.description !== 'string' || !item.description.trim()) return;
    const at = `items.${index}.`;
    const hsn = typeof item.hsnCode === 'string' ? item.hsnCode.trim() : '';
    if (hsn && !isHsnCode(hsn)) add(`${at}hsnCode`, HSN_CODE_RULE);
    if (!absent(item.taxRate) && !isGstRate(item.taxRate)) add(`${at}taxRate`, GST_RATE_RULE);
    if (!absent(item.cessRate)) {
      const rate = decimalText(item.cessRate);
      if (rate === null || !isCessRate(rate)) add(`${at}cessRate`, CESS_RATE_RULE);
    }
    if (!absent(item.cessAmount)) {
      const amount = decimalText(item.cessAmount);
      if (amount === null || toDecimal(amount).isNeg()) add(`${at}cessAmount`, 'must be a non-negative number');
    }
    const cessField = !absent(item.cessRate) ? 'cessRate' : !absent(item.cessAmount) ? 'cessAmount' : null;
    if (cessField && absent(item.taxableValue)) {
      add(`${at}${cessField}`, 'is given only on a line with a taxable_value (compensation cess is a share of the taxable value)');
    }
  });
}

/**
 * The tax rule on note lines that carry a taxable value (the others are plain amounts): a line that sent no
 * amount and no tax gets them computed (its amount is the taxable value plus tax and cess); the others are checked.
 * Compensation cess as on invoice lines (tax/cess.ts): computed from `cessRate` when no `cessAmount` was sent, else
 * kept as sent and checked; it adds to the amount as the tax does. A line without cess keeps none.
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
    const cessRate = line.cessRate ?? null;
    const sentCess = line.cessAmount === null || line.cessAmount === undefined ? null : money2(line.cessAmount);
    const withCess = cessRate !== null || sentCess !== null;
    const cessAmount = sentCess ?? computeCess(line.taxableValue, cessRate);
    const cess = withCess ? { cessRate, cessAmount } : {};
    const cessWarnings = sentCess === null ? [] : cessAmountWarnings(i, line.taxableValue, cessRate, sentCess);
    if (omitted[i]) {
      warnings.push(...cessWarnings);
      const a = computeLineTax(line.taxableValue, rate, header.kind, header.reverseCharge, cessAmount);
      return { ...line, taxRate: line.taxRate ?? '0', cgstAmount: a.cgst, sgstAmount: a.sgst, igstAmount: a.igst, amount: a.total, ...cess };
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
          cess: cessAmount,
        },
        header.kind,
        header.reverseCharge,
      ).map((w) => (w.field === 'total_amount' ? { ...w, field: 'amount', message: w.message.replace('total_amount', 'amount') } : w)),
      ...cessWarnings,
    );
    return { ...line, ...cess };
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
 * and the line's HSN, quantity, unit, taxable value, rate, tax and cess.
 */
export function noteLinesFromInvoice(invoice: SourceInvoice): NoteLineFields[] {
  return noteLinesFrom(
    invoice.lines.map((line) => ({
      description: line.description,
      amount: line.totalAmount,
      expenseDate: invoice.invoiceDate,
      hsnCode: line.hsnCode,
      quantity: line.quantity,
      unit: line.unit,
      taxableValue: line.taxableValue,
      taxRate: line.taxRate,
      cgstAmount: line.cgstAmount,
      sgstAmount: line.sgstAmount,
      igstAmount: line.igstAmount,
      // The invoice line's compensation cess, when it has any (a line without keeps none).
      cessRate: line.cessRate ?? null,
      cessAmount: line.cessAmount !== null && line.cessAmount !== undefined && !toDecimal(line.cessAmount).isZero() ? line.cessAmount : null,
    })),
  );
}
