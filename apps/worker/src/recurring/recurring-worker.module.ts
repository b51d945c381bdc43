import { Module } from '@nestjs/common';
import { RecurringCoreModule } from '@app/infra/recurring/recurring-core.module';
import { RecurringInvoicesSchedule } from './recurring.schedule';

/** The generation of recurring invoices. */
@Module({
  imports: [RecurringCoreModule],
  providers: [RecurringInvoicesSchedule],
})
export class RecurringWorkerModule {}
