import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '@app/infra/config/app-config';
import { SendoutsInfraModule } from '@app/infra/sendouts/sendouts-infra.module';
import { createWorkerLogger, WORKER_LOG } from './logger';
import { ScheduleLocks } from './scheduling/schedule-locks';

/** What every processor and schedule of the worker may inject: its logger and the schedule locks. */
@Module({})
export class WorkerCommonModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerCommonModule,
      global: true,
      imports: [SendoutsInfraModule],
      providers: [{ provide: WORKER_LOG, useFactory: () => createWorkerLogger(config.logLevel) }, ScheduleLocks],
      exports: [WORKER_LOG, ScheduleLocks],
    };
  }
}
