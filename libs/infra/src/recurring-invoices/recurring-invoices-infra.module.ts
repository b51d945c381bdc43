import { DynamicModule, Module } from '@nestjs/common';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { IssueInvoice } from '@app/domain/invoices/issue-invoice.use-case';
import { GenerateRecurringInvoices, RecurringOutbox } from '@app/domain/recurring-invoices/generate-recurring-invoices.use-case';
import { RecurringInvoiceRepository } from '@app/domain/recurring-invoices/recurring-invoice.repository.port';
import { RecurringInvoicesService } from '@app/domain/recurring-invoices/recurring-invoices.service';
import { SendoutQueue } from '@app/domain/sendouts/sendout-queue.port';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { BusinessSettingsRepository } from '@app/domain/settings/business-settings';
import { AccountReferences } from '@app/domain/documents/account-references';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { bind, make, factory } from '../core/providers';
import { Database } from '../database/database';
import { InvoicesInfraModule } from '../invoices/invoices-infra.module';
import { InventoryInfraModule } from '../inventory/inventory-infra.module';
import { InvoiceStock } from '@app/domain/inventory/invoice-stock';
import { SendoutsInfraModule } from '../sendouts/sendouts-infra.module';
import { SettingsInfraModule } from '../settings/settings-infra.module';
import { SqlRecurringInvoiceRepository } from './sql-recurring-invoice.repository';

/** The clock whose day the generation makes the runs of (the service's clock unless a test gives one). */
const RECURRING_CALENDAR = 'RECURRING_CALENDAR';
const RECURRING_OUTBOX = 'RECURRING_OUTBOX';

/** Recurring invoice profiles and the generation of their invoices (the API's routes and run-now, the worker's job). */
@Module({})
export class RecurringInvoicesInfraModule {
  static register(calendar?: Clock): DynamicModule {
    return {
      module: RecurringInvoicesInfraModule,
      imports: [InvoicesInfraModule, InventoryInfraModule, SendoutsInfraModule, SettingsInfraModule],
      providers: [
        calendar ? { provide: RECURRING_CALENDAR, useValue: calendar } : { provide: RECURRING_CALENDAR, useExisting: Clock },
        bind(RecurringInvoiceRepository, SqlRecurringInvoiceRepository, [Database, Clock]),
        factory(
          RECURRING_OUTBOX,
          [SendoutRepository, SendoutQueue, BusinessSettingsRepository, ActivityRecorder, RECURRING_CALENDAR],
          (
            sendouts: SendoutRepository,
            queue: SendoutQueue,
            settings: BusinessSettingsRepository,
            activity: ActivityRecorder,
            today: Clock,
          ): RecurringOutbox => ({
            sendouts,
            queue,
            settings,
            activity,
            calendar: today,
          }),
        ),
        make(GenerateRecurringInvoices, [
          RecurringInvoiceRepository,
          AccountRepository,
          AccountReferences,
          IssueInvoice,
          TransactionRunner,
          Clock,
          RECURRING_OUTBOX,
        ]),
        make(RecurringInvoicesService, [
          RecurringInvoiceRepository,
          AccountReferences,
          GenerateRecurringInvoices,
          TransactionRunner,
          Clock,
          ActivityRecorder,
          InvoiceStock,
        ]),
      ],
      exports: [RecurringInvoiceRepository, GenerateRecurringInvoices, RecurringInvoicesService],
    };
  }
}
