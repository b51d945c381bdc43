import { Module } from '@nestjs/common';
import { PaymentsCoreModule } from '@app/infra/payments/payments-core.module';
import { ReceivablesPrintModule } from '@app/infra/payments/receivables-print.module';
import { PaymentsController } from './payments.controller';

/** `/v1/payments`, on the payments core the invoice and debit-note services share. */
@Module({
  imports: [PaymentsCoreModule, ReceivablesPrintModule],
  controllers: [PaymentsController],
  exports: [PaymentsCoreModule],
})
export class PaymentsModule {}
