import { ActivityRecorder } from '../activity/activity-recorder';
import { Principal } from '../shared/principal';
import { MovedStock } from './inventory-item';

/** Whether the movement took the item from above its low-stock threshold to it or below. */
export function crossedLowStock(moved: Pick<MovedStock, 'quantityAfter' | 'quantityDelta' | 'lowStockThreshold'>): boolean {
  const threshold = moved.lowStockThreshold;
  if (threshold === null) return false;
  return moved.quantityAfter <= threshold && moved.quantityAfter - moved.quantityDelta > threshold;
}

/**
 * Records `low_stock` on the item's activity when a stock movement (an invoice, a manual recount) takes it to
 * its threshold or below, in the movement's transaction; the activity relay turns it into the
 * `inventory.low_stock` webhook and an in-app notification. Only the crossing alerts: further sales while
 * the item stays low do not repeat it.
 */
export class LowStockAlerts {
  constructor(private readonly activity: ActivityRecorder) {}

  async afterMove(principal: Principal, moved: MovedStock): Promise<void> {
    if (!crossedLowStock(moved)) return;
    await this.activity.record(principal, {
      action: 'low_stock',
      entityType: 'inventory',
      entityId: moved.inventoryId,
      label: moved.itemName,
      before: { quantity: moved.quantityAfter - moved.quantityDelta },
      after: { quantity: moved.quantityAfter, low_stock_threshold: moved.lowStockThreshold, source_type: moved.sourceType, source_label: moved.sourceLabel },
    });
  }
}
