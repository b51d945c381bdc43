import { applyPaymentRules } from '../documents/payment-rules';
import { DebitNoteFields, DebitNoteInput } from './note';
import { mergeHeader, mergeLines, NoteChange, NoteRuleContext, sentOr } from './note-fields';

/**
 * A debit note from `input` merged over `base` (PATCH) or over nothing (create).
 * - client_id and debit_note_date are required; payment_due_date defaults to the note date.
 * - status defaults to issued, payment_status to pending, currency to the account's.
 * - The total is the sum of the line amounts; the amount receivable is the total (no TDS on notes).
 * - Payment rules (docs/decisions.md, "Documents, numbering and payments") run on every change. A paid_amount or payment_date that is not
 *   sent is kept only while payment_status stays the same, so a change of payment status starts from
 *   the rule's defaults (paid: today; partial: paid_amount required).
 */
export function buildDebitNoteFields(input: DebitNoteInput, ctx: NoteRuleContext, base?: DebitNoteFields): NoteChange<DebitNoteFields> {
  const errors: Record<string, string> = {};
  const header = mergeHeader({ ...input, date: input.debitNoteDate }, base, { dateField: 'debitNoteDate', currency: ctx.accountCurrency }, errors);
  const { lines, total, gst } = mergeLines(input.items, base, input, ctx, header, errors);
  const paymentStatus = sentOr(input.paymentStatus, base?.paymentStatus) ?? 'pending';
  const sameStatus = base !== undefined && base.paymentStatus === paymentStatus;
  const payment = applyPaymentRules({
    paymentStatus,
    paidAmount: sentOr(input.paidAmount, sameStatus ? base.paidAmount : null) ?? null,
    paymentDate: sentOr(input.paymentDate, sameStatus ? base.paymentDate : null) ?? null,
    receivable: total,
    today: ctx.today,
    previousPaidAt: base?.paymentStatus === 'paid' ? base.paidAt : null,
    nowTimestamp: ctx.nowTimestamp,
  });

  return {
    fields: {
      ...header,
      ...gst,
      totalAmount: total,
      paymentDueDate: sentOr(input.paymentDueDate, base?.paymentDueDate) ?? header.date,
      paymentStatus: payment.paymentStatus,
      paidAmount: payment.paidAmount,
      paymentDate: payment.paymentDate,
      paidAt: payment.paidAt,
    },
    lines,
  };
}
