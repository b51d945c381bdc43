import { Page, PageRequest } from '../shared/pagination';
import { InventoryFields, InventoryItem, MovedStock, NewStockMovement, StockMovement } from './inventory-item';

export abstract class InventoryRepository {
  abstract findById(accountId: number, id: number): Promise<InventoryItem | null>;
  abstract list(accountId: number, page: PageRequest): Promise<Page<InventoryItem>>;
  abstract count(accountId: number): Promise<number>;
  abstract insert(accountId: number, fields: InventoryFields): Promise<number>;
  /** Updates everything but the quantity (stock changes go through `moveStock`). */
  abstract update(accountId: number, id: number, fields: Omit<InventoryFields, 'quantity'>): Promise<void>;
  abstract delete(accountId: number, id: number): Promise<void>;
  abstract existingIds(accountId: number, ids: number[]): Promise<number[]>;
  /** The account's items among `ids`, with their type (for stock rules). */
  abstract typesOf(accountId: number, ids: number[]): Promise<Map<number, InventoryItem['type']>>;
  /**
   * Adds `delta` to the item's stock atomically (inside the caller's transaction, the row stays locked
   * until commit) and appends the movement with the resulting quantity.
   */
  abstract moveStock(accountId: number, movement: NewStockMovement): Promise<MovedStock>;
  /** The item's movements, newest first, by offset or by cursor (one of the item's movements). */
  abstract movements(accountId: number, inventoryId: number, page: PageRequest): Promise<Page<StockMovement>>;
}
