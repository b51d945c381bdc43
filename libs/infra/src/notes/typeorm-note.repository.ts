import { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import { NoteHeaderFields, NoteKind, NoteLine, NoteLineFields, NoteNumber } from '@app/domain/notes/note';
import { NoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Page } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { listedColumns } from '../documents/document-tables';
import { SqlRetainedDocuments } from '../documents/sql-retained-documents';
import { sqlNow } from '../shared/sql-time';
import { NoteHeaderRow, NoteItemRow } from './note.entity';
import { NoteEntities, numberColumns, TypeormNoteTable } from './typeorm-note-table';

/**
 * A note repository over one note table (debit notes, credit notes). A kind maps its rows to notes
 * and its fields to columns; the table does the rest, timestamps come from the clock.
 */
export abstract class TypeormNoteRepository<N, F extends NoteHeaderFields, Row extends NoteHeaderRow, Item extends NoteItemRow> extends NoteRepository<N, F> {
  private readonly table: TypeormNoteTable<Row, Item>;

  private readonly retained: SqlRetainedDocuments;

  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly kind: NoteKind,
    entities: NoteEntities<Row, Item>,
  ) {
    super();
    this.retained = new SqlRetainedDocuments(db);
    this.table = new TypeormNoteTable(db, { ...entities, ...listedColumns(kind) });
  }

  /** The row in domain form. */
  protected abstract toNote(row: Row): N;

  /** The header columns of the kind's fields (numbering and timestamps excepted). */
  protected abstract columnsOf(fields: F): Partial<Row>;

  async findById(accountId: number, id: number, options?: { forUpdate?: boolean }): Promise<N | null> {
    const row = await this.table.findRow(accountId, id, options?.forUpdate);
    return row ? this.toNote(row) : null;
  }

  findLines(accountId: number, noteId: number): Promise<NoteLine[]> {
    return this.table.lines(accountId, noteId);
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<N>> {
    const page = await this.table.listRows(accountId, filter);
    return { ...page, rows: page.rows.map((row) => this.toNote(row)) };
  }

  insert(accountId: number, fields: F, number: NoteNumber): Promise<number> {
    const now = sqlNow(this.clock.now());
    return this.table.insertRow({ ...this.columnsOf(fields), ...numberColumns(number), accountId, createdAt: now, updatedAt: now });
  }

  update(accountId: number, id: number, fields: F): Promise<void> {
    return this.table.updateRow(accountId, id, { ...this.columnsOf(fields), updatedAt: sqlNow(this.clock.now()) });
  }

  renumber(accountId: number, id: number, number: NoteNumber): Promise<void> {
    return this.table.updateRow(accountId, id, { ...numberColumns(number), updatedAt: sqlNow(this.clock.now()) } as Partial<Row>);
  }

  replaceLines(accountId: number, noteId: number, lines: NoteLineFields[]): Promise<void> {
    return this.table.replaceLines(accountId, noteId, lines);
  }

  /** Deletes the note; one that holds a number of the tax series is kept for the tax records first (SqlRetainedDocuments). */
  async delete(accountId: number, id: number): Promise<void> {
    await this.retained.retain(accountId, this.kind, { ids: [id] });
    await this.table.delete(accountId, id, this.clock.now());
  }

  existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return this.table.existingIds(accountId, ids);
  }
}
