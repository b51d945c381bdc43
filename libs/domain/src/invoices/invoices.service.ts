import { bulkDelete, BulkDeleteResult } from '../shared/bulk-delete';
import { ActivityRecorder } from '../activity/activity-recorder';
import { documentChanges, PRODUCT_LINE_FIELDS } from '../activity/field-changes';
import type { Caller } from '../shared/caller';
import { DocumentListFilter } from '../documents/document-list-filter';
import { assertStaysIssued } from '../documents/document-numbering';
import { Clock } from '../shared/clock.port';
import { found } from '../shared/domain-error';
import { formatTimestamp, kolkataDate } from '../shared/fiscal-year';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { Invoice, InvoiceHeader, invoiceSummary } from './invoice';
import { InvoiceRepository } from './invoice.repository.port';
import { buildInvoice, InvoiceContext, InvoiceInput } from './invoice-rules';
import { IssuedInvoice, IssueInvoice } from './issue-invoice.use-case';
import { InvoiceStock } from '../inventory/invoice-stock';
import { AccountReferences } from '../documents/account-references';
import { InvoiceLock } from './invoice-lock';
import { TaxWarning } from '../tax/tax-engine';
import { PaymentLedger } from '../payments/payment-ledger';
import { paiseOf } from '../shared/money';
import { InvoiceFields } from './invoice';

/** The window of recent-payments when no `since` is given. */
export const RECENT_PAYMENTS_WINDOW_MS = 60 * 60 * 1000;

