import { Module } from '@nestjs/common';
import { PaymentsInfraModule } from '@app/infra/payments/payments-infra.module';
import { ReceivablesPrintInfraModule } from '@app/infra/payments/receivables-print-infra.module';
import { PaymentsController } from './payments.controller';

/** `/v1/payments`, on the payments core the invoice and debit-note services share. */
@Module({
  imports: [PaymentsInfraModule, ReceivablesPrintInfraModule],
  controllers: [PaymentsController],
  exports: [PaymentsInfraModule],
})
export class PaymentsModule {}
