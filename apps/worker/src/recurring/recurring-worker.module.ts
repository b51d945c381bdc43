import { DynamicModule, Module } from '@nestjs/common';
import type { Clock } from '@app/domain/shared/clock.port';
import { RecurringCoreModule } from '@app/infra/recurring/recurring-core.module';
import { RecurringInvoicesSchedule } from './recurring.schedule';

/** The generation of recurring invoices; `calendar` tells it the day (the system clock by default). */
@Module({})
export class RecurringWorkerModule {
  static register(calendar?: Clock): DynamicModule {
    return { module: RecurringWorkerModule, imports: [RecurringCoreModule.register(calendar)], providers: [RecurringInvoicesSchedule] };
  }
}
