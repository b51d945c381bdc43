import { PaymentStatus } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { DebitNote, DebitNoteFields } from '@app/domain/notes/note';
import { DebitNoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { DebitNoteItemRow, DebitNoteRow } from './note.entity';
import { noteHeaderColumns, noteHeaderOf } from './typeorm-note-table';
import { TypeormNoteRepository } from './typeorm-note.repository';

export class TypeormDebitNoteRepository
  extends TypeormNoteRepository<DebitNote, DebitNoteFields, DebitNoteRow, DebitNoteItemRow>
  implements DebitNoteRepository
{
  constructor(db: Database, clock: Clock) {
    super(db, clock, 'debit-note', {
      header: DebitNoteRow,
      items: DebitNoteItemRow,
      // Debit notes carry a payment status like invoices, so the invoice filter applies to them too.
      filters: (f: DocumentListFilter) => (f.paymentStatus ? [{ sql: 'd.payment_status = ?', params: [f.paymentStatus] }] : []),
    });
  }

  protected toNote(row: DebitNoteRow): DebitNote {
    return { ...noteHeaderOf(row), ...paymentOf(row), paymentStatus: row.paymentStatus as PaymentStatus };
  }

  protected columnsOf(fields: DebitNoteFields): Partial<DebitNoteRow> {
    return { ...noteHeaderColumns(fields), ...paymentOf(fields) };
  }
}

/** The payment columns a debit note has beyond the note header; its row and its fields name them alike. */
type PaymentColumns = Pick<DebitNoteRow, 'paymentDueDate' | 'paymentStatus' | 'paidAmount' | 'paymentDate' | 'paidAt'>;

function paymentOf({ paymentDueDate, paymentStatus, paidAmount, paymentDate, paidAt }: PaymentColumns): PaymentColumns {
  return { paymentDueDate, paymentStatus, paidAmount, paymentDate, paidAt };
}
