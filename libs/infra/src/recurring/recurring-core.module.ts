import { Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { IssueInvoice } from '@app/domain/invoices/issue-invoice.use-case';
import { GenerateRecurringInvoices } from '@app/domain/recurring/generate-recurring-invoices.use-case';
import { RecurringInvoiceRepository } from '@app/domain/recurring/recurring-invoice.repository.port';
import { RecurringInvoicesService } from '@app/domain/recurring/recurring-invoices.service';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { AccountReferences } from '@app/domain/shared/account-references';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { bind, make } from '../core/providers';
import { Database } from '../database/database';
import { InvoicesCoreModule } from '../invoices/invoices-core.module';
import { SendoutAdaptersModule } from '../sendouts/sendout-adapters.module';
import { SettingsAdaptersModule } from '../settings/settings-adapters.module';
import { SqlRecurringInvoiceRepository } from './sql-recurring-invoice.repository';

/** Recurring invoice profiles and the generation of their invoices (the API's routes and run-now, the worker's job). */
@Module({
  imports: [InvoicesCoreModule, SendoutAdaptersModule, SettingsAdaptersModule],
  providers: [
    bind(RecurringInvoiceRepository, SqlRecurringInvoiceRepository, [Database, Clock]),
    {
      provide: GenerateRecurringInvoices,
      useFactory: (
        profiles: RecurringInvoiceRepository,
        accounts: AccountRepository,
        references: AccountReferences,
        issue: IssueInvoice,
        tx: TransactionRunner,
        clock: Clock,
        sendouts: SendoutRepository,
        queue: SendoutQueue,
        settings: BusinessSettingsRepository,
        activity: ActivityRecorder,
      ) => new GenerateRecurringInvoices(profiles, accounts, references, issue, tx, clock, { sendouts, queue, settings, activity }),
      inject: [
        RecurringInvoiceRepository,
        AccountRepository,
        AccountReferences,
        IssueInvoice,
        TransactionRunner,
        Clock,
        SendoutRepository,
        SendoutQueue,
        BusinessSettingsRepository,
        ActivityRecorder,
      ],
    },
    make(RecurringInvoicesService, [RecurringInvoiceRepository, AccountReferences, GenerateRecurringInvoices, TransactionRunner, Clock, ActivityRecorder]),
  ],
  exports: [RecurringInvoiceRepository, GenerateRecurringInvoices, RecurringInvoicesService],
})
export class RecurringCoreModule {}
