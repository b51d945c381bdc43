import { GstContext, GstFields, gstFieldsOf, gstinOnlySupplier, readGstHeader } from '../documents/document-gst';
import { DEFAULT_CURRENCY } from '../shared/currency';
import { ValidationFailed } from '../shared/domain-error';
import { sumMoney } from '../shared/money';
import { roundToRupee } from '../tax/tax-engine';
import { NoteHeaderFields, NoteHeaderInput, NoteLineFields, NoteLineInput } from './note';
import { applyGstToNoteLines, checkNoteLineCodes, noteLinesFrom, noteTotal } from './note-lines';
import { cgstSgstWarnings, sortedWarnings } from '../tax/tax-checks';

/** What the rules need to know beyond the request: business dates and the account's currency. */
export interface NoteRuleContext {
  /** Today in Asia/Kolkata, 'Y-m-d'. */
  today: string;
  /** Now, 'Y-m-d H:i:s' UTC. */
  nowTimestamp: string;
  /** The account's currency: the default of a note that names none. */
  accountCurrency: string;
  /** The client and the business as the tax rules see them. */
  gst?: GstContext;
  /** The stored lines of the note a PATCH changes (to recheck them against a new header). */
  currentLines?: NoteLineFields[];
}

/** The result of applying a request to a note: its header and, when `items` was sent, its new lines. */
export interface NoteChange<F> {
  fields: F;
  /** null: keep the stored lines (PATCH without `items`). */
  lines: NoteLineFields[] | null;
}

/** The sent value when the field was sent (null included), else the stored one. */
export function sentOr<T>(sent: T | undefined, stored: T): T {
  return sent !== undefined ? sent : stored;
}

/** Optional text: an empty string means none. */
export function optionalText(value: string | null | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The shared header fields of `input` merged over `base` (PATCH) or over nothing (create). Missing
 * required fields are added to `errors`; `fallback` supplies defaults that depend on the kind.
 */
export function mergeHeader(
  input: NoteHeaderInput & { date?: string | null },
  base: NoteHeaderFields | undefined,
  fallback: { dateField: string; date?: string | null; clientId?: number | null; currency?: string | null },
  errors: Record<string, string>,
): Omit<NoteHeaderFields, 'totalAmount' | keyof GstFields> {
  const clientId = sentOr(input.clientId, base?.clientId) ?? fallback.clientId ?? null;
  if (!clientId) errors.clientId = 'is required';
  const date = sentOr(input.date, base?.date) ?? fallback.date ?? null;
  if (!date) errors[fallback.dateField] = 'is required';
  return {
    clientId: clientId ?? 0,
    date: date ?? '',
    currency: sentOr(input.currency, base?.currency) || fallback.currency || DEFAULT_CURRENCY,
    status: sentOr(input.status, base?.status) ?? 'issued',
    declarationText: optionalText(sentOr(input.declarationText, base?.declarationText)),
    transportDetails: optionalText(sentOr(input.transportDetails, base?.transportDetails)),
    lrNumber: optionalText(sentOr(input.lrNumber, base?.lrNumber)),
    lutNumber: optionalText(sentOr(input.lutNumber, base?.lutNumber)),
    originalInvoiceId: sentOr(input.originalInvoiceId, base?.originalInvoiceId) ?? null,
  };
}

/**
 * New lines and total when `items` (or `prefill`) was sent; otherwise the stored lines stay and so does the
 * total. The GST header is read too: lines with a taxable value and no amounts get their tax computed, the
 * others are checked (`taxWarnings`); `roundOff` rounds the total to the rupee.
 */
export function mergeLines(
  items: readonly NoteLineInput[] | undefined,
  base: NoteHeaderFields | undefined,
  gstInput: NoteHeaderInput = {},
  ctx?: NoteRuleContext,
  header?: { clientId: number; lutNumber: string | null; currency?: string },
  errors: Record<string, string> = {},
  prefill: NoteLineFields[] | null = null,
): { lines: NoteLineFields[] | null; total: string; gst: GstFields } {
  const add = (field: string, problem: string) => {
    if (!(field in errors)) errors[field] = problem;
  };
  const gst = readGstHeader(
    gstInput,
    base,
    ctx?.gst ?? { client: null, supplier: gstinOnlySupplier(null) },
    {
      invoiceType: null,
      lutNumber: header?.lutNumber ?? null,
      clientChanged: !!base && !!header && header.clientId !== base.clientId,
      typeChanged: false,
      currency: header?.currency,
    },
    { add },
  );
  checkNoteLineCodes(items, add);
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const omitted: boolean[] = [];
  const sent = prefill ?? (items === undefined ? null : noteLinesFrom(items, omitted));
  const kept = sent ?? ctx?.currentLines ?? null;
  const applied = applyGstToNoteLines(kept ?? [], sent && !prefill ? omitted : [], gst);
  let total = kept ? noteTotal(applied.lines) : (base?.totalAmount ?? '0.00');
  let roundOff: string | null = null;
  if (gst.roundOffWanted) {
    const rounded = roundToRupee(kept ? total : money2Of(base, total));
    total = rounded.total;
    roundOff = rounded.roundOff;
  }
  const warnings = sortedWarnings([...applied.warnings, ...cgstSgstWarnings(applied.lines, gst.kind)]);
  return { lines: sent ? applied.lines : base ? null : [], total, gst: gstFieldsOf(gst, roundOff, warnings) };
}

/** The unrounded total of a stored note whose lines were not read: its total less its round-off. */
function money2Of(base: NoteHeaderFields | undefined, total: string): string {
  if (!base?.roundOff) return total;
  return sumMoney([total, `-${base.roundOff}`.replace('--', '')]);
}
