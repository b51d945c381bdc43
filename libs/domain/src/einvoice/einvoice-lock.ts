import type { InvoiceInput } from '../invoices/invoice-rules';
import { ValidationFailed } from '../shared/domain-error';
import { InvoiceLock } from '../invoices/invoice-lock';
import { EInvoiceRegistrations } from './einvoice.port';

/** Invoice fields an IRN fixes: the lines, amounts, client, type, date and currency. */
export const IRN_LOCKED_FIELDS = [
  'items',
  'clientId',
  'invoiceDate',
  'invoiceType',
  'currency',
  'discountType',
  'discountValue',
  'lutNumber',
] as const satisfies readonly (keyof InvoiceInput)[];

/**
 * Keeps an invoice with an active IRN as it was registered: changes of the fields above and deletion
 * are refused (400 naming the IRN); payment and status fields may still change. Cancel the IRN first.
 */
export class EInvoiceLock implements InvoiceLock {
  constructor(private readonly registrations: EInvoiceRegistrations) {}

  async assertEditable(accountId: number, invoiceId: number, input: InvoiceInput): Promise<void> {
    const sent = IRN_LOCKED_FIELDS.filter((f) => input[f] !== undefined);
    if (!sent.length) return;
    const irn = (await this.registrations.activeAmong(accountId, [invoiceId])).get(invoiceId);
    if (!irn) return;
    throw new ValidationFailed(
      Object.fromEntries(sent.map((f) => [f, `cannot change: the invoice has IRN ${irn}; cancel the IRN first`])),
      `The invoice has IRN ${irn}: its lines, amounts, client and number cannot change.`,
    );
  }

  async assertDeletable(accountId: number, invoiceId: number): Promise<void> {
    const irn = (await this.registrations.activeAmong(accountId, [invoiceId])).get(invoiceId);
    if (irn) throw new ValidationFailed({ id: `cannot delete: the invoice has IRN ${irn}; cancel the IRN first` }, `The invoice has IRN ${irn}.`);
  }

  /** Those of `ids` that may be deleted (no active IRN). */
  async deletable(accountId: number, ids: number[]): Promise<number[]> {
    const locked = await this.registrations.activeAmong(accountId, ids);
    return ids.filter((id) => !locked.has(id));
  }
}
