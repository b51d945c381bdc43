import { DocumentStatus, PaymentStatus } from '../documents/document-enums';
import { GstFields, GstHeaderInput } from '../documents/document-gst';

/**
 * Debit notes and credit notes. Both carry lines of their own shape (`description`, `expense_date`,
 * `amount`, not the invoice line fields) and a header total that is the sum of the line amounts.
 */
export type NoteKind = 'debit-note' | 'credit-note';

/** Activity entity type of each kind. */
export const NOTE_ENTITY_TYPES: Record<NoteKind, string> = { 'debit-note': 'debit_note', 'credit-note': 'credit_note' };

/** Optional GST details of a note line (section 34): null when the line is a plain amount. */
export interface NoteLineGstDetails {
  hsnCode?: string | null;
  quantity?: string | null;
  unit?: string | null;
  taxableValue?: string | null;
  taxRate?: string | null;
  cgstAmount?: string | null;
  sgstAmount?: string | null;
  igstAmount?: string | null;
  /** Compensation cess of a line with a taxable value: its ad valorem rate in percent (null without one, tax/cess.ts). */
  cessRate?: string | null;
  /** The line's compensation cess, part of its amount; null (or absent) on a line without cess. */
  cessAmount?: string | null;
}

/** A line as stored: amount as a 2-decimal string, expense date 'Y-m-d' or null. */
export interface NoteLineFields extends NoteLineGstDetails {
  description: string;
  expenseDate: string | null;
  /** The line total (taxable value plus tax when the line carries tax). */
  amount: string;
}

export interface NoteLine extends NoteLineFields {
  id: number;
  noteId: number;
}

/** Header columns both kinds share (dates 'Y-m-d', money 2-decimal strings). */
export interface NoteHeaderFields extends GstFields {
  clientId: number;
  /** debit_note_date / credit_note_date. */
  date: string;
  currency: string;
  status: DocumentStatus;
  declarationText: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  lutNumber: string | null;
  /** The invoice the note refers to (rule 53(1A)); a credit note's defaults to its source invoice. */
  originalInvoiceId: number | null;
  /** Sum of the line amounts (rounded to the rupee when `roundOff` is set). */
  totalAmount: string;
}

/** The number a note was given when it was created; it never changes afterwards. */
export interface NoteNumber {
  number: string;
  fyStartYear: number;
  sequence: number;
}

export interface StoredNote extends NoteNumber {
  id: number;
  accountId: number;
  /** 'Y-m-d H:i:s' UTC. */
  createdAt: string;
  updatedAt: string;
}

export interface DebitNoteFields extends NoteHeaderFields {
  paymentDueDate: string | null;
  paymentStatus: PaymentStatus;
  paidAmount: string;
  paymentDate: string | null;
  /** When it became paid ('Y-m-d H:i:s' UTC), while it is paid. */
  paidAt: string | null;
}

export interface CreditNoteFields extends NoteHeaderFields {
  sourceInvoiceId: number | null;
  reason: string | null;
}

export type DebitNote = DebitNoteFields & StoredNote;
export type CreditNote = CreditNoteFields & StoredNote;

export interface NoteWithLines<N> {
  note: N;
  lines: NoteLine[];
}

/** A line as a caller sends it (snake_case, already shape-checked at the edge). */
export interface NoteLineInput {
  description?: string | null;
  expenseDate?: string | null;
  amount?: number | string | null;
  hsnCode?: string | null;
  quantity?: number | string | null;
  unit?: string | null;
  taxableValue?: number | string | null;
  taxRate?: number | string | null;
  cgstAmount?: number | string | null;
  sgstAmount?: number | string | null;
  igstAmount?: number | string | null;
  cessRate?: number | string | null;
  cessAmount?: number | string | null;
}

/** Header fields both kinds accept; `undefined` means "not sent", `null` clears an optional field. */
export interface NoteHeaderInput extends GstHeaderInput {
  clientId?: number | null;
  lutNumber?: string | null;
  originalInvoiceId?: number | null;
  currency?: string | null;
  status?: DocumentStatus | null;
  declarationText?: string | null;
  transportDetails?: string | null;
  lrNumber?: string | null;
  /** Sent: replaces every line (an empty array leaves none). Not sent: lines kept (PATCH) or none (create). */
  items?: NoteLineInput[];
}

export interface DebitNoteInput extends NoteHeaderInput {
  debitNoteDate?: string | null;
  paymentDueDate?: string | null;
  paymentStatus?: PaymentStatus | null;
  paidAmount?: number | string | null;
  paymentDate?: string | null;
}

export interface CreditNoteInput extends NoteHeaderInput {
  creditNoteDate?: string | null;
  sourceInvoiceId?: number | null;
  reason?: string | null;
}
