import { Module } from '@nestjs/common';
import { InventoryCoreModule } from '@app/infra/inventory/inventory-core.module';
import { InventoryController } from './inventory.controller';

/** `/v1/inventory`, on the inventory the invoices and the worker's storefront import share. */
@Module({
  imports: [InventoryCoreModule],
  controllers: [InventoryController],
  exports: [InventoryCoreModule],
})
export class InventoryModule {}
