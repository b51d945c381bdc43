import { ValidationFailed } from '../shared/domain-error';
import { money2, sumMoney, toDecimal } from '../shared/money';
import { NoteLineFields, NoteLineInput } from './note';
import { SourceInvoice } from './source-invoice-reader.port';

/**
 * The lines to store from the lines a caller sent, in the order sent (read order is by item_id, so
 * the order is kept). A line whose description is missing or blank after trimming is dropped
 * silently; a missing amount is 0; a missing expense date stays null. Amounts are stored as sent.
 */
export function noteLinesFrom(items: readonly NoteLineInput[] | null | undefined): NoteLineFields[] {
  const lines: NoteLineFields[] = [];
  for (const item of items ?? []) {
    const description = typeof item?.description === 'string' ? item.description.trim() : '';
    if (!description) continue;
    lines.push({
      description,
      expenseDate: item.expense_date || null,
      amount: money2(item.amount === null || item.amount === undefined || item.amount === '' ? 0 : item.amount),
    });
  }
  return lines;
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
 * description = item_description, amount = the line's total_amount, expense_date = the invoice date.
 */
export function noteLinesFromInvoice(invoice: SourceInvoice): NoteLineFields[] {
  return noteLinesFrom(invoice.lines.map((line) => ({ description: line.description, amount: line.totalAmount, expense_date: invoice.invoiceDate })));
}
