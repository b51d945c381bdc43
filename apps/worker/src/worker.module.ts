import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/infra/config/app-config';
import { InfraCoreModule } from '@app/infra/core/infra-core.module';
import { MailModule } from '@app/infra/mail/mail.module';
import { PdfRendererModule } from '@app/infra/pdf/pdf-renderer.module';
import { WORKER_LOG } from './logger';
import { WorkerCommonModule } from './worker-common.module';
import { CaSyncWorkerModule } from './ca-sync/ca-sync-worker.module';
import { HousekeepingWorkerModule } from './housekeeping/housekeeping-worker.module';
import { SendoutsWorkerModule } from './sendouts/sendouts-worker.module';
import { NotificationsRuntime } from './notifications/notifications-runtime';
import { NotificationsSchedule } from './notifications/notifications.schedule';
import { StoreBillingRuntime } from './store-billing.runtime';
import { StoreNotificationProcessor, StoreNotificationSweep, SubscriptionRecheck } from './store-billing.schedules';
import { IntegrationsRuntime } from './integrations/integrations-runtime';
import { IntegrationsSchedule } from './integrations/integrations.schedule';

export interface WorkerOptions {
  /** Where mail goes without SMTP_URL (default var/outbox). */
  outboxDir?: string;
}

/**
 * Feature modules of the worker: each binds its use cases and one injectable per queue processor and per
 * schedule (apps/worker/src/<feature>/), on the adapters of libs/infra that the API binds the same way.
 */
const FEATURES = [SendoutsWorkerModule, CaSyncWorkerModule, HousekeepingWorkerModule];

/** A runtime built from the DataSource and the worker's logger (features not yet split into modules). */
function runtime<T>(type: new (config: AppConfig, dataSource: DataSource, log: Logger) => T, config: AppConfig) {
  return { provide: type, useFactory: (ds: DataSource, log: Logger) => new type(config, ds, log), inject: [DataSource, WORKER_LOG] };
}

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
        InfraCoreModule.forRoot(config, { poolSize: Math.max(4, config.queue.sendoutConcurrency + 2) }),
        ScheduleModule.forRoot(),
        WorkerCommonModule.forRoot(config),
        PdfRendererModule.forRoot('unbounded'),
        MailModule.forRoot(options.outboxDir),
        ...FEATURES,
      ],
      providers: [
        runtime(StoreBillingRuntime, config),
        StoreNotificationProcessor,
        StoreNotificationSweep,
        SubscriptionRecheck,
        runtime(NotificationsRuntime, config),
        NotificationsSchedule,
        runtime(IntegrationsRuntime, config),
        IntegrationsSchedule,
      ],
      exports: [NotificationsRuntime, StoreBillingRuntime, IntegrationsRuntime],
    };
  }
}
