import { ValidationFailed } from '../shared/domain-error';
import { CreditNoteFields, CreditNoteInput } from './note';
import { mergeHeader, mergeLines, NoteChange, NoteRuleContext, optionalText, sentOr } from './note-fields';
import { noteLinesFromInvoice } from './note-lines';
import { SourceInvoice } from './source-invoice-reader.port';

/**
 * A credit note from `input` merged over `base` (PATCH) or over nothing (create).
 *
 * `source` is the invoice the note is raised against, when the service had to read it: on create
 * when `sourceInvoiceId` is sent, on PATCH when `sourceInvoiceId` or `clientId` is sent.
 * - Create with a source invoice (docs/decisions.md, "Documents, numbering and payments"): without `clientId` the
 *   note takes the invoice's client; without `currency`, the invoice's currency; without `items`,
 *   one line per invoice line (description = item_description, amount = the line's total_amount,
 *   expense_date = the invoice date). Fields in the body override; `items: []` means no lines.
 * - A credit note with a source invoice always belongs to that invoice's client: a different
 *   `clientId` is a validation error keyed `clientId` (on create and on PATCH). A PATCH that points
 *   the note at another invoice without sending `clientId` moves it to that invoice's client; it does
 *   not touch currency or lines (only create pre-fills).
 * - credit_note_date defaults to today (Asia/Kolkata) on create; status to issued; currency to the
 *   invoice's, else the account's. The total is the sum of the line amounts.
 */
export function buildCreditNoteFields(
  input: CreditNoteInput,
  ctx: NoteRuleContext,
  source: SourceInvoice | null,
  base?: CreditNoteFields,
): NoteChange<CreditNoteFields> {
  const errors: Record<string, string> = {};
  const creating = base === undefined;
  const repointed = source !== null && (creating || input.sourceInvoiceId !== undefined);
  const header = mergeHeader(
    { ...input, clientId: input.clientId ?? (repointed ? source.clientId : input.clientId), date: input.creditNoteDate },
    base,
    {
      dateField: 'creditNoteDate',
      date: creating ? ctx.today : null,
      currency: creating && source ? source.currency : ctx.accountCurrency,
    },
    errors,
  );
  if (source && header.clientId && header.clientId !== source.clientId) {
    errors.clientId = `must be the client of invoice ${source.number} (client ${source.clientId}) or be left out`;
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);

  const prefill = creating && source && input.items === undefined ? noteLinesFromInvoice(source) : null;
  const { lines, total, gst } = mergeLines(input.items, base, input, ctx, header, errors, prefill);
  const sourceInvoiceId = sentOr(input.sourceInvoiceId, base?.sourceInvoiceId) ?? null;
  return {
    fields: {
      ...header,
      ...gst,
      originalInvoiceId: header.originalInvoiceId ?? sourceInvoiceId,
      totalAmount: total,
      sourceInvoiceId,
      reason: optionalText(sentOr(input.reason, base?.reason)),
    },
    lines,
  };
}
