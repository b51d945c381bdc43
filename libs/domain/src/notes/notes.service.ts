import { bulkDelete, BulkDeleteResult } from '../shared/bulk-delete';
import type { Caller } from '../shared/caller';
import { ActivityRecorder } from '../activity/activity-recorder';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentListFilter } from '../documents/document-list-filter';
import { assertStaysIssued, DocumentNumbering, takesTaxNumber } from '../documents/document-numbering';
import { DocumentQuota } from '../documents/document-quota';
import { Clock } from '../shared/clock.port';
import { found, NotFound } from '../shared/domain-error';
import { formatTimestamp, kolkataDate } from '../shared/fiscal-year';
import { Page } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { NOTE_ENTITY_TYPES, NoteHeaderFields, NoteKind, NoteLineFields, NoteWithLines, StoredNote } from './note';
import { NoteChange, NoteRuleContext } from './note-fields';
import { documentChanges } from '../activity/field-changes';
import { NoteRepository } from './note.repository.port';
import { SourceInvoiceReader } from './source-invoice-reader.port';
import { TaxWarning } from '../tax/tax-engine';
import { creditNoteTimeBarWarnings, placeOfSupplyWarnings, rateNotInForceWarnings, sortedWarnings } from '../tax/tax-checks';
import { supplierAddressWarnings } from '../tax/supplier-checks';
import { cessNotApplicableWarnings } from '../tax/cess';
import { gstContextFor } from '../documents/document-gst-context';
import { NoteHeaderInput } from './note';

/** A note written: its id and the lines whose sent amounts disagree with the tax rule. */
export interface NoteWritten {
  id: number;
  taxWarnings: TaxWarning[];
}

/** What both note services need besides their own repository. */
export interface NoteServiceDeps {
  clients: ClientRepository;
  numbering: DocumentNumbering;
  quota: DocumentQuota;
  tx: TransactionRunner;
  clock: Clock;
  activity: ActivityRecorder;
  /** Reads the invoice a note's `original_invoice_id` names (it must be the account's). */
  invoices?: SourceInvoiceReader;
}

/**
 * What debit notes and credit notes do alike: list, read with lines, delete, bulk delete, and the
 * create/update steps around their own field rules (quota, client ownership, number, lines, activity,
 * all in one transaction). Each kind adds `create` and `update` with its rules.
 */
export abstract class NotesService<N extends StoredNote & F, F extends NoteHeaderFields> {
  protected abstract readonly kind: NoteKind;
  /** 'Debit note' / 'Credit note', for messages. */
  protected abstract readonly noun: string;

  constructor(
    protected readonly notes: NoteRepository<N, F>,
    protected readonly deps: NoteServiceDeps,
  ) {}

  list(caller: Caller, filter: DocumentListFilter): Promise<Page<N>> {
    return this.notes.list(caller.account.id, filter);
  }

  async get(caller: Caller, id: number): Promise<NoteWithLines<N>> {
    const accountId = caller.account.id;
    const note = await this.require(accountId, id);
    return { note, lines: await this.notes.findLines(accountId, id) };
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.deps.tx.run(async () => {
      const note = await this.require(accountId, id, true);
      await this.beforeDelete(caller, id);
      await this.notes.delete(accountId, id);
      await this.record(caller, 'deleted', note, this.summary(note), null);
    });
  }

