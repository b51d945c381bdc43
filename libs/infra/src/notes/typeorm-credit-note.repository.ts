import { CreditNote, CreditNoteFields } from '@app/domain/notes/note';
import { CreditNoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { CreditNoteItemRow, CreditNoteRow } from './note.entity';
import { noteHeaderColumns, noteHeaderOf } from './typeorm-note-table';
import { TypeormNoteRepository } from './typeorm-note.repository';

export class TypeormCreditNoteRepository
  extends TypeormNoteRepository<CreditNote, CreditNoteFields, CreditNoteRow, CreditNoteItemRow>
  implements CreditNoteRepository
{
  constructor(db: Database, clock: Clock) {
    super(db, clock, 'credit-note', { header: CreditNoteRow, items: CreditNoteItemRow });
  }

  protected toNote(row: CreditNoteRow): CreditNote {
    return { ...noteHeaderOf(row), sourceInvoiceId: row.sourceInvoiceId, reason: row.reason };
  }

  protected columnsOf(fields: CreditNoteFields): Partial<CreditNoteRow> {
    return { ...noteHeaderColumns(fields), sourceInvoiceId: fields.sourceInvoiceId, reason: fields.reason };
  }
}
