import { Module } from '@nestjs/common';
import { ClientsCoreModule } from '@app/infra/clients/clients-core.module';
import { ClientsController } from './clients.controller';
import { ClientStatementController } from './client-statement.controller';
import { PaymentsCoreModule } from '@app/infra/payments/payments-core.module';

/** `/v1/clients`, on the clients service the worker's storefront import uses too. */
@Module({
  imports: [ClientsCoreModule, PaymentsCoreModule],
  controllers: [ClientsController, ClientStatementController],
  exports: [ClientsCoreModule],
})
export class ClientsModule {}
