import { InvoiceStock } from '../inventory/invoice-stock';
import { ProductLineValues } from '../documents/product-lines';

/**
 * The invoice side of stock keeping: inventory links of invoice lines must be items of the account
 * (dropped when inventory is off), and saving, editing or deleting an invoice moves the linked products'
 * stock by the difference, inside the invoice's transaction.
 */
export class InvoiceLineStock {
  constructor(private readonly stock: InvoiceStock) {}

  async check(accountId: number, lines: ProductLineValues[]): Promise<ProductLineValues[]> {
    if (!lines.some((l) => l.inventoryId !== null)) return lines;
    const checked = await this.stock.checkLines(
      accountId,
      lines.map((l) => ({ ...l, inventory_id: l.inventoryId })),
    );
    return checked.map(({ inventory_id, ...line }) => ({ ...line, inventoryId: inventory_id ?? null }));
  }

  async move(accountId: number, invoice: { id: number; number: string }, before: ProductLineValues[], after: ProductLineValues[], note: string): Promise<void> {
    if (!before.some((l) => l.inventoryId !== null) && !after.some((l) => l.inventoryId !== null)) return;
    const linked = (lines: ProductLineValues[]) => lines.map((l) => ({ inventory_id: l.inventoryId, quantity: l.quantity }));
    await this.stock.sync(accountId, { type: 'invoice', id: invoice.id, label: invoice.number }, linked(before), linked(after), note);
  }
}
