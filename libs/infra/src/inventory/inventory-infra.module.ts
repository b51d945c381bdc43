import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { InventoryRepository } from '@app/domain/inventory/inventory.repository.port';
import { InventoryService } from '@app/domain/inventory/inventory.service';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { LowStockAlerts } from '@app/domain/inventory/low-stock';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG, PLAN_POLICY } from '../config/app-config.token';
import { bind, make, factory } from '../core/providers';
import { Database } from '../database/database';
import { TypeormInventoryRepository } from './typeorm-inventory.repository';

/** Inventory items and the stock that invoices take and give back (API and the worker's storefront import). */
@Module({
  providers: [
    bind(InventoryRepository, TypeormInventoryRepository, [Database, Clock]),
    make(InventoryService, [InventoryRepository, TransactionRunner, Clock, PLAN_POLICY, ActivityRecorder]),
    factory(
      InvoiceStock,
      [InventoryRepository, APP_CONFIG, ActivityRecorder],
      (r: InventoryRepository, config: AppConfig, a: ActivityRecorder) => new InvoiceStock(r, config.featureInventory, new LowStockAlerts(a)),
    ),
  ],
  exports: [InventoryRepository, InventoryService, InvoiceStock],
})
export class InventoryInfraModule {}
