import type { Caller } from '../shared/caller';
import { ClientsService } from '../clients/clients.service';
import { InvoiceStock } from '../inventory/invoice-stock';
import { InvoicesService } from '../invoices/invoices.service';
import { CreditNotesService } from '../notes/credit-notes.service';
import { Clock } from '../shared/clock.port';
import { formatTimestamp, kolkataDate } from '../shared/fiscal-year';
import { TransactionRunner } from '../shared/transaction.port';
import { mapOrder, mapRefund, skusOf, externalId } from './storefront-order';
import { StorefrontStore } from './storefront.ports';

export interface ImportSettings {
  defaultHsn: string;
  shippingHsn: string;
}

/** The services an order's documents are made with: the same as the API's. */
export interface OrderDocuments {
  clients: ClientsService;
  invoices: InvoicesService;
  creditNotes: CreditNotesService;
  stock: InvoiceStock;
}

/** What handling one order, cancellation or refund came to, and the invoice it concerns. */
export interface ImportOutcome {
  state: 'processed' | 'ignored';
  reason: string | null;
  invoiceId: number | null;
}

/**
 * Turns the shop's orders into the account's documents through the services the API uses (client duplicate
 * rules, gapless invoice numbers, stock, credit notes, activity events), each in one transaction with the
 * claim of the shop's id, so a second delivery, an `orders/updated` or a concurrent worker never makes a
 * second document.
 */
export class OrderImport {
  private readonly clients: ClientsService;
  private readonly invoices: InvoicesService;
  private readonly creditNotes: CreditNotesService;
  private readonly stock: InvoiceStock;

  constructor(
    private readonly store: StorefrontStore,
    documents: OrderDocuments,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly settings: ImportSettings,
  ) {
    ({ clients: this.clients, invoices: this.invoices, creditNotes: this.creditNotes, stock: this.stock } = documents);
  }

  /** orders/create, orders/updated and the backfill: the invoice of the order, made once. */
  async order(caller: Caller, payload: unknown): Promise<ImportOutcome> {
    const accountId = caller.account.id;
    const now = this.clock.now();
    const inventory = await this.store.inventoryBySku(accountId, skusOf(payload));
    const mapped = mapOrder(payload, {
      businessState: caller.account.stateCode ?? caller.account.gstin?.slice(0, 2) ?? null,
      inventory,
      defaultHsn: this.settings.defaultHsn,
      shippingHsn: this.settings.shippingHsn,
      today: kolkataDate(now),
    });
    return this.tx.run(async () => {
      if (!(await this.store.claim(accountId, 'order', mapped.orderId, formatTimestamp(now)))) {
        const existing = await this.store.documentOf(accountId, 'order', mapped.orderId);
        return { state: 'ignored', reason: 'the order has an invoice already', invoiceId: existing };
      }
      const { client } = await this.clients.create(caller, mapped.client);
      const issued = await this.invoices.create(caller, { ...mapped.invoice, clientId: client.client.id });
      await this.store.setDocument(accountId, 'order', mapped.orderId, issued.id);
      return { state: 'processed', reason: null, invoiceId: issued.id };
    });
  }

  /** orders/cancelled: the order's invoice becomes `cancelled` and gives its stock back; it is never deleted. */
  async cancel(caller: Caller, payload: unknown): Promise<ImportOutcome> {
    const accountId = caller.account.id;
    const orderId = externalId((payload as { id?: unknown } | null)?.id);
    if (!orderId) return { state: 'ignored', reason: 'the order has no id', invoiceId: null };
    return this.tx.run(async () => {
      const invoiceId = await this.store.documentOf(accountId, 'order', orderId);
      if (invoiceId === null) return { state: 'ignored', reason: 'no invoice was made for this order', invoiceId: null };
      if (!(await this.store.claim(accountId, 'cancel', orderId, formatTimestamp(this.clock.now())))) {
        return { state: 'ignored', reason: 'the invoice is cancelled already', invoiceId: invoiceId };
      }
      const current = await this.invoices.get(caller, invoiceId);
      if (current.status !== 'cancelled') {
        await this.invoices.update(caller, invoiceId, { status: 'cancelled' }); // gives the stock back (a cancelled invoice holds none)
      }
      await this.store.setDocument(accountId, 'cancel', orderId, invoiceId);
      return { state: 'processed', reason: null, invoiceId: invoiceId };
    });
  }

  /** refunds/create: a credit note against the order's invoice for the refunded lines and amounts, made once. */
  async refund(caller: Caller, payload: unknown): Promise<ImportOutcome> {
    const accountId = caller.account.id;
    const mapped = mapRefund(payload);
    return this.tx.run(async () => {
      const invoiceId = await this.store.documentOf(accountId, 'order', mapped.orderId);
      if (invoiceId === null) return { state: 'ignored', reason: 'no invoice was made for the refunded order', invoiceId: null };
      if (!(await this.store.claim(accountId, 'refund', mapped.refundId, formatTimestamp(this.clock.now())))) {
        return { state: 'ignored', reason: 'the refund has a credit note already', invoiceId };
      }
      const note = await this.creditNotes.create(caller, {
        sourceInvoiceId: invoiceId,
        creditNoteDate: mapped.date,
        reason: mapped.reason ?? `Storefront refund ${mapped.refundId}`,
        items: mapped.items,
      });
      await this.store.setDocument(accountId, 'refund', mapped.refundId, note.id);
      return { state: 'processed', reason: null, invoiceId };
    });
  }
}
