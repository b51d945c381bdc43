import { SourceInvoice, SourceInvoiceReader } from '@app/domain/notes/source-invoice-reader.port';
import { lineTaxableValue } from '@app/domain/tax/tax-engine';
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
    const lines = await manager.query<Array<Record<string, string | null>>>(
      `SELECT item_description, total_amount, hsn_code, quantity, unit, rate, discount_type, discount_value, taxable_value, tax_rate,
              cgst_amount, sgst_amount, igst_amount, cess_rate, cess_amount
         FROM invoice_items WHERE invoice_id = ? AND account_id = ? ORDER BY id`,
      [invoiceId, accountId],
    );
    return {
      id: Number(invoice.id),
      clientId: Number(invoice.client_id),
      currency: invoice.currency,
      number: invoice.invoice_number,
      invoiceDate: String(invoice.invoice_date),
      lines: lines.map((l) => ({
        description: String(l.item_description),
        totalAmount: String(l.total_amount),
        hsnCode: l.hsn_code || null,
        quantity: l.quantity === null ? null : String(l.quantity),
        unit: l.unit,
        // Lines stored before the taxable value was kept: quantity x rate less the line discount.
        taxableValue:
          l.taxable_value ??
          lineTaxableValue({
            quantity: String(l.quantity ?? '0'),
            rate: String(l.rate ?? '0'),
            discountType: l.discount_type,
            discountValue: l.discount_value,
          }),
        taxRate: l.tax_rate === null ? null : String(l.tax_rate),
        cgstAmount: l.cgst_amount === null ? null : String(l.cgst_amount),
        sgstAmount: l.sgst_amount === null ? null : String(l.sgst_amount),
        igstAmount: l.igst_amount === null ? null : String(l.igst_amount),
        cessRate: l.cess_rate === null ? null : String(l.cess_rate),
        cessAmount: l.cess_amount === null ? null : String(l.cess_amount),
      })),
    };
  }
}
