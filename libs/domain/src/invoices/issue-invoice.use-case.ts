import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../shared/caller';
import { Client } from '../clients/client';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentNumbering, numberIn, takesTaxNumber } from '../documents/document-numbering';
import { DocumentQuota } from '../documents/document-quota';
import { ProductLineValues } from '../documents/product-lines';
import { requireClient } from '../documents/sales-document-fields';
import { InvoiceFields, invoiceSummary } from './invoice';
import { InvoiceRepository } from './invoice.repository.port';
import { InvoiceStock } from '../inventory/invoice-stock';
import { TaxWarning } from '../tax/tax-engine';

export interface IssuedInvoice {
  id: number;
  number: string;
  /** The lines whose sent amounts disagree with the tax rule. */
  taxWarnings: TaxWarning[];
}

/** What made an invoice besides a request for it, as its `created` event records it. */
export interface InvoiceOrigin {
  source: 'recurring';
  recurring_invoice_id: number;
  run_date: string;
}

/**
 * Writes a new invoice: plan quota, client of the account, inventory links, the next number of the invoice sequence for
 * the FY of its date (of the draft series when it is created as a draft), header and lines, the stock they take, and the `created` activity event. Runs inside the caller's
 * transaction (create and both conversions share it).
 */
export class IssueInvoice {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly clients: ClientRepository,
    private readonly numbering: DocumentNumbering,
    private readonly quota: DocumentQuota,
    private readonly activity: ActivityRecorder,
    private readonly stock: InvoiceStock,
  ) {}

  /**
   * `client`, when given, is the invoice's client as the caller has just read it for the account (its tax context):
   * it is not read again. Without it (or when it is another client or none) the client is read and must be found.
   * `origin` names what made the invoice when it is not its caller's request (`{source: 'recurring', ...}`): the
   * `created` event (audit trail, activity, the invoice.created webhook) carries it.
   */
  async execute(caller: Caller, fields: InvoiceFields, lines: ProductLineValues[], client?: Client | null, origin?: InvoiceOrigin): Promise<IssuedInvoice> {
    const accountId = caller.account.id;
    await this.quota.assertCanCreate(caller.account);
    if (client?.id !== fields.clientId || client.accountId !== accountId) await requireClient(this.clients, accountId, fields.clientId);
    const checked = await this.stock.check(accountId, lines);
    // A draft takes a provisional number of the draft series; the tax series numbers it when it is issued.
    const slot = await this.numbering.slot(accountId, 'invoice', fields.invoiceDate, fields.status);
    const after = { ...invoiceSummary(fields), lines: lines.length, ...origin };
    // Without stock to move or a record for the log to read, number, header, lines and event go in one write.
    if (this.invoices.insertNumbered && !this.stock.takesStock(checked)) {
      const event = this.activity.eventOf(caller.principal, { action: 'created', entityType: 'invoice', entityId: 0, label: null, after });
      if (!(await this.activity.readsRecord(event))) {
        const { id, sequence } = await this.invoices.insertNumbered(accountId, slot, fields, checked, event);
        return { id, number: numberIn(slot, sequence), taxWarnings: fields.taxWarnings };
      }
    }
    const allocated = await this.numbering.allocateIn(accountId, slot);
    const id = await this.invoices.insert(accountId, allocated, fields, checked);
    await this.stock.move(caller.principal, { id, number: allocated.number }, [], checked, 'invoice created');
    await this.activity.created(caller.principal, 'invoice', id, allocated.number, { after });
    return { id, number: allocated.number, taxWarnings: fields.taxWarnings };
  }

  /**
   * When a draft holding a provisional number is issued (its status becomes `status`), gives it the next number of
   * the invoice series for the FY of `invoiceDate` and returns it; otherwise returns `currentNumber`. Call inside the
   * update's transaction before the header is written: the sequence row is then locked before the invoice row, in
   * the order a create takes them.
   */
  async numberAtIssue(accountId: number, id: number, currentNumber: string, status: string, invoiceDate: string): Promise<string> {
    if (!takesTaxNumber(currentNumber, status)) return currentNumber;
    const allocated = await this.numbering.allocate(accountId, 'invoice', invoiceDate);
    await this.invoices.renumber(accountId, id, allocated);
    return allocated.number;
  }
}
