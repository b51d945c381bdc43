import { pageAt } from './in-memory-rows';
import { InventoryFields, InventoryItem, InventoryType, MovedStock, NewStockMovement, StockMovement } from '../src/inventory/inventory-item';
import { InventoryRepository } from '../src/inventory/inventory.repository.port';
import { Clock } from '../src/shared/clock.port';
import { NotFound } from '../src/shared/domain-error';
import { Page, PageRequest } from '../src/shared/pagination';
import { sqlTimestamp } from './fake-clock';
import { newestFirst, pageOf } from './in-memory-rows';

interface StoredMovement extends StockMovement {
  accountId: number;
}

/**
 * Inventory items and their stock movements in memory, with the semantics of the TypeORM adapter:
 * scoped by account, newest first (ties by id descending), movements newest first, a move on an item
 * of another account is "not found", deleting an item deletes its movements.
 */
export class InMemoryInventoryRepository extends InventoryRepository {
  private readonly rows = new Map<number, InventoryItem>();
  private readonly moves: StoredMovement[] = [];
  private nextId = 1;
  private nextMoveId = 1;

  constructor(private readonly clock: Clock) {
    super();
  }

  private own(accountId: number, id: number): InventoryItem | undefined {
    const row = this.rows.get(id);
    return row?.accountId === accountId ? row : undefined;
  }

  async findById(accountId: number, id: number): Promise<InventoryItem | null> {
    const row = this.own(accountId, id);
    return row ? { ...row } : null;
  }

  async list(accountId: number, page: PageRequest): Promise<Page<InventoryItem>> {
    return pageOf(newestFirst([...this.rows.values()].filter((r) => r.accountId === accountId)), page);
  }

  async count(accountId: number): Promise<number> {
    return [...this.rows.values()].filter((r) => r.accountId === accountId).length;
  }

  async insert(accountId: number, fields: InventoryFields): Promise<number> {
    const id = this.nextId++;
    const now = sqlTimestamp(this.clock.now());
    this.rows.set(id, { ...fields, id, accountId, createdAt: now, updatedAt: now });
    return id;
  }

  async update(accountId: number, id: number, fields: Omit<InventoryFields, 'quantity'>): Promise<void> {
    const row = this.own(accountId, id);
    if (!row) return;
    const { name, sku, barcodeType, type, description, rate, discountType, discountValue, taxRate, hsnCode, lowStockThreshold } = fields;
    Object.assign(row, { name, sku, barcodeType, type, description, rate, discountType, discountValue, taxRate, hsnCode, lowStockThreshold });
    row.updatedAt = sqlTimestamp(this.clock.now());
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (!this.own(accountId, id)) return;
    this.rows.delete(id);
    for (let i = this.moves.length - 1; i >= 0; i--) if (this.moves[i].inventoryId === id) this.moves.splice(i, 1);
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.own(accountId, id));
  }

  async typesOf(accountId: number, ids: number[]): Promise<Map<number, InventoryType>> {
    return new Map(ids.flatMap((id) => (this.own(accountId, id) ? [[id, this.own(accountId, id)!.type] as const] : [])));
  }

  async moveStock(accountId: number, movement: NewStockMovement): Promise<MovedStock> {
    const row = this.own(accountId, movement.inventoryId);
    if (!row) throw NotFound.of('Inventory item', movement.inventoryId);
    const now = sqlTimestamp(this.clock.now());
    row.quantity += movement.quantityDelta;
    row.updatedAt = now;
    const stored = { ...movement, id: this.nextMoveId++, accountId, quantityAfter: row.quantity, createdAt: now };
    this.moves.push(stored);
    return { ...withoutAccount(stored), itemName: row.name, lowStockThreshold: row.lowStockThreshold ?? null };
  }

  async movements(accountId: number, inventoryId: number, page: PageRequest): Promise<Page<StockMovement>> {
    const rows = this.moves.filter((m) => m.accountId === accountId && m.inventoryId === inventoryId).sort((a, b) => b.id - a.id);
    const read = pageAt(rows, page, (a, b) => b.id - a.id);
    return { ...read, rows: read.rows.map(withoutAccount) };
  }
}

const withoutAccount = ({ accountId: _accountId, ...movement }: StoredMovement): StockMovement => movement;
