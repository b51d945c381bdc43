import { Module } from '@nestjs/common';
import { ClientsCoreModule } from '@app/infra/clients/clients-core.module';
import { ClientsController } from './clients.controller';
import { ClientStatementController } from './client-statement.controller';
import { ReceivablesPrintModule } from '@app/infra/payments/receivables-print.module';

/** `/v1/clients`, on the clients service the worker's storefront import uses too. */
@Module({
  imports: [ClientsCoreModule, ReceivablesPrintModule],
  controllers: [ClientsController, ClientStatementController],
  exports: [ClientsCoreModule],
})
export class ClientsModule {}