/** Invoices: list, read, create, merge-update, delete, bulk delete and recent payments. */
export class InvoicesService {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly issue: IssueInvoice,
    private readonly references: AccountReferences,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly stock: InvoiceStock,
  ) {}

  /** Keep invoices with an active IRN or an e-way bill in force as registered (without them: no such checks). */
  private readonly locks: InvoiceLock[] = [];

  withLock(lock: InvoiceLock): this {
    this.locks.push(lock);
    return this;
  }

  /** Keeps payments and allocations in step with the invoices (without it: no payment ledger). */
  private ledger?: PaymentLedger;

  withPayments(ledger: PaymentLedger): this {
    this.ledger = ledger;
    return this;
  }

  list(caller: Caller, filter: DocumentListFilter): Promise<Page<InvoiceHeader>> {
    return this.invoices.list(caller.account.id, filter);
  }

  get(caller: Caller, id: number): Promise<Invoice> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: InvoiceInput): Promise<IssuedInvoice> {
    const { gst, client } = await this.references.gstContextWithClient(caller.account, input.clientId);
    const built = buildInvoice(input, { ...this.context(caller), gst });
    await this.references.tdsSection(caller.account.id, built.fields.tdsSectionId);
    // The client the tax context was read from is the invoice's: issuing does not read it a second time.
    return this.tx.run(async () => {
      const issued = await this.issue.execute(caller, built.fields, built.lines ?? [], client);
      // Created as paid or partly paid (the spec's path): the ledger records that payment.
      if (this.ledger && paiseOf(built.fields.paidAmount)! > 0) {
        const doc = await this.ledger.lock(caller.account.id, { type: 'invoice', id: issued.id });
        if (doc) await this.ledger.followStatus(caller, doc, built.fields);
      }
      return issued;
    });
  }

  /** Merges `input` over the stored invoice; lines are replaced only when `items` is sent. */
  async update(caller: Caller, id: number, input: InvoiceInput): Promise<{ taxWarnings: TaxWarning[] }> {
    const accountId = caller.account.id;
    return this.tx.run(async () => {
      // The row lock first: payments allocated to the invoice are decided under it too.
      const locked = this.ledger ? await this.ledger.lock(accountId, { type: 'invoice', id }) : null;
      const current = await this.require(accountId, id);
      for (const lock of this.locks) await lock.assertEditable(accountId, id, input);
      const gst = await this.references.gstContext(caller.account, input.clientId ?? current.clientId);
      const built = buildInvoice(input, { ...this.context(caller), gst }, current);
      assertStaysIssued(current.invoiceNumber, current.status, built.fields.status);
      if (built.fields.clientId !== current.clientId) await this.references.client(accountId, built.fields.clientId);
      if (input.tdsSectionId !== undefined) await this.references.tdsSection(accountId, built.fields.tdsSectionId);
      const lines = built.lines && (await this.stock.check(accountId, built.lines));
      // A draft being issued takes its number of the tax series now, in this transaction (rule 46(b)).
      const number = await this.issue.numberAtIssue(accountId, id, current.invoiceNumber, built.fields.status, built.fields.invoiceDate);
      if (this.ledger && locked) await this.followPayments(caller, { ...locked, number }, built.fields);
      await this.invoices.update(accountId, id, built.fields, lines);
      // A cancelled invoice holds no stock: cancelling gives its lines' stock back, restoring takes it again.
      const cancelled = built.fields.status === 'cancelled';
      const wasCancelled = current.status === 'cancelled';
      if (lines || cancelled !== wasCancelled) {
        const reason = cancelled && !wasCancelled ? 'invoice cancelled' : !cancelled && wasCancelled ? 'invoice restored' : 'invoice edited';
        await this.stock.move(caller.principal, { id, number }, wasCancelled ? [] : current.lines, cancelled ? [] : (lines ?? current.lines), reason);
      }
      await this.activity.updated(
        caller.principal,
        'invoice',
        id,
        number,
        documentChanges({
          summary: {
            before: { ...invoiceSummary(current), lines: current.lines.length },
            after: { ...invoiceSummary(built.fields), lines: (lines ?? current.lines).length },
          },
          header: { before: current, after: built.fields },
          lines: { before: current.lines, after: lines, ...PRODUCT_LINE_FIELDS },
        }),
      );
      return { taxWarnings: built.fields.taxWarnings };
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const locked = this.ledger ? await this.ledger.lock(accountId, { type: 'invoice', id }) : null;
      const current = await this.require(accountId, id);
      for (const lock of this.locks) await lock.assertDeletable(accountId, id);
      if (this.ledger && locked) await this.ledger.release(caller, { type: 'invoice', id });
      await this.invoices.deleteMany(accountId, [id]);
      if (current.status !== 'cancelled') await this.stock.move(caller.principal, { id, number: current.invoiceNumber }, current.lines, [], 'invoice deleted');
      await this.activity.deleted(caller.principal, 'invoice', id, current.invoiceNumber, {
        before: { ...invoiceSummary(current), lines: current.lines.length },
      });
    });
  }

  /** Deletes the account's invoices among `ids`; ids that are not its invoices come back in `skipped`. */
  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    const accountId = caller.account.id;
    return bulkDelete(
      this.tx,
      ids,
      (unique) => this.invoices.numbersOf(accountId, unique),
      async (all) => {
        // Invoices with an active IRN or an e-way bill in force stay (they come back in `skipped`).
        let owned = all;
        for (const lock of this.locks) {
          const ok = new Set(
            await lock.deletable(
              accountId,
              owned.map((o) => o.id),
            ),
          );
          owned = owned.filter((o) => ok.has(o.id));
        }
        const lines = await this.invoices.linesOf(
          accountId,
          owned.map((o) => o.id),
        );
        const cancelled = await this.invoices.cancelledAmong(
          accountId,
          owned.map((o) => o.id),
        );
        // Payments made by their payment status go with them; receipts allocated to them are released.
        for (const { id } of owned) {
          if (this.ledger && (await this.ledger.lock(accountId, { type: 'invoice', id }))) await this.ledger.release(caller, { type: 'invoice', id });
        }
        await this.invoices.deleteMany(
          accountId,
          owned.map((o) => o.id),
        );
        for (const { id, number } of owned) {
          if (!cancelled.has(id)) await this.stock.move(caller.principal, { id, number }, lines.get(id) ?? [], [], 'invoice deleted');
          await this.activity.deleted(caller.principal, 'invoice', id, number, { after: { bulk: true } });
        }
        return owned.map((o) => o.id);
      },
    );
  }

  /** Invoices that became paid after `since` ('Y-m-d H:i:s' UTC; default one hour ago). */
  recentPayments(caller: Caller, since: string | undefined, page: PageRequest): Promise<Page<InvoiceHeader>> {
    const from = since ?? formatTimestamp(new Date(this.clock.now().getTime() - RECENT_PAYMENTS_WINDOW_MS));
    return this.invoices.paidSince(caller.account.id, from, page);
  }

  /** The spec's path kept in step with the ledger; the header's payment date follows the receipts allocated to it. */
  private async followPayments(caller: Caller, locked: Parameters<PaymentLedger['followStatus']>[1], fields: InvoiceFields): Promise<void> {
    fields.paymentDate = await this.ledger!.followStatus(caller, locked, fields);
  }

  private context(caller: Caller): InvoiceContext {
    const now = this.clock.now();
    return { account: caller.account, today: kolkataDate(now), now: formatTimestamp(now) };
  }

  private async require(accountId: number, id: number): Promise<Invoice> {
    return found(await this.invoices.findById(accountId, id), 'Invoice', id);
  }
}
