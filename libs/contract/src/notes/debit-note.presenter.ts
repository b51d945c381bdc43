import { DebitNote, NoteWithLines } from '@app/domain/notes/note';
import { toNumber2 } from '@app/domain/shared/money';
import { presentNoteCommon, presentNoteLines } from './note.presenter';
import { presentGstDetails } from '../documents/gst.presenter';

/** A list row: header columns only. */
export function presentDebitNote(note: DebitNote) {
  return {
    debit_note_id: note.id,
    debit_note_number: note.number,
    debit_note_date: note.date,
    payment_due_date: note.paymentDueDate,
    payment_status: note.paymentStatus,
    paid_amount: toNumber2(note.paidAmount),
    payment_date: note.paymentDate,
    ...presentNoteCommon(note),
  };
}

/** A single read: the header and its lines. */
export function presentDebitNoteWithLines({ note, lines }: NoteWithLines<DebitNote>) {
  return { ...presentDebitNote(note), ...presentGstDetails(note), items: presentNoteLines(lines, 'debit_note_id') };
}
