import 'reflect-metadata';
import { ConfigError, loadConfig } from '@app/infra/config/app-config';
import { createWorkerApp } from './worker.factory';

/** The worker process: drains the sendout queue until SIGTERM/SIGINT, then stops gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createWorkerApp(config);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error | undefined)?.stack ?? String(error))}\n`);
  process.exit(1);
});
