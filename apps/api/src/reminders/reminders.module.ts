import { Module } from '@nestjs/common';
import { RemindersInfraModule } from '@app/infra/reminders/reminders-infra.module';
import { InvoiceRemindersController, ReminderSettingsController } from './reminders.controller';

/** `/v1/settings/reminders` and `/v1/invoices/{id}/reminders` (the worker sends them). */
@Module({
  imports: [RemindersInfraModule.register()],
  controllers: [ReminderSettingsController, InvoiceRemindersController],
})
export class RemindersModule {}
