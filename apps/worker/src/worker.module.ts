import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/infra/config/app-config';
import { createDataSource } from '@app/infra/database/data-source';
import { createWorkerLogger } from './logger';
import { WorkerRuntime } from './worker-runtime';
import { NotificationsRuntime } from './notifications/notifications-runtime';
import { NotificationsSchedule } from './notifications/notifications.schedule';
import { StoreBillingRuntime } from './store-billing.runtime';
import { IntegrationsRuntime } from './integrations/integrations-runtime';
import { IntegrationsSchedule } from './integrations/integrations.schedule';
import { storefrontProviders } from './storefront/storefront.schedule';
import { StorefrontRuntime } from './storefront/storefront-runtime';

export const WORKER_CONFIG = 'WORKER_CONFIG';
const SWEEPER = 'sendout-outbox-sweeper';
const OVERDUE = 'daily-jobs';
const STORE_SWEEPER = 'store-notification-sweeper';
const HOUR_MS = 60 * 60 * 1000;

export interface WorkerOptions {
  /** Where mail goes without SMTP_URL (default var/outbox). */
  outboxDir?: string;
}

/** Runs the outbox sweeper every SWEEP_INTERVAL_MS, and checks the daily jobs (overdue marking, session clean-up, CA-sync sends) hourly; each once at start. */
@Injectable()
class SweeperSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly runtime: WorkerRuntime,
    private readonly billing: StoreBillingRuntime,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => void this.runtime.sweepOnce(), this.config.queue.sweepIntervalMs);
    this.registry.addInterval(SWEEPER, timer);
    void this.runtime.sweepOnce();
    this.billing.start();
    this.registry.addInterval(
      STORE_SWEEPER,
      setInterval(() => void this.billing.sweepOnce(), this.config.queue.sweepIntervalMs),
    );
    void this.billing.sweepOnce();
    const daily = () =>
      void this.runtime
        .markOverdueOnce()
        .then(() => this.runtime.purgeSessionsOnce())
        .then(() => this.billing.recheckOnce())
        .then(() => this.runtime.caSyncOnce());
    this.registry.addInterval(OVERDUE, setInterval(daily, HOUR_MS));
    daily();
  }

  async onModuleDestroy(): Promise<void> {
    await this.billing.close();
    for (const name of [SWEEPER, OVERDUE, STORE_SWEEPER]) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
  }
}

/** The worker process: a Nest application context (no HTTP) with the sendout queue worker and sweeper, the activity relay and push delivery. */
@Module({})
export class WorkerModule {
  static register(config: AppConfig, options: WorkerOptions = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ScheduleModule.forRoot()],
      providers: [
        { provide: WORKER_CONFIG, useValue: config },
        {
          provide: DataSource,
          useFactory: () => createDataSource(config.databaseUrl, Math.max(4, config.queue.sendoutConcurrency + 2)).initialize(),
        },
        {
          provide: WorkerRuntime,
          useFactory: (ds: DataSource) => new WorkerRuntime(config, ds, createWorkerLogger(config.logLevel), options.outboxDir),
          inject: [DataSource],
        },
        {
          provide: StoreBillingRuntime,
          useFactory: (ds: DataSource) => new StoreBillingRuntime(config, ds, createWorkerLogger(config.logLevel)),
          inject: [DataSource],
        },
        SweeperSchedule,
        {
          provide: NotificationsRuntime,
          useFactory: (ds: DataSource) => new NotificationsRuntime(config, ds, createWorkerLogger(config.logLevel)),
          inject: [DataSource],
        },
        NotificationsSchedule,
        {
          provide: IntegrationsRuntime,
          useFactory: (ds: DataSource) => new IntegrationsRuntime(config, ds, createWorkerLogger(config.logLevel)),
          inject: [DataSource],
        },
        IntegrationsSchedule,
        ...storefrontProviders(config, () => createWorkerLogger(config.logLevel)),
      ],
      exports: [WorkerRuntime, NotificationsRuntime, StoreBillingRuntime, IntegrationsRuntime, StorefrontRuntime],
    };
  }
}
