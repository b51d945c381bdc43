import { ValidationFailed } from '../shared/domain-error';
import { InventoryRepository } from './inventory.repository.port';
import { StockLine, stockDeltas } from './stock-rules';

/** A line as a document service holds it: its inventory link and quantity. */
export interface LinkedLine {
  inventory_id?: number | null;
  quantity?: string | number | null;
}

/**
 * Keeps stock in step with invoices: checks that linked items belong to the account and moves stock
 * for create, edit and delete, inside the invoice's transaction. With inventory switched off, links
 * are ignored (dropped) and nothing moves.
 */
export class InvoiceStock {
  constructor(
    private readonly inventory: InventoryRepository,
    private readonly enabled: boolean,
  ) {}

  /** Returns the lines with `inventory_id` checked (or dropped when inventory is off). */
  async checkLines<T extends LinkedLine>(accountId: number, lines: T[]): Promise<T[]> {
    if (!this.enabled) return lines.map((l) => ({ ...l, inventory_id: null }));
    const ids = [...new Set(lines.map((l) => l.inventory_id).filter((id): id is number => typeof id === 'number'))];
    if (!ids.length) return lines;
    const types = await this.inventory.typesOf(accountId, ids);
    const errors: Record<string, string> = {};
    lines.forEach((line, i) => {
      if (typeof line.inventory_id !== 'number') return;
      const type = types.get(line.inventory_id);
      if (!type) errors[`items.${i}.inventory_id`] = 'is not an inventory item of this account';
      else if (type === 'product' && !Number.isInteger(Number(line.quantity ?? 0))) {
        errors[`items.${i}.quantity`] = 'must be a whole number for a stocked product';
      }
    });
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    return lines;
  }

  /** Moves stock from the effect of `before` to the effect of `after`; one movement per item changed. */
  async sync(accountId: number, source: { type: string; id: number; label: string }, before: LinkedLine[], after: LinkedLine[], note: string): Promise<void> {
    if (!this.enabled) return;
    const toStock = (lines: LinkedLine[]): StockLine[] =>
      lines.filter((l) => typeof l.inventory_id === 'number').map((l) => ({ inventoryId: l.inventory_id as number, quantity: l.quantity ?? 0 }));
    const b = toStock(before);
    const a = toStock(after);
    const ids = [...new Set([...b, ...a].map((l) => l.inventoryId as number))];
    if (!ids.length) return;
    const types = await this.inventory.typesOf(accountId, ids);
    for (const [inventoryId, delta] of stockDeltas(b, a, types)) {
      await this.inventory.moveStock(accountId, {
        inventoryId,
        quantityDelta: delta,
        sourceType: source.type,
        sourceId: source.id,
        sourceLabel: source.label,
        note,
      });
    }
  }
}
