import { DynamicModule, Module } from '@nestjs/common';
import type { Clock } from '@app/domain/shared/clock.port';
import { RecurringInvoicesInfraModule } from '@app/infra/recurring-invoices/recurring-invoices-infra.module';
import { RemindersInfraModule } from '@app/infra/reminders/reminders-infra.module';
import { RemindersSchedule } from '../reminders/reminders.schedule';
import { RecurringInvoicesSchedule } from './recurring.schedule';

/** The billing schedules: recurring invoices and payment reminders; `calendar` tells them the day (the system clock by default). */
@Module({})
export class RecurringWorkerModule {
  static register(calendar?: Clock): DynamicModule {
    return {
      module: RecurringWorkerModule,
      imports: [RecurringInvoicesInfraModule.register(calendar), RemindersInfraModule.register(calendar)],
      providers: [RecurringInvoicesSchedule, RemindersSchedule],
    };
  }
}
