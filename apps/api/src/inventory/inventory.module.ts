import { Module } from '@nestjs/common';
import { InventoryInfraModule } from '@app/infra/inventory/inventory-infra.module';
import { InventoryController } from './inventory.controller';

/** `/v1/inventory`, on the inventory the invoices and the worker's storefront import share. */
@Module({
  imports: [InventoryInfraModule],
  controllers: [InventoryController],
  exports: [InventoryInfraModule],
})
export class InventoryModule {}
