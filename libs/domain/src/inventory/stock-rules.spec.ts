import { crossedLowStock } from './low-stock';
import fc from 'fast-check';
import { InventoryType } from './inventory-item';
import { StockLine, stockDeltas } from './stock-rules';

const types = new Map<number, InventoryType>([
  [1, 'product'],
  [2, 'product'],
  [3, 'service'],
]);

const line = fc.record({
  inventoryId: fc.oneof(fc.constantFrom(1, 2, 3), fc.constant(null)),
  quantity: fc.integer({ min: 0, max: 50 }),
});
const lines = fc.array(line, { maxLength: 5 });

type Op = { kind: 'create'; lines: StockLine[] } | { kind: 'edit'; pick: number; lines: StockLine[] } | { kind: 'delete'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  lines.map((l) => ({ kind: 'create' as const, lines: l })),
  fc.tuple(fc.nat(), lines).map(([pick, l]) => ({ kind: 'edit' as const, pick, lines: l })),
  fc.nat().map((pick) => ({ kind: 'delete' as const, pick })),
);

describe('stockDeltas', () => {
  it('create takes stock, delete gives it back, services and unlinked lines are untouched', () => {
    const created = stockDeltas(
      [],
      [
        { inventoryId: 1, quantity: 3 },
        { inventoryId: 3, quantity: 9 },
        { inventoryId: null, quantity: 4 },
      ],
      types,
    );
    expect(created).toEqual([[1, -3]]);
    expect(stockDeltas([{ inventoryId: 1, quantity: 3 }], [], types)).toEqual([[1, 3]]);
  });

  it('an edit moves only the net difference, per item, in ascending id order', () => {
    const deltas = stockDeltas(
      [
        { inventoryId: 2, quantity: 5 },
        { inventoryId: 1, quantity: 2 },
      ],
      [
        { inventoryId: 2, quantity: 5 },
        { inventoryId: 1, quantity: 6 },
        { inventoryId: 1, quantity: 1 },
      ],
      types,
    );
    expect(deltas).toEqual([[1, -5]]);
  });

  it("any sequence of create/edit/delete leaves stock = initial - live invoices' quantities", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), fc.integer({ min: -100, max: 100 }), (ops, initial) => {
        const stock = new Map<number, number>([
          [1, initial],
          [2, initial],
          [3, 0],
        ]);
        const live: StockLine[][] = [];
        const apply = (before: StockLine[], after: StockLine[]) => {
          for (const [id, delta] of stockDeltas(before, after, types)) stock.set(id, (stock.get(id) ?? 0) + delta);
        };
        for (const o of ops) {
          if (o.kind === 'create') {
            apply([], o.lines);
            live.push(o.lines);
          } else if (live.length) {
            const i = o.pick % live.length;
            if (o.kind === 'edit') {
              apply(live[i], o.lines);
              live[i] = o.lines;
            } else {
              apply(live[i], []);
              live.splice(i, 1);
            }
          }
        }
        for (const id of [1, 2]) {
          const used = live
            .flat()
            .filter((l) => l.inventoryId === id)
            .reduce((s, l) => s + Number(l.quantity), 0);
          expect(stock.get(id)).toBe(initial - used);
        }
        expect(stock.get(3)).toBe(0);
      }),
    );
  });
});

describe('low-stock crossing', () => {
  const moved = (after: number, delta: number, threshold: number | null) =>
    crossedLowStock({ quantityAfter: after, quantityDelta: delta, lowStockThreshold: threshold });

  it('alerts when a movement takes the quantity from above the threshold to it or below, once', () => {
    expect(moved(5, -3, 5)).toBe(true); // 8 -> 5
    expect(moved(2, -10, 5)).toBe(true); // 12 -> 2
    expect(moved(4, -1, 5)).toBe(false); // 5 -> 4: already low
    expect(moved(6, -2, 5)).toBe(false); // 8 -> 6: still above
    expect(moved(9, 5, 5)).toBe(false); // restocked
    expect(moved(-1, -2, 0)).toBe(true); // 1 -> -1 with threshold 0
    expect(moved(0, -3, null)).toBe(false); // no threshold
  });
});
