import { ValidationFailed } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { LowStockAlerts } from './low-stock';
import { InventoryRepository } from './inventory.repository.port';
import { StockLine, stockDeltas } from './stock-rules';

/**
 * Keeps stock in step with invoices: checks that the inventory links of invoice lines are items of the
 * account and moves the linked products' stock by the difference when an invoice is saved, edited or
 * deleted, inside the invoice's transaction. With inventory switched off, links are dropped and nothing
 * moves.
 */
export class InvoiceStock {
  constructor(
    private readonly inventory: InventoryRepository,
    private readonly enabled: boolean,
    private readonly alerts?: LowStockAlerts,
  ) {}

  /** Returns the lines with `inventoryId` checked (or dropped when inventory is off). */
  async check<T extends StockLine>(accountId: number, lines: T[]): Promise<T[]> {
    if (!lines.some((l) => l.inventoryId !== null)) return lines;
    if (!this.enabled) return lines.map((l) => ({ ...l, inventoryId: null }));
    const ids = [...new Set(lines.map((l) => l.inventoryId).filter((id): id is number => id !== null))];
    const types = await this.inventory.typesOf(accountId, ids);
    const errors: Record<string, string> = {};
    lines.forEach((line, i) => {
      if (line.inventoryId === null) return;
      const type = types.get(line.inventoryId);
      if (!type) errors[`items.${i}.inventory_id`] = 'is not an inventory item of this account';
      else if (type === 'product' && !Number.isInteger(Number(line.quantity))) {
        errors[`items.${i}.quantity`] = 'must be a whole number for a stocked product';
      }
    });
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    return lines;
  }

  /** Whether `move` would move anything for these lines: inventory is on and one of them is linked to an item. */
  takesStock(lines: StockLine[]): boolean {
    return this.enabled && lines.some((l) => l.inventoryId !== null);
  }

  /**
   * Moves stock from the effect of `before` to the effect of `after`; one movement per item changed, and a
   * low-stock alert for each item it takes to its threshold.
   */
  async move(principal: Principal, invoice: { id: number; number: string }, before: StockLine[], after: StockLine[], note: string): Promise<void> {
    if (!this.enabled) return;
    const accountId = principal.accountId;
    const linked = (lines: StockLine[]) => lines.filter((l) => l.inventoryId !== null);
    const b = linked(before);
    const a = linked(after);
    const ids = [...new Set([...b, ...a].map((l) => l.inventoryId as number))];
    if (!ids.length) return;
    const types = await this.inventory.typesOf(accountId, ids);
    for (const [inventoryId, delta] of stockDeltas(b, a, types)) {
      const moved = await this.inventory.moveStock(accountId, {
        inventoryId,
        quantityDelta: delta,
        sourceType: 'invoice',
        sourceId: invoice.id,
        sourceLabel: invoice.number,
        note,
      });
      await this.alerts?.afterMove(principal, moved);
    }
  }
}
