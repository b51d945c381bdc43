import 'reflect-metadata';
import type { Logger } from 'pino';
import { loadConfig } from '@app/infra/config/app-config';
import { ConfigError } from '@app/infra/config/env-reader';
import { WORKER_LOG } from './logger';
import { boundGracefulStop } from './shutdown-bound';
import { createWorkerApp } from './worker.factory';

/**
 * The worker process: drains the sendout queue until SIGTERM/SIGINT, then stops gracefully, within
 * WORKER_SHUTDOWN_TIMEOUT_S (then it exits anyway).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createWorkerApp(config);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  boundGracefulStop(config.workerShutdownTimeoutMs, app.get<string, Logger>(WORKER_LOG));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error | undefined)?.stack ?? String(error))}\n`);
  process.exit(1);
});
