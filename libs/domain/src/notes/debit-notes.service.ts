import type { Caller } from '../auth/authenticate-caller.use-case';
import { buildDebitNoteFields } from './debit-note-rules';
import { DebitNote, DebitNoteFields, DebitNoteInput } from './note';
import { DebitNoteRepository } from './note.repository.port';
import { NotesService, NoteServiceDeps, NoteWritten } from './notes.service';

export class DebitNotesService extends NotesService<DebitNote, DebitNoteFields> {
  protected readonly kind = 'debit-note';
  protected readonly noun = 'Debit note';

  constructor(notes: DebitNoteRepository, deps: NoteServiceDeps) {
    super(notes, deps);
  }

  /** Creates a debit note with its number and lines; returns its id. */
  async create(caller: Caller, input: DebitNoteInput): Promise<NoteWritten> {
    const change = buildDebitNoteFields(input, await this.gstContext(caller, input, input.client_id));
    return this.deps.tx.run(() => this.insertNote(caller, change));
  }

  /** Merges `input` over the stored note (lines replaced when `items` is sent). */
  async update(caller: Caller, id: number, input: DebitNoteInput): Promise<NoteWritten> {
    return this.deps.tx.run(async () => {
      const current = await this.require(caller.account.id, id, true);
      const ctx = await this.gstContext(caller, input, input.client_id ?? current.clientId, current);
      return this.saveNote(caller, current, buildDebitNoteFields(input, ctx, current), ctx.currentLines);
    });
  }

  protected override summary(note: DebitNoteFields & { number: string }): Record<string, unknown> {
    return { ...super.summary(note), payment_status: note.paymentStatus, paid_amount: note.paidAmount };
  }
}
