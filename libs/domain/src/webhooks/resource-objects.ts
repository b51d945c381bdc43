import { AccountRepository } from '../accounts/account.repository.port';
import { ClientRepository } from '../clients/client.repository.port';
import { clientsWithPlatform } from '../clients/clients.service';
import { InventoryRepository } from '../inventory/inventory.repository.port';
import { InvoiceRepository } from '../invoices/invoice.repository.port';
import { CreditNoteRepository, DebitNoteRepository } from '../notes/note.repository.port';
import { presentClient } from '../presentation/client.presenter';
import { presentCreditNoteWithLines } from '../presentation/credit-note.presenter';
import { presentDebitNoteWithLines } from '../presentation/debit-note.presenter';
import { presentInventoryItem } from '../presentation/inventory.presenter';
import { presentInvoice } from '../presentation/invoice.presenter';
import { presentPayment } from '../presentation/payment.presenter';
import { PaymentRepository } from '../payments/payment.repository.port';
import { presentProforma } from '../presentation/proforma-invoice.presenter';
import { presentQuotation } from '../presentation/quotation.presenter';
import { presentSendout } from '../presentation/sendout.presenter';
import { ProformaInvoiceRepository } from '../proforma/proforma-invoice.repository.port';
import { QuotationRepository } from '../quotations/quotation.repository.port';
import { SendoutRepository } from '../sendouts/sendout.repository.port';
import { Clock } from '../shared/clock.port';
import { toNumber2 } from '../shared/money';

export type PresentedObject = Record<string, unknown>;

/** The record presented, or null when the account has no such record. */
function presented<T>(record: T | null, present: (record: T) => PresentedObject | Promise<PresentedObject>): PresentedObject | Promise<PresentedObject> | null {
  return record ? present(record) : null;
}

export interface ResourceObjectSources {
  accounts: AccountRepository;
  clients: ClientRepository;
  invoices: InvoiceRepository;
  quotations: QuotationRepository;
  proformas: ProformaInvoiceRepository;
  debitNotes: DebitNoteRepository;
  creditNotes: CreditNoteRepository;
  inventory: InventoryRepository;
  sendouts: SendoutRepository;
  payments: PaymentRepository;
}

/** The id field of each resource as the API names it (a deleted record's object keeps only this). */
export const RESOURCE_ID_FIELDS: Readonly<Record<string, string>> = {
  client: 'client_id',
  invoice: 'invoice_id',
  quotation: 'quotation_id',
  proforma_invoice: 'proforma_invoice_id',
  debit_note: 'debit_note_id',
  credit_note: 'credit_note_id',
  inventory: 'inventory_id',
  sendout: 'queue_id',
  payment: 'payment_id',
};

/**
 * A record of the account as `GET /v1/<resource>/{id}` answers it, read through the same repositories and
 * presented by the same functions as the API's controllers (libs/domain/src/presentation), so a webhook's
 * `data.object` cannot drift from the API's shape. Reads join the caller's transaction, so an object read
 * while a change is being written shows that change. Null when the record does not exist (any more).
 */
export class ResourceObjects {
  constructor(
    private readonly sources: ResourceObjectSources,
    private readonly clock: Clock,
  ) {}

  /** Whether records of this entity type have an API object. */
  static handles(entityType: string): boolean {
    return Object.prototype.hasOwnProperty.call(RESOURCE_ID_FIELDS, entityType);
  }

  async present(accountId: number, entityType: string, id: number): Promise<PresentedObject | null> {
    const s = this.sources;
    switch (entityType) {
      case 'client': {
        const client = await s.clients.findById(accountId, id);
        if (!client) return null;
        const [withPlatform] = await clientsWithPlatform(s.accounts, this.clock.now(), accountId, [client]);
        const currency = (await s.accounts.findById(accountId))?.currency ?? 'INR';
        return { ...presentClient(withPlatform), credit_balance: toNumber2(await s.payments.creditBalance(accountId, id, currency)) };
      }
      case 'invoice':
        return presented(await s.invoices.findById(accountId, id), presentInvoice);
      case 'quotation':
        return presented(await s.quotations.findById(accountId, id), presentQuotation);
      case 'proforma_invoice':
        return presented(await s.proformas.findById(accountId, id), presentProforma);
      case 'debit_note':
        return presented(await s.debitNotes.findById(accountId, id), async (note) =>
          presentDebitNoteWithLines({ note, lines: await s.debitNotes.findLines(accountId, id) }),
        );
      case 'credit_note':
        return presented(await s.creditNotes.findById(accountId, id), async (note) =>
          presentCreditNoteWithLines({ note, lines: await s.creditNotes.findLines(accountId, id) }),
        );
      case 'inventory':
        return presented(await s.inventory.findById(accountId, id), presentInventoryItem);
      case 'sendout':
        return presented(await s.sendouts.findById(accountId, id), presentSendout);
      case 'payment':
        return presented(await s.payments.findById(accountId, id), async (payment) =>
          presentPayment({ payment, allocations: await s.payments.allocationsOf(accountId, [id]) }),
        );
      default:
        return null;
    }
  }
}
