import { Module } from '@nestjs/common';
import { RemindersCoreModule } from '@app/infra/reminders/reminders-core.module';
import { InvoiceRemindersController, ReminderSettingsController } from './reminders.controller';

/** `/v1/settings/reminders` and `/v1/invoices/{id}/reminders` (the worker sends them). */
@Module({
  imports: [RemindersCoreModule.register()],
  controllers: [ReminderSettingsController, InvoiceRemindersController],
})
export class RemindersModule {}
