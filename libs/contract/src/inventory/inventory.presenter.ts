import { InventoryItem, StockMovement } from '@app/domain/inventory/inventory-item';
import { toNumber2 } from '@app/domain/shared/money';

export function presentInventoryItem(item: InventoryItem) {
  return {
    inventory_id: item.id,
    name: item.name,
    sku: item.sku,
    barcode_type: item.barcodeType,
    type: item.type,
    description: item.description,
    quantity: item.quantity,
    rate: toNumber2(item.rate),
    discount_type: item.discountType,
    discount_value: toNumber2(item.discountValue),
    tax_rate: Number(item.taxRate),
    hsn_code: item.hsnCode,
    low_stock_threshold: item.lowStockThreshold,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

export function presentMovement(m: StockMovement) {
  return {
    movement_id: m.id,
    inventory_id: m.inventoryId,
    quantity_delta: m.quantityDelta,
    quantity_after: m.quantityAfter,
    source_type: m.sourceType,
    source_id: m.sourceId,
    source_label: m.sourceLabel,
    note: m.note,
    created_at: m.createdAt,
  };
}
