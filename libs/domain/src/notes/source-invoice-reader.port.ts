import { NoteLineGstDetails } from './note';

/** What a credit note needs of the invoice it is raised against. */
export interface SourceInvoice {
  id: number;
  clientId: number;
  currency: string;
  number: string;
  /** 'Y-m-d'. */
  invoiceDate: string;
  /** In the invoice's line order (item_id). */
  lines: Array<NoteLineGstDetails & { description: string; totalAmount: string }>;
}

/** Reads an invoice of the account for a credit note; null when the account has no such invoice. */
export abstract class SourceInvoiceReader {
  abstract findForCreditNote(accountId: number, invoiceId: number): Promise<SourceInvoice | null>;
}
