import { PaymentStatus } from '@app/domain/documents/document-enums';
import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { DebitNote, DebitNoteFields } from '@app/domain/notes/note';
import { DebitNoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { listedColumns } from '../documents/document-tables';
import { DebitNoteItemRow, DebitNoteRow } from './note.entity';
import { noteHeaderColumns, noteHeaderOf } from './typeorm-note-table';
import { TypeormNoteRepository } from './typeorm-note.repository';

export class TypeormDebitNoteRepository
  extends TypeormNoteRepository<DebitNote, DebitNoteFields, DebitNoteRow, DebitNoteItemRow>
  implements DebitNoteRepository
{
  constructor(db: Database, clock: Clock) {
    super(db, clock, {
      header: DebitNoteRow,
      items: DebitNoteItemRow,
      ...listedColumns('debit-note'),
      // Debit notes carry a payment status like invoices, so the invoice filter applies to them too.
      filters: (f: DocumentListFilter) => (f.paymentStatus ? [{ sql: 'n.payment_status = ?', params: [f.paymentStatus] }] : []),
    });
  }

  protected toNote(row: DebitNoteRow): DebitNote {
    return {
      ...noteHeaderOf(row),
      paymentDueDate: row.paymentDueDate,
      paymentStatus: row.paymentStatus as PaymentStatus,
      paidAmount: row.paidAmount,
      paymentDate: row.paymentDate,
      paidAt: row.paidAt,
    };
  }

  protected columnsOf(fields: DebitNoteFields): Partial<DebitNoteRow> {
    return {
      ...noteHeaderColumns(fields),
      paymentDueDate: fields.paymentDueDate,
      paymentStatus: fields.paymentStatus,
      paidAmount: fields.paidAmount,
      paymentDate: fields.paymentDate,
      paidAt: fields.paidAt,
    };
  }
}
