import { DynamicModule, Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { ReminderSettingsRepository, ReminderStore } from '@app/domain/reminders/reminder.ports';
import { RemindersService } from '@app/domain/reminders/reminders.service';
import { ReminderDeps, SendReminders } from '@app/domain/reminders/send-reminders.use-case';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { bind, make, factory } from '../core/providers';
import { Database } from '../database/database';
import { DocumentOutputInfraModule } from '../document-output/document-output-infra.module';
import { SendoutsInfraModule } from '../sendouts/sendouts-infra.module';
import { SqlReminderSettingsRepository, SqlReminderStore } from './sql-reminders';

const REMINDER_DEPS = 'REMINDER_DEPS';

/** Payment reminders: the account's schedule, the invoices' reminders, and the daily job (`calendar`: its day, for tests). */
@Module({})
export class RemindersInfraModule {
  static register(calendar?: Clock): DynamicModule {
    return {
      module: RemindersInfraModule,
      imports: [DocumentOutputInfraModule, SendoutsInfraModule],
      providers: [
        bind(ReminderSettingsRepository, SqlReminderSettingsRepository, [Database, Clock]),
        bind(ReminderStore, SqlReminderStore, [Database, Clock]),
        factory(
          REMINDER_DEPS,
          [AccountRepository, DocumentSource, ClientRepository, BusinessSettingsRepository, SendoutRepository, SendoutQueue, ActivityRecorder],
          (
            accounts: AccountRepository,
            documents: DocumentSource,
            clients: ClientRepository,
            business: BusinessSettingsRepository,
            sendouts: SendoutRepository,
            queue: SendoutQueue,
            activity: ActivityRecorder,
          ): ReminderDeps => ({ accounts, documents, clients, business, sendouts, queue, activity, calendar }),
        ),
        make(SendReminders, [ReminderSettingsRepository, ReminderStore, TransactionRunner, Clock, REMINDER_DEPS]),
        make(RemindersService, [ReminderSettingsRepository, ReminderStore, DocumentSource, ClientRepository, TransactionRunner, Clock, ActivityRecorder]),
      ],
      exports: [SendReminders, RemindersService],
    };
  }
}
