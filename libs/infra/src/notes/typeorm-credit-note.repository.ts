import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { CreditNote, CreditNoteFields, NoteLine, NoteLineFields, NoteNumber } from '@app/domain/notes/note';
import { CreditNoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page } from '@app/domain/shared/pagination';
import { Database } from '../database/typeorm-transaction-runner';
import { sqlNow } from '../shared/sql-time';
import { CreditNoteItemRow, CreditNoteRow } from './note.entity';
import { noteHeaderColumns, noteHeaderOf, numberColumns, TypeormNoteTable } from './typeorm-note-table';

function toCreditNote(row: CreditNoteRow): CreditNote {
  return { ...noteHeaderOf(row), sourceInvoiceId: row.sourceInvoiceId, reason: row.reason };
}

function columnsOf(fields: CreditNoteFields): Partial<CreditNoteRow> {
  return { ...noteHeaderColumns(fields), sourceInvoiceId: fields.sourceInvoiceId, reason: fields.reason };
}

export class TypeormCreditNoteRepository extends CreditNoteRepository {
  private readonly table: TypeormNoteTable<CreditNoteRow, CreditNoteItemRow>;

  constructor(
    db: Database,
    private readonly clock: Clock,
  ) {
    super();
    this.table = new TypeormNoteTable(db, {
      header: CreditNoteRow,
      items: CreditNoteItemRow,
      table: 'credit_notes',
      numberColumn: 'credit_note_number',
      dateColumn: 'credit_note_date',
    });
  }

  async findById(accountId: number, id: number, options?: { forUpdate?: boolean }): Promise<CreditNote | null> {
    const row = await this.table.findRow(accountId, id, options?.forUpdate);
    return row ? toCreditNote(row) : null;
  }

  findLines(accountId: number, noteId: number): Promise<NoteLine[]> {
    return this.table.lines(accountId, noteId);
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<CreditNote>> {
    const page = await this.table.listRows(accountId, filter);
    return { rows: page.rows.map(toCreditNote), total: page.total };
  }

  insert(accountId: number, fields: CreditNoteFields, number: NoteNumber): Promise<number> {
    const now = sqlNow(this.clock.now());
    return this.table.insertRow({ ...columnsOf(fields), ...numberColumns(number), accountId, createdAt: now, updatedAt: now });
  }

  update(accountId: number, id: number, fields: CreditNoteFields): Promise<void> {
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
