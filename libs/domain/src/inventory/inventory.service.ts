import { bulkDeleteRecords, BulkDeleteResult } from '../shared/bulk-delete';
import type { Caller } from '../shared/caller';
import { assertWithinLimit, PlanPolicy } from '../accounts/plan';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Clock } from '../shared/clock.port';
import { found } from '../shared/domain-error';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { InventoryItem, MovedStock, StockMovement } from './inventory-item';
import { InventoryRepository } from './inventory.repository.port';
import { buildInventoryFields, InventoryInput, InventoryUpdate } from './inventory-rules';
import { LowStockAlerts } from './low-stock';

/** Inventory items; manual stock changes (PATCH of quantity) are recorded as `adjustment` movements. */
export class InventoryService {
  constructor(
    private readonly items: InventoryRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly plans: PlanPolicy,
    private readonly activity: ActivityRecorder,
    private readonly alerts: LowStockAlerts = new LowStockAlerts(activity),
  ) {}

  list(caller: Caller, page: PageRequest): Promise<Page<InventoryItem>> {
    return this.items.list(caller.account.id, page);
  }

  get(caller: Caller, id: number): Promise<InventoryItem> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: InventoryInput): Promise<number> {
    const accountId = caller.account.id;
    const fields = buildInventoryFields(input);
    return this.tx.run(async () => {
      assertWithinLimit(caller.account, this.plans, this.clock.now(), 'inventoryItems', await this.items.count(accountId), 'inventory items');
      const id = await this.items.insert(accountId, { ...fields, quantity: 0 });
      if (fields.quantity !== 0) {
        const moved = await this.items.moveStock(accountId, {
          inventoryId: id,
          quantityDelta: fields.quantity,
          sourceType: 'opening',
          sourceId: null,
          sourceLabel: 'Opening stock',
          note: '',
        });
        await this.alerts.afterMove(caller.principal, moved);
      }
      await this.activity.created(caller.principal, 'inventory', id, fields.name);
      return id;
    });
  }

  async update(caller: Caller, id: number, input: InventoryUpdate): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      const fields = buildInventoryFields(input, current);
      await this.items.update(accountId, id, fields);
      const delta = fields.quantity - current.quantity;
      let moved: MovedStock | null = null;
      if (delta !== 0) {
        moved = await this.items.moveStock(accountId, {
          inventoryId: id,
          quantityDelta: delta,
          sourceType: 'adjustment',
          sourceId: null,
          sourceLabel: 'Manual adjustment',
          note: input.note ?? '',
        });
      }
      await this.activity.updated(caller.principal, 'inventory', id, fields.name, {
        before: { quantity: current.quantity, rate: current.rate, low_stock_threshold: current.lowStockThreshold },
        after: { quantity: fields.quantity, rate: fields.rate, low_stock_threshold: fields.lowStockThreshold },
      });
      if (moved) await this.alerts.afterMove(caller.principal, moved);
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      await this.items.delete(accountId, id);
      await this.activity.deleted(caller.principal, 'inventory', id, current.name);
    });
  }

  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    return bulkDeleteRecords(this.tx, caller.account.id, ids, this.items, (id) => this.activity.deleted(caller.principal, 'inventory', id, null));
  }

  async movements(caller: Caller, id: number, page: PageRequest): Promise<Page<StockMovement>> {
    await this.require(caller.account.id, id);
    return this.items.movements(caller.account.id, id, page);
  }

  private async require(accountId: number, id: number): Promise<InventoryItem> {
    return found(await this.items.findById(accountId, id), 'Inventory item', id);
  }
}
