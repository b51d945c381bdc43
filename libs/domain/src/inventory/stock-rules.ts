import Decimal from 'decimal.js';
import { InventoryType } from './inventory-item';

/** A document line as far as stock is concerned. */
export interface StockLine {
  inventoryId: number | null;
  quantity: string | number;
}

/**
 * The stock change per product that turns the effect of `before` lines into the effect of `after`
 * lines: each product gets back what `before` took and gives what `after` takes. Services and unlinked
 * lines keep no stock. Items whose net change is zero are left out; keys come out in ascending id
 * order, the order rows are locked in.
 */
export function stockDeltas(before: StockLine[], after: StockLine[], types: Map<number, InventoryType>): Array<[number, number]> {
  const deltas = new Map<number, Decimal>();
  const add = (lines: StockLine[], sign: 1 | -1) => {
    for (const line of lines) {
      if (line.inventoryId === null || types.get(line.inventoryId) !== 'product') continue;
      const current = deltas.get(line.inventoryId) ?? new Decimal(0);
      deltas.set(line.inventoryId, current.plus(new Decimal(line.quantity).mul(sign)));
    }
  };
  add(before, 1);
  add(after, -1);
  return [...deltas.entries()]
    .map(([id, delta]): [number, number] => [id, delta.toNumber()])
    .filter(([, delta]) => delta !== 0)
    .sort((a, b) => a[0] - b[0]);
}