  /** Deletes each id that is a note of this kind of the account; the others come back in `skipped`. */
  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    const accountId = caller.account.id;
    return bulkDelete(
      this.deps.tx,
      ids,
      (unique) => this.notes.existingIds(accountId, unique),
      async (owned) => {
        const deleted: number[] = [];
        for (const id of owned) {
          const note = await this.notes.findById(accountId, id, { forUpdate: true });
          if (!note) continue;
          await this.beforeDelete(caller, id);
          await this.notes.delete(accountId, id);
          await this.record(caller, 'deleted', note, this.summary(note), null);
          deleted.push(id);
        }
        return deleted;
      },
    );
  }

  /**
   * Runs in the updating transaction once the change is checked, before it is written; it may adjust `fields`
   * (debit notes keep their payments in step with the payment status).
   */
  protected async beforeUpdate(_caller: Caller, _current: N, _fields: F): Promise<void> {}

  /** Runs in the deleting transaction, the note locked, before it goes (debit notes release their payments). */
  protected async beforeDelete(_caller: Caller, _id: number): Promise<void> {}

  /** Business dates of this moment and the account's currency. */
  protected context(caller: Caller): NoteRuleContext {
    const now = this.deps.clock.now();
    return { today: kolkataDate(now), nowTimestamp: formatTimestamp(now), accountCurrency: caller.account.currency };
  }

  /**
   * The rule context with the tax facts of a write: the client (`clientId`, when known), the business, the
   * stored lines of the note a PATCH changes; a sent `original_invoice_id` must be an invoice of the account.
   */
  protected async gstContext(caller: Caller, input: NoteHeaderInput, clientId: unknown, current?: N): Promise<NoteRuleContext> {
    const accountId = caller.account.id;
    if (input.originalInvoiceId && this.deps.invoices && !(await this.deps.invoices.findForCreditNote(accountId, input.originalInvoiceId))) {
      throw new NotFound('Invoice not found.', { original_invoice_id: input.originalInvoiceId });
    }
    return {
      ...this.context(caller),
      gst: await gstContextFor(this.deps.clients, caller.account, clientId),
      currentLines: current ? await this.notes.findLines(accountId, current.id) : undefined,
    };
  }

  /** Create steps; call inside the transaction. Returns the new note's id. */
  protected async insertNote(caller: Caller, built: NoteChange<F>): Promise<NoteWritten> {
    const accountId = caller.account.id;
    const change = await this.withDatedWarnings(accountId, built, []);
    await this.deps.quota.assertCanCreate(caller.account);
    await this.requireClient(accountId, change.fields.clientId);
    // A draft takes a provisional number of the draft series; the tax series numbers it when it is issued.
    const number = await this.deps.numbering.allocate(accountId, this.kind, change.fields.date, change.fields.status);
    const id = await this.notes.insert(accountId, change.fields, number);
    await this.notes.replaceLines(accountId, id, change.lines ?? []);
    await this.record(caller, 'created', { id, number: number.number }, null, this.summary({ ...change.fields, number: number.number }));
    return { id, taxWarnings: change.fields.taxWarnings };
  }

  /**
   * Update steps; call inside the transaction with the note read for update. The number never changes, except that
   * a draft being issued takes the next number of the tax series then (and an issued note never goes back to draft).
   * `currentLines` are the stored lines when the caller read them already (the rule context does).
   */
  protected async saveNote(caller: Caller, current: N, built: NoteChange<F>, currentLines?: NoteLineFields[]): Promise<NoteWritten> {
    const accountId = caller.account.id;
    const stored = currentLines ?? (await this.notes.findLines(accountId, current.id));
    const change = await this.withDatedWarnings(accountId, built, stored);
    if (change.fields.clientId !== current.clientId) await this.requireClient(accountId, change.fields.clientId);
    const linesBefore = change.lines === null ? [] : stored;
    assertStaysIssued(current.number, current.status, change.fields.status);
    await this.beforeUpdate(caller, current, change.fields);
    let number = current.number;
    if (takesTaxNumber(current.number, change.fields.status)) {
      const allocated = await this.deps.numbering.allocate(accountId, this.kind, change.fields.date);
      await this.notes.renumber(accountId, current.id, allocated);
      number = allocated.number;
    }
    await this.notes.update(accountId, current.id, change.fields);
    if (change.lines !== null) await this.notes.replaceLines(accountId, current.id, change.lines);
    const { before, after } = documentChanges({
      summary: { before: this.summary(current), after: this.summary({ ...change.fields, number }) },
      header: { before: current, after: change.fields, names: { date: `${NOTE_ENTITY_TYPES[this.kind]}_date` } },
      lines: { before: linesBefore, after: change.lines, ignore: ['noteId'] },
    });
    await this.record(caller, 'updated', { id: current.id, number }, before, after);
    return { id: current.id, taxWarnings: change.fields.taxWarnings };
  }

  /**
   * The warnings that depend on the note's date and on the invoice it refers to (`original_invoice_id`), added to
   * those of its lines: a line's rate not in force on the date of that invoice (a note carries the rates of the
   * supply it corrects), or on the note's own date when it refers to none; compensation cess where none applies on that
   * same date (`cess_not_applicable`); a merged place of supply; a credit note
   * past the section 34(2) deadline of that invoice's financial year; and a supplier without an address or state
   * (`supplier_address_missing`). `storedLines` are the lines a change without `items` keeps.
   */
  private async withDatedWarnings(accountId: number, change: NoteChange<F>, storedLines: NoteLineFields[]): Promise<NoteChange<F>> {
    const { fields } = change;
    const invoiceId = fields.originalInvoiceId;
    const invoice = invoiceId && this.deps.invoices ? await this.deps.invoices.findForCreditNote(accountId, invoiceId) : null;
    const lines = change.lines ?? storedLines;
    const supplyDate = invoice?.invoiceDate ?? fields.date;
    const warnings = sortedWarnings([
      ...fields.taxWarnings,
      ...rateNotInForceWarnings(lines, supplyDate),
      ...cessNotApplicableWarnings(lines, supplyDate),
      ...placeOfSupplyWarnings(fields.placeOfSupply, fields.date),
      ...(this.kind === 'credit-note' && invoice ? creditNoteTimeBarWarnings(invoice, fields.date) : []),
      ...supplierAddressWarnings(fields.supplierSnapshot),
    ]);
    return { ...change, fields: { ...fields, taxWarnings: warnings } };
  }

  protected async require(accountId: number, id: number, forUpdate = false): Promise<N> {
    return found(await this.notes.findById(accountId, id, { forUpdate }), this.noun, id);
  }

  /** A client id must name a client of the caller's account; anything else is 404, never stored. */
  protected async requireClient(accountId: number, clientId: number): Promise<void> {
    if (!(await this.deps.clients.findById(accountId, clientId))) {
      throw new NotFound('Client not found.', { client_id: clientId });
    }
  }

  /** The before/after summary of the activity event. */
  protected summary(note: F & { number: string }): Record<string, unknown> {
    return {
      number: note.number,
      client_id: note.clientId,
      date: note.date,
      status: note.status,
      currency: note.currency,
      total_amount: note.totalAmount,
    };
  }

  private record(
    caller: Caller,
    action: 'created' | 'updated' | 'deleted',
    note: { id: number; number: string },
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.deps.activity.record(caller.principal, {
      action,
      entityType: NOTE_ENTITY_TYPES[this.kind],
      entityId: note.id,
      label: note.number,
      before,
      after,
    });
  }
}
