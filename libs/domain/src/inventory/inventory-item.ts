import { DiscountType } from '../documents/document-enums';

export const INVENTORY_TYPES = ['product', 'service'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

export interface InventoryItem {
  id: number;
  accountId: number;
  name: string;
  sku: string;
  barcodeType: string;
  type: InventoryType;
  description: string;
  /** Units in stock (may go negative; services keep 0). */
  quantity: number;
  rate: string;
  discountType: DiscountType | null;
  discountValue: string;
  taxRate: string;
  hsnCode: string;
  /** A stock movement that takes the quantity from above this to it or below raises a low-stock alert; null: none. */
  lowStockThreshold: number | null;
  createdAt: string;
  updatedAt: string;
}

export type InventoryFields = Omit<InventoryItem, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>;

export interface StockMovement {
  id: number;
  inventoryId: number;
  quantityDelta: number;
  quantityAfter: number;
  /** What caused it: `invoice`, `adjustment`, `opening`. */
  sourceType: string;
  sourceId: number | null;
  sourceLabel: string;
  note: string;
  createdAt: string;
}

/** A movement as `moveStock` made it, with what the low-stock check needs of the item. */
export interface MovedStock extends StockMovement {
  itemName: string;
  lowStockThreshold: number | null;
}

export type NewStockMovement = Omit<StockMovement, 'id' | 'createdAt' | 'quantityAfter'>;
