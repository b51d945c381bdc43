import { AccountRepository } from '../accounts/account.repository.port';
import { ClientRepository } from '../clients/client.repository.port';
import { InventoryRepository } from '../inventory/inventory.repository.port';
import { InvoiceRepository } from '../invoices/invoice.repository.port';
import { CreditNoteRepository, DebitNoteRepository } from '../notes/note.repository.port';
import { PaymentRepository } from '../payments/payment.repository.port';
import { ProformaInvoiceRepository } from '../proforma-invoices/proforma-invoice.repository.port';
import { QuotationRepository } from '../quotations/quotation.repository.port';
import { SendoutRepository } from '../sendouts/sendout.repository.port';

/** A record as the API answers it: JSON the domain stores and sends but never builds. */
export type PresentedObject = Record<string, unknown>;

/**
 * Port: a record of the account as `GET /v1/<resource>/{id}` answers it, for a webhook's `data.object`. The
 * contract library implements it with the API's own presenters (libs/contract/src/webhooks), so the object cannot
 * drift from the API's shape and the domain never builds the API's JSON. Reads join the caller's transaction.
 */
export abstract class ResourceObjects {
  /** Whether records of this entity type have an API object. */
  abstract handles(entityType: string): boolean;
  /** The record presented, or null when the account has no such record (any more). */
  abstract present(accountId: number, entityType: string, id: number): Promise<PresentedObject | null>;
  /** The object of a record known only by its id (a deleted record with nothing stored): its id field as the API names it. */
  abstract idObject(entityType: string, id: number): PresentedObject;
}

/** The repositories the presented objects are read through (adapters bind them; the API and the worker share them). */
export abstract class ResourceObjectSources {
  abstract readonly accounts: AccountRepository;
  abstract readonly clients: ClientRepository;
  abstract readonly invoices: InvoiceRepository;
  abstract readonly quotations: QuotationRepository;
  abstract readonly proformas: ProformaInvoiceRepository;
  abstract readonly debitNotes: DebitNoteRepository;
  abstract readonly creditNotes: CreditNoteRepository;
  abstract readonly inventory: InventoryRepository;
  abstract readonly sendouts: SendoutRepository;
  abstract readonly payments: PaymentRepository;
}
