import { CreditNote, NoteWithLines } from '@app/domain/notes/note';
import { presentNoteCommon, presentNoteLines } from './note.presenter';
import { presentGstDetails } from '../documents/gst.presenter';

/** A list row: header columns only. */
export function presentCreditNote(note: CreditNote) {
  return {
    credit_note_id: note.id,
    credit_note_number: note.number,
    credit_note_date: note.date,
    source_invoice_id: note.sourceInvoiceId,
    reason: note.reason,
    ...presentNoteCommon(note),
  };
}

/** A single read: the header and its lines. */
export function presentCreditNoteWithLines({ note, lines }: NoteWithLines<CreditNote>) {
  return { ...presentCreditNote(note), ...presentGstDetails(note), items: presentNoteLines(lines, 'credit_note_id') };
}
