import type { Caller } from '../shared/caller';
import { PaymentLedger } from '../payments/payment-ledger';
import { paiseOf } from '../shared/money';
import { buildDebitNoteFields } from './debit-note-rules';
import { DebitNote, DebitNoteFields, DebitNoteInput } from './note';
import { DebitNoteRepository } from './note.repository.port';
import { NotesService, NoteServiceDeps, NoteWritten } from './notes.service';

export class DebitNotesService extends NotesService<DebitNote, DebitNoteFields> {
  protected readonly kind = 'debit-note';
  protected readonly noun = 'Debit note';

  /** Keeps payments and allocations in step with the notes (without it: no payment ledger). */
  private ledger?: PaymentLedger;

  constructor(notes: DebitNoteRepository, deps: NoteServiceDeps) {
    super(notes, deps);
  }

  withPayments(ledger: PaymentLedger): this {
    this.ledger = ledger;
    return this;
  }

  /** Creates a debit note with its number and lines; returns its id. */
  async create(caller: Caller, input: DebitNoteInput): Promise<NoteWritten> {
    const change = buildDebitNoteFields(input, await this.gstContext(caller, input, input.clientId));
    return this.deps.tx.run(async () => {
      const written = await this.insertNote(caller, change);
      // Created as paid or partly paid (the spec's path): the ledger records that payment.
      if (this.ledger && paiseOf(change.fields.paidAmount)! > 0) await this.followPayments(caller, written.id, change.fields);
      return written;
    });
  }

  /** Merges `input` over the stored note (lines replaced when `items` is sent). */
  async update(caller: Caller, id: number, input: DebitNoteInput): Promise<NoteWritten> {
    return this.deps.tx.run(async () => {
      const current = await this.require(caller.account.id, id, true);
      const ctx = await this.gstContext(caller, input, input.clientId ?? current.clientId, current);
      return this.saveNote(caller, current, buildDebitNoteFields(input, ctx, current), ctx.currentLines);
    });
  }

  protected override async beforeUpdate(caller: Caller, current: DebitNote, fields: DebitNoteFields): Promise<void> {
    if (this.ledger) await this.followPayments(caller, current.id, fields);
  }

  protected override async beforeDelete(caller: Caller, id: number): Promise<void> {
    if (this.ledger && (await this.ledger.lock(caller.account.id, { type: 'debit-note', id }))) await this.ledger.release(caller, { type: 'debit-note', id });
  }

  protected override summary(note: DebitNoteFields & { number: string }): Record<string, unknown> {
    return { ...super.summary(note), payment_status: note.paymentStatus, paid_amount: note.paidAmount };
  }

  /** The spec's path kept in step with the ledger; the header's payment date follows the receipts allocated to it. */
  private async followPayments(caller: Caller, id: number, fields: DebitNoteFields): Promise<void> {
    const doc = await this.ledger!.lock(caller.account.id, { type: 'debit-note', id });
    if (doc) fields.paymentDate = await this.ledger!.followStatus(caller, doc, { ...fields, tdsAmount: null });
  }
}
