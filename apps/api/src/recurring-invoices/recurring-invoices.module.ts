import { Module } from '@nestjs/common';
import { RecurringCoreModule } from '@app/infra/recurring-invoices/recurring-core.module';
import { RecurringInvoicesController } from './recurring-invoices.controller';

/** `/v1/recurring-invoices`: profiles that make invoices on a schedule (the worker makes them; run-now here). */
@Module({
  imports: [RecurringCoreModule.register()],
  controllers: [RecurringInvoicesController],
})
export class RecurringInvoicesModule {}
