import { documentDateRange, DocumentListFilter } from '../src/documents/document-list-filter';
import {
  CreditNote,
  CreditNoteFields,
  DebitNote,
  DebitNoteFields,
  NoteHeaderFields,
  NoteLine,
  NoteLineFields,
  NoteNumber,
  StoredNote,
} from '../src/notes/note';
import { CreditNoteRepository, DebitNoteRepository, NoteRepository } from '../src/notes/note.repository.port';
import { Page } from '../src/shared/pagination';

type ClientNames = (accountId: number, clientId: number) => string | undefined;

/**
 * Notes and lines in memory, with the semantics of the SQL adapter: every call scoped by account,
 * lines in item_id order, lists newest note date first (ties by id) with the document filters.
 */
export class InMemoryNoteRepository<N extends StoredNote & F, F extends NoteHeaderFields> extends NoteRepository<N, F> {
  readonly notes = new Map<number, N>();
  readonly lines = new Map<number, NoteLine>();
  private nextId = 1;
  private nextLineId = 1;

  constructor(
    private readonly clientNames: ClientNames = () => undefined,
    private readonly now: () => string = () => '2025-05-15 06:30:00',
  ) {
    super();
  }

  async findById(accountId: number, id: number): Promise<N | null> {
    const note = this.notes.get(id);
    return note && note.accountId === accountId ? { ...note } : null;
  }

  async findLines(accountId: number, noteId: number): Promise<NoteLine[]> {
    return [...this.lines.values()]
      .filter((l) => l.noteId === noteId && this.notes.get(noteId)?.accountId === accountId)
      .sort((a, b) => a.id - b.id)
      .map((l) => ({ ...l }));
  }

  async list(accountId: number, filter: DocumentListFilter): Promise<Page<N>> {
    const { from, to } = documentDateRange(filter);
    const search = filter.search?.trim().toLowerCase();
    const rows = [...this.notes.values()]
      .filter((n) => n.accountId === accountId)
      .filter((n) => (!from || n.date >= from) && (!to || n.date <= to))
      .filter((n) => filter.clientId === undefined || n.clientId === filter.clientId)
      .filter((n) => filter.status === undefined || n.status === filter.status)
      .filter((n) => filter.paymentStatus === undefined || (n as { paymentStatus?: string }).paymentStatus === filter.paymentStatus)
      .filter((n) => !search || n.number.toLowerCase().includes(search) || (this.clientNames(accountId, n.clientId) ?? '').toLowerCase().includes(search))
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
    return { rows: rows.slice(filter.offset, filter.offset + filter.limit).map((n) => ({ ...n })), total: rows.length };
  }

  async insert(accountId: number, fields: F, number: NoteNumber): Promise<number> {
    const id = this.nextId++;
    const now = this.now();
    this.notes.set(id, { ...fields, ...number, id, accountId, createdAt: now, updatedAt: now } as N);
    return id;
  }

  async update(accountId: number, id: number, fields: F): Promise<void> {
    const note = this.notes.get(id);
    if (note && note.accountId === accountId) this.notes.set(id, { ...note, ...fields, updatedAt: this.now() });
  }

  async renumber(accountId: number, id: number, number: NoteNumber): Promise<void> {
    const note = this.notes.get(id);
    if (note && note.accountId === accountId) this.notes.set(id, { ...note, ...number, updatedAt: this.now() });
  }

  async replaceLines(accountId: number, noteId: number, lines: NoteLineFields[]): Promise<void> {
    if (this.notes.get(noteId)?.accountId !== accountId) return;
    for (const [id, line] of this.lines) if (line.noteId === noteId) this.lines.delete(id);
    for (const line of lines) {
      const id = this.nextLineId++;
      this.lines.set(id, { ...line, id, noteId });
    }
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (this.notes.get(id)?.accountId !== accountId) return;
    for (const [lineId, line] of this.lines) if (line.noteId === id) this.lines.delete(lineId);
    this.notes.delete(id);
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.notes.get(id)?.accountId === accountId);
  }
}

export class InMemoryDebitNoteRepository extends InMemoryNoteRepository<DebitNote, DebitNoteFields> implements DebitNoteRepository {}
export class InMemoryCreditNoteRepository extends InMemoryNoteRepository<CreditNote, CreditNoteFields> implements CreditNoteRepository {}
