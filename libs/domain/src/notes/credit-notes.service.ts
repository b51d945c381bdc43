import type { Caller } from '../shared/caller';
import { NotFound } from '../shared/domain-error';
import { buildCreditNoteFields } from './credit-note-rules';
import { CreditNote, CreditNoteFields, CreditNoteInput } from './note';
import { CreditNoteRepository } from './note.repository.port';
import { NotesService, NoteServiceDeps, NoteWritten } from './notes.service';
import { SourceInvoice, SourceInvoiceReader } from './source-invoice-reader.port';

export class CreditNotesService extends NotesService<CreditNote, CreditNoteFields> {
  protected readonly kind = 'credit-note';
  protected readonly noun = 'Credit note';

  constructor(
    notes: CreditNoteRepository,
    private readonly invoices: SourceInvoiceReader,
    deps: NoteServiceDeps,
  ) {
    super(notes, deps);
  }

  /** Creates a credit note, pre-filled from `source_invoice_id` when sent; returns its id. */
  async create(caller: Caller, input: CreditNoteInput): Promise<NoteWritten> {
    const accountId = caller.account.id;
    return this.deps.tx.run(async () => {
      const source = input.sourceInvoiceId ? await this.requireSource(accountId, input.sourceInvoiceId) : null;
      const ctx = await this.gstContext(caller, input, input.clientId ?? source?.clientId);
      return this.insertNote(caller, buildCreditNoteFields(input, ctx, source));
    });
  }

  /**
   * Merges `input` over the stored note (lines replaced when `items` is sent). A sent
   * `source_invoice_id` must be an invoice of the account; the client must stay that of the invoice.
   */
  async update(caller: Caller, id: number, input: CreditNoteInput): Promise<NoteWritten> {
    const accountId = caller.account.id;
    return this.deps.tx.run(async () => {
      const current = await this.require(accountId, id, true);
      let source: SourceInvoice | null = null;
      if (input.sourceInvoiceId) source = await this.requireSource(accountId, input.sourceInvoiceId);
      else if (input.sourceInvoiceId === undefined && input.clientId !== undefined && current.sourceInvoiceId) {
        // The stored invoice may have been deleted since; then there is nothing left to agree with.
        source = await this.invoices.findForCreditNote(accountId, current.sourceInvoiceId);
      }
      const ctx = await this.gstContext(caller, input, input.clientId ?? (input.sourceInvoiceId ? source?.clientId : undefined) ?? current.clientId, current);
      return this.saveNote(caller, current, buildCreditNoteFields(input, ctx, source, current), ctx.currentLines);
    });
  }

  protected override summary(note: CreditNoteFields & { number: string }): Record<string, unknown> {
    return { ...super.summary(note), source_invoice_id: note.sourceInvoiceId };
  }

  private async requireSource(accountId: number, invoiceId: number): Promise<SourceInvoice> {
    const invoice = await this.invoices.findForCreditNote(accountId, invoiceId);
    if (!invoice) throw new NotFound('Invoice not found.', { source_invoice_id: invoiceId });
    return invoice;
  }
}
