import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AppConfig } from '@app/infra/config/app-config';
import { CoreInfraModule } from '@app/infra/core/core-infra.module';
import { ContractModule } from '@app/contract/contract.module';
import { MailInfraModule } from '@app/infra/mail/mail-infra.module';
import { PdfRendererInfraModule } from '@app/infra/pdf/pdf-renderer-infra.module';
import { WorkerCommonModule } from './worker-common.module';
import { CaSyncWorkerModule } from './ca-sync/ca-sync-worker.module';
import { HousekeepingWorkerModule } from './housekeeping/housekeeping-worker.module';
import { IntegrationsWorkerModule } from './integrations/integrations-worker.module';
import { NotificationsWorkerModule } from './notifications/notifications-worker.module';
import { SendoutsWorkerModule } from './sendouts/sendouts-worker.module';
import { StoreBillingWorkerModule } from './billing/store-billing-worker.module';
import { StorefrontWorkerModule } from './storefront/storefront-worker.module';
import { RecurringWorkerModule } from './recurring-invoices/recurring-worker.module';
import { Clock } from '@app/domain/shared/clock.port';

export interface WorkerOptions {
  /** Where mail goes without SMTP_URL (default var/outbox). */
  outboxDir?: string;
  /** The calendar of the recurring invoices and reminders jobs: the day they work for (the system clock by default; the e2e suites pass one they move). */
  recurringCalendar?: Clock;
}

/**
 * Feature modules of the worker: each binds one injectable per queue processor and per schedule
 * (apps/worker/src/<feature>/), on the modules of libs/infra that the API imports too.
 */
const FEATURES = [
  SendoutsWorkerModule,
  CaSyncWorkerModule,
  HousekeepingWorkerModule,
  StoreBillingWorkerModule,
  NotificationsWorkerModule,
  IntegrationsWorkerModule,
  StorefrontWorkerModule,
];

/**
 * The worker process: a Nest application context (no HTTP). Processors start in onApplicationBootstrap;
 * on shutdown they stop taking jobs and schedules stop and finish their pass (onModuleDestroy), then the
 * queues, the mailer, Chromium and the database close (onApplicationShutdown).
 */
@Module({})
export class WorkerModule {
  static register(config: AppConfig, options: WorkerOptions = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreInfraModule.forRoot(config, { poolSize: Math.max(4, config.queue.sendoutConcurrency + 2) }),
        ContractModule,
        ScheduleModule.forRoot(),
        WorkerCommonModule.forRoot(config),
        PdfRendererInfraModule.forRoot('unbounded'),
        MailInfraModule.forRoot(options.outboxDir),
        ...FEATURES,
        RecurringWorkerModule.register(options.recurringCalendar),
      ],
    };
  }
}
