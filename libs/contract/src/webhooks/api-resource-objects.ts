import { clientsWithPlatform } from '@app/domain/clients/clients.service';
import { Clock } from '@app/domain/shared/clock.port';
import { toNumber2 } from '@app/domain/shared/money';
import { PresentedObject, ResourceObjects, ResourceObjectSources } from '@app/domain/webhooks/resource-objects';
import { presentClient } from '../clients/client.presenter';
import { presentInventoryItem } from '../inventory/inventory.presenter';
import { presentInvoice } from '../invoices/invoice.presenter';
import { presentCreditNoteWithLines } from '../notes/credit-note.presenter';
import { presentDebitNoteWithLines } from '../notes/debit-note.presenter';
import { presentPayment } from '../payments/payment.presenter';
import { presentProforma } from '../proforma-invoices/proforma-invoice.presenter';
import { presentQuotation } from '../quotations/quotation.presenter';
import { presentSendout } from '../sendouts/sendout.presenter';

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

/** The record presented, or null when the account has no such record. */
function presented<T>(record: T | null, present: (record: T) => PresentedObject | Promise<PresentedObject>): PresentedObject | Promise<PresentedObject> | null {
  return record ? present(record) : null;
}

/**
 * The webhook objects of the API's resources: read through the same repositories and presented by the same
 * functions as the API's controllers. The API and the worker bind it (ContractModule).
 */
export class ApiResourceObjects extends ResourceObjects {
  constructor(
    private readonly sources: ResourceObjectSources,
    private readonly clock: Clock,
  ) {
    super();
  }

  handles(entityType: string): boolean {
    return Object.prototype.hasOwnProperty.call(RESOURCE_ID_FIELDS, entityType);
  }

  idObject(entityType: string, id: number): PresentedObject {
    return { [RESOURCE_ID_FIELDS[entityType] ?? 'id']: id };
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
