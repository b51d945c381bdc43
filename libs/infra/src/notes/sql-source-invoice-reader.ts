import { SourceInvoice, SourceInvoiceReader } from '@app/domain/notes/source-invoice-reader.port';
import { Database } from '../database/database';

/**
 * Reads an invoice and its lines for a credit note straight from `invoices` / `invoice_items`
 * (migration 1732000001000), so credit notes do not depend on the invoices module.
 */
export class SqlSourceInvoiceReader extends SourceInvoiceReader {
  constructor(private readonly db: Database) {
    super();
  }

  async findForCreditNote(accountId: number, invoiceId: number): Promise<SourceInvoice | null> {
    const manager = this.db.manager();
    const [invoice] = await manager.query<Array<{ id: number; client_id: number; currency: string; invoice_number: string; invoice_date: string }>>(
      'SELECT id, client_id, currency, invoice_number, invoice_date FROM invoices WHERE id = ? AND account_id = ?',
      [invoiceId, accountId],
    );
    if (!invoice) return null;
    const lines = await manager.query<Array<{ item_description: string; total_amount: string }>>(
      'SELECT item_description, total_amount FROM invoice_items WHERE invoice_id = ? AND account_id = ? ORDER BY id',
      [invoiceId, accountId],
    );
    return {
      id: Number(invoice.id),
      clientId: Number(invoice.client_id),
      currency: invoice.currency,
      number: invoice.invoice_number,
      invoiceDate: String(invoice.invoice_date),
      lines: lines.map((l) => ({ description: l.item_description, totalAmount: String(l.total_amount) })),
    };
  }
}
