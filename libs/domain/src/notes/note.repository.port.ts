import { DocumentListFilter } from '../documents/document-list-filter';
import { Page } from '../shared/pagination';
import { CreditNote, CreditNoteFields, DebitNote, DebitNoteFields, NoteLine, NoteLineFields, NoteNumber } from './note';

/**
 * Storage of one kind of note and its lines. Every method is scoped by the account; a note of
 * another account does not exist for it. Inside `TransactionRunner.run` the methods join the
 * transaction.
 */
export abstract class NoteRepository<N, F> {
  /** `forUpdate` locks the row until the transaction ends (PATCH). */
  abstract findById(accountId: number, id: number, options?: { forUpdate?: boolean }): Promise<N | null>;
  /** Lines of the note ordered by item_id. */
  abstract findLines(accountId: number, noteId: number): Promise<NoteLine[]>;
  /**
   * Header rows, newest note date first, ties by id descending. Honors fy_start_year (over
   * date_from/date_to), client_id, status, search (number or client name) and, for debit notes,
   * payment_status.
   */
  abstract list(accountId: number, filter: DocumentListFilter): Promise<Page<N>>;
  abstract insert(accountId: number, fields: F, number: NoteNumber): Promise<number>;
  abstract update(accountId: number, id: number, fields: F): Promise<void>;
  /** Gives the note `number` (a draft's provisional number replaced by its tax-series number at issue). */
  abstract renumber(accountId: number, id: number, number: NoteNumber): Promise<void>;
  /** Deletes the note's lines and stores `lines` in their order. */
  abstract replaceLines(accountId: number, noteId: number, lines: NoteLineFields[]): Promise<void>;
  /** Deletes the note and its lines. */
  abstract delete(accountId: number, id: number): Promise<void>;
  /** Those of `ids` that are notes of this kind of the account. */
  abstract existingIds(accountId: number, ids: number[]): Promise<number[]>;
}

export abstract class DebitNoteRepository extends NoteRepository<DebitNote, DebitNoteFields> {}
export abstract class CreditNoteRepository extends NoteRepository<CreditNote, CreditNoteFields> {}
