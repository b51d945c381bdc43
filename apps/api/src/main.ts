import 'reflect-metadata';
import { loadConfig } from '@app/infra/config/app-config';
import { ConfigError } from '@app/infra/config/env-reader';
import { createApiApp } from './app.factory';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApiApp(config);
  await app.listen(config.port, '0.0.0.0');
  process.stdout.write(`${JSON.stringify({ msg: 'api listening', port: config.port })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error | undefined)?.stack ?? String(error))}\n`);
  process.exit(1);
});
