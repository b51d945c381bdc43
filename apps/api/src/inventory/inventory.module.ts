import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { InventoryRepository } from '@app/domain/inventory/inventory.repository.port';
import { InventoryService } from '@app/domain/inventory/inventory.service';
import { LowStockAlerts } from '@app/domain/inventory/low-stock';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { TypeormInventoryRepository } from '@app/infra/inventory/typeorm-inventory.repository';
import { APP_CONFIG } from '../core/tokens';
import { InventoryController } from './inventory.controller';
import { bind } from '@app/infra/core/providers';

@Module({
  controllers: [InventoryController],
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
  exports: [InventoryRepository, InvoiceStock],
})
export class InventoryModule {}
