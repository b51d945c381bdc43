import { SourceInvoice, SourceInvoiceReader } from '../src/notes/source-invoice-reader.port';

/** Invoices by account for credit-note pre-fill. */
export class InMemorySourceInvoiceReader extends SourceInvoiceReader {
  private readonly invoices = new Map<number, { accountId: number; invoice: SourceInvoice }>();

  add(accountId: number, invoice: SourceInvoice): SourceInvoice {
    this.invoices.set(invoice.id, { accountId, invoice });
    return invoice;
  }

  async findForCreditNote(accountId: number, invoiceId: number): Promise<SourceInvoice | null> {
    const entry = this.invoices.get(invoiceId);
    return entry && entry.accountId === accountId ? structuredClone(entry.invoice) : null;
  }
}
