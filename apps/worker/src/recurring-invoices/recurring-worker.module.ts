import { DynamicModule, Module } from '@nestjs/common';
import type { Clock } from '@app/domain/shared/clock.port';
import { RecurringCoreModule } from '@app/infra/recurring-invoices/recurring-core.module';
import { RemindersCoreModule } from '@app/infra/reminders/reminders-core.module';
import { RemindersSchedule } from '../reminders/reminders.schedule';
import { RecurringInvoicesSchedule } from './recurring.schedule';

/** The billing schedules: recurring invoices and payment reminders; `calendar` tells them the day (the system clock by default). */
@Module({})
export class RecurringWorkerModule {
  static register(calendar?: Clock): DynamicModule {
    return {
      module: RecurringWorkerModule,
      imports: [RecurringCoreModule.register(calendar), RemindersCoreModule.register(calendar)],
      providers: [RecurringInvoicesSchedule, RemindersSchedule],
    };
  }
}
