import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '@app/infra/config/app-config';
import { WorkerModule, WorkerOptions } from './worker.module';

/** Builds and starts the worker (used by main and by the e2e suites). `close()` shuts it down in order. */
export async function createWorkerApp(config: AppConfig, options: WorkerOptions = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config, options), {
    logger: config.logLevel === 'silent' ? false : ['error', 'warn'],
  });
  await app.init();
  return app;
}
