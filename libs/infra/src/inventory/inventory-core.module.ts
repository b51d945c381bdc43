import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { InventoryRepository } from '@app/domain/inventory/inventory.repository.port';
import { InventoryService } from '@app/domain/inventory/inventory.service';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { LowStockAlerts } from '@app/domain/inventory/low-stock';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { bind } from '../core/providers';
import { Database } from '../database/database';
import { TypeormInventoryRepository } from './typeorm-inventory.repository';

/** Inventory items and the stock that invoices take and give back (API and the worker's storefront import). */
@Module({
  providers: [
    bind(InventoryRepository, TypeormInventoryRepository, [Database, Clock]),
    {
      provide: InventoryService,
      useFactory: (r: InventoryRepository, tx: TransactionRunner, clock: Clock, config: AppConfig, a: ActivityRecorder) =>
        new InventoryService(r, tx, clock, config.plans, a),
      inject: [InventoryRepository, TransactionRunner, Clock, APP_CONFIG, ActivityRecorder],
    },
    {
      provide: InvoiceStock,
      useFactory: (r: InventoryRepository, config: AppConfig, a: ActivityRecorder) => new InvoiceStock(r, config.featureInventory, new LowStockAlerts(a)),
      inject: [InventoryRepository, APP_CONFIG, ActivityRecorder],
    },
  ],
  exports: [InventoryRepository, InventoryService, InvoiceStock],
})
export class InventoryCoreModule {}
