import type { InvoiceInput } from './invoice-rules';
/**
 * Something registered with a portal that fixes an invoice as it was sent (an IRN, an e-way bill): edits of what it
 * fixes and deletion are refused while it is in force.
 */
export interface InvoiceLock {
  /** Refuses `input` (a PATCH of the invoice) when it changes what the registration fixes. */
  assertEditable(accountId: number, invoiceId: number, input: InvoiceInput): Promise<void>;
  assertDeletable(accountId: number, invoiceId: number): Promise<void>;
  /** Those of `ids` that may be deleted. */
  deletable(accountId: number, ids: number[]): Promise<number[]>;
}
