import { Module } from '@nestjs/common';
import { ClientsInfraModule } from '@app/infra/clients/clients-infra.module';
import { ClientsController } from './clients.controller';
import { ClientStatementController } from './client-statement.controller';
import { ReceivablesPrintInfraModule } from '@app/infra/payments/receivables-print-infra.module';

/** `/v1/clients`, on the clients service the worker's storefront import uses too. */
@Module({
  imports: [ClientsInfraModule, ReceivablesPrintInfraModule],
  controllers: [ClientsController, ClientStatementController],
  exports: [ClientsInfraModule],
})
export class ClientsModule {}
