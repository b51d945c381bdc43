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
import { APP_CONFIG, PLAN_POLICY } from '../core/tokens';
import { InventoryController } from './inventory.controller';
import { bind, make } from '@app/infra/core/providers';

@Module({
  controllers: [InventoryController],
  providers: [
    bind(InventoryRepository, TypeormInventoryRepository, [Database, Clock]),
    make(InventoryService, [InventoryRepository, TransactionRunner, Clock, PLAN_POLICY, ActivityRecorder]),
    {
      provide: InvoiceStock,
      useFactory: (r: InventoryRepository, config: AppConfig, a: ActivityRecorder) => new InvoiceStock(r, config.featureInventory, new LowStockAlerts(a)),
      inject: [InventoryRepository, APP_CONFIG, ActivityRecorder],
    },
  ],
  exports: [InventoryRepository, InvoiceStock],
})
export class InventoryModule {}
