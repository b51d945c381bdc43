import { DEFAULT_CURRENCY } from '../shared/currency';
import { NoteHeaderFields, NoteHeaderInput, NoteLineFields, NoteLineInput } from './note';
import { noteLinesFrom, noteTotal } from './note-lines';

/** What the rules need to know beyond the request: business dates and the account's currency. */
export interface NoteRuleContext {
  /** Today in Asia/Kolkata, 'Y-m-d'. */
  today: string;
  /** Now, 'Y-m-d H:i:s' UTC. */
  nowTimestamp: string;
  /** The account's currency: the default of a note that names none. */
  accountCurrency: string;
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
): Omit<NoteHeaderFields, 'totalAmount'> {
  const clientId = sentOr(input.client_id, base?.clientId) ?? fallback.clientId ?? null;
  if (!clientId) errors.client_id = 'is required';
  const date = sentOr(input.date, base?.date) ?? fallback.date ?? null;
  if (!date) errors[fallback.dateField] = 'is required';
  return {
    clientId: clientId ?? 0,
    date: date ?? '',
    currency: sentOr(input.currency, base?.currency) || fallback.currency || DEFAULT_CURRENCY,
    status: sentOr(input.status, base?.status) ?? 'issued',
    declarationText: optionalText(sentOr(input.declaration_text, base?.declarationText)),
    transportDetails: optionalText(sentOr(input.transport_details, base?.transportDetails)),
    lrNumber: optionalText(sentOr(input.lr_number, base?.lrNumber)),
  };
}

/** New lines and total when `items` was sent; otherwise the stored lines stay and so does the total. */
export function mergeLines(
  items: readonly NoteLineInput[] | undefined,
  base: Pick<NoteHeaderFields, 'totalAmount'> | undefined,
): { lines: NoteLineFields[] | null; total: string } {
  if (items === undefined) return { lines: base ? null : [], total: base?.totalAmount ?? '0.00' };
  const lines = noteLinesFrom(items);
  return { lines, total: noteTotal(lines) };
}
