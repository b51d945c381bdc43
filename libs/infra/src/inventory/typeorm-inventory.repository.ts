import { In } from 'typeorm';
import { DiscountType } from '@app/domain/documents/document-enums';
import { InventoryFields, InventoryItem, InventoryType, MovedStock, NewStockMovement, StockMovement } from '@app/domain/inventory/inventory-item';
import { InventoryRepository } from '@app/domain/inventory/inventory.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { NotFound } from '@app/domain/shared/domain-error';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { Database } from '../database/database';
import { moveDataVersion } from '../shared/data-version';
import { keysetPage } from '../shared/keyset-list';
import { sqlNow } from '../shared/sql-time';
import { TypeormAccountTable } from '../shared/typeorm-account-table';
import { InventoryItemRow, StockMovementRow } from './inventory.entity';
import { maybeNumber } from '../shared/sql-values';

/** A movement is its row without the account id. */
function toMovement({ accountId: _account, ...movement }: StockMovementRow): StockMovement {
  return movement;
}

export class TypeormInventoryRepository extends TypeormAccountTable<InventoryItemRow, InventoryItem> implements InventoryRepository {
  constructor(db: Database, clock: Clock) {
    super(db, clock, InventoryItemRow);
  }

  private moves() {
    return this.db.manager().getRepository(StockMovementRow);
  }

  /** The entity's columns are the item's fields; the database types are narrowed to the domain's. */
  protected toRecord(row: InventoryItemRow): InventoryItem {
    return {
      ...row,
      type: row.type as InventoryType,
      discountType: row.discountType as DiscountType | null,
      lowStockThreshold: maybeNumber(row.lowStockThreshold),
    };
  }

  override async update(accountId: number, id: number, fields: Omit<InventoryFields, 'quantity'>): Promise<void> {
    // The stock quantity changes only through moveStock, so it stays out of this UPDATE.
    const { quantity: _stock, ...columns }: Partial<InventoryFields> = fields;
    await super.update(accountId, id, columns);
  }

  /** The item's stock movements go with it. */
  override async delete(accountId: number, id: number): Promise<void> {
    await this.moves().delete({ accountId, inventoryId: id });
    await super.delete(accountId, id);
  }

  async typesOf(accountId: number, ids: number[]): Promise<Map<number, InventoryType>> {
    if (!ids.length) return new Map();
    const rows = await this.repo().find({ select: { id: true, type: true }, where: { accountId, id: In(ids) } });
    return new Map(rows.map((r) => [r.id, r.type as InventoryType]));
  }

  async moveStock(accountId: number, movement: NewStockMovement): Promise<MovedStock> {
    if (!this.db.inTransaction()) throw new Error('Stock moves run inside a transaction');
    const manager = this.db.manager();
    const now = sqlNow(this.clock.now());
    // The UPDATE takes the row lock; the following read sees our own write, so quantity_after is exact.
    const result = await manager.query<{ affectedRows: number }>(
      'UPDATE inventory_items SET quantity = quantity + ?, updated_at = ? WHERE id = ? AND account_id = ?',
      [movement.quantityDelta, now, movement.inventoryId, accountId],
    );
    if (!result.affectedRows) throw NotFound.of('Inventory item', movement.inventoryId);
    await moveDataVersion(this.db, accountId);
    const [item] = await manager.query<Array<{ quantity: number | string; name: string; low_stock_threshold: number | string | null }>>(
      'SELECT quantity, name, low_stock_threshold FROM inventory_items WHERE id = ? AND account_id = ?',
      [movement.inventoryId, accountId],
    );
    const row = this.moves().create({ ...movement, accountId, quantityAfter: Number(item.quantity), createdAt: now });
    await this.moves().insert(row);
    return {
      ...toMovement(row),
      itemName: item.name,
      lowStockThreshold: maybeNumber(item.low_stock_threshold),
    };
  }

  /** Newest first, by offset or by cursor (one of the item's movements); append-only, so `updated_since` compares when made. */
  async movements(accountId: number, inventoryId: number, page: PageRequest): Promise<Page<StockMovement>> {
    const ids = await keysetPage<{ id: number }>(
      this.db,
      {
        table: 'stock_movements',
        where: 'd.account_id = ? AND d.inventory_id = ?',
        params: [accountId, inventoryId],
        order: [['id', 'DESC']],
        select: 'd.id',
        changed: 'd.created_at',
      },
      page,
    );
    if (!ids.rows.length) return { ...ids, rows: [] };
    const rows = await this.moves().find({ where: { accountId, id: In(ids.rows.map((r) => Number(r.id))) }, order: { id: 'DESC' } });
    return { ...ids, rows: rows.map(toMovement) };
  }
}
