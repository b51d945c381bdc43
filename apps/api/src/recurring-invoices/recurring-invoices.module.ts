import { Module } from '@nestjs/common';
import { RecurringInvoicesInfraModule } from '@app/infra/recurring-invoices/recurring-invoices-infra.module';
import { RecurringInvoicesController } from './recurring-invoices.controller';

/** `/v1/recurring-invoices`: profiles that make invoices on a schedule (the worker makes them; run-now here). */
@Module({
  imports: [RecurringInvoicesInfraModule.register()],
  controllers: [RecurringInvoicesController],
})
export class RecurringInvoicesModule {}
