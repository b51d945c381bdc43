import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { PaymentStatus } from '@app/domain/documents/document-enums';
import { DebitNote, DebitNoteFields, NoteLine, NoteLineFields, NoteNumber } from '@app/domain/notes/note';
import { DebitNoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page } from '@app/domain/shared/pagination';
import { Database } from '../database/typeorm-transaction-runner';
import { sqlNow } from '../shared/sql-time';
import { DebitNoteItemRow, DebitNoteRow } from './note.entity';
import { noteHeaderColumns, noteHeaderOf, numberColumns, TypeormNoteTable } from './typeorm-note-table';

function toDebitNote(row: DebitNoteRow): DebitNote {
  return {
    ...noteHeaderOf(row),
    paymentDueDate: row.paymentDueDate,
    paymentStatus: row.paymentStatus as PaymentStatus,
    paidAmount: row.paidAmount,
    paymentDate: row.paymentDate,
    paidAt: row.paidAt,
  };
}

function columnsOf(fields: DebitNoteFields): Partial<DebitNoteRow> {
  return {
    ...noteHeaderColumns(fields),
    paymentDueDate: fields.paymentDueDate,
    paymentStatus: fields.paymentStatus,
    paidAmount: fields.paidAmount,
    paymentDate: fields.paymentDate,
    paidAt: fields.paidAt,
  };
}

export class TypeormDebitNoteRepository extends DebitNoteRepository {
  private readonly table: TypeormNoteTable<DebitNoteRow, DebitNoteItemRow>;

  constructor(
    db: Database,
    private readonly clock: Clock,
  ) {
    super();
    this.table = new TypeormNoteTable(db, {
      header: DebitNoteRow,
      items: DebitNoteItemRow,
      table: 'debit_notes',
      numberColumn: 'debit_note_number',
      dateColumn: 'debit_note_date',
      // Debit notes carry a payment status like invoices, so the invoice filter applies to them too.
      filters: (f: DocumentListFilter) => (f.paymentStatus ? [{ sql: 'n.payment_status = ?', params: [f.paymentStatus] }] : []),
    });
  }

  async findById(accountId: number, id: number, options?: { forUpdate?: boolean }): Promise<DebitNote | null> {
    const row = await this.table.findRow(accountId, id, options?.forUpdate);
    return row ? toDebitNote(row) : null;
  }

  findLines(accountId: number, noteId: number): Promise<NoteLine[]> {
    return this.table.lines(accountId, noteId);
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<DebitNote>> {
    const page = await this.table.listRows(accountId, filter);
    return { rows: page.rows.map(toDebitNote), total: page.total };
  }

  insert(accountId: number, fields: DebitNoteFields, number: NoteNumber): Promise<number> {
    const now = sqlNow(this.clock.now());
    return this.table.insertRow({ ...columnsOf(fields), ...numberColumns(number), accountId, createdAt: now, updatedAt: now });
  }

  update(accountId: number, id: number, fields: DebitNoteFields): Promise<void> {
    return this.table.updateRow(accountId, id, { ...columnsOf(fields), updatedAt: sqlNow(this.clock.now()) });
  }

  replaceLines(accountId: number, noteId: number, lines: NoteLineFields[]): Promise<void> {
    return this.table.replaceLines(accountId, noteId, lines);
  }

  delete(accountId: number, id: number): Promise<void> {
    return this.table.delete(accountId, id);
  }

  existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return this.table.existingIds(accountId, ids);
  }
}
