import 'reflect-metadata';
import { AccountAdminService } from '@app/domain/accounts/account-admin.service';
import { DomainError, ValidationFailed } from '@app/domain/shared/domain-error';
import { loadConfig } from '@app/infra/config/app-config';
import { createDataSource, migrate } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { TypeormTransactionRunner } from '@app/infra/database/typeorm-transaction-runner';
import { TypeormAccountRepository } from '@app/infra/accounts/typeorm-account.repository';
import { TypeormUserRepository } from '@app/infra/users/typeorm-user.repository';
import { NodeSecretHasher } from '@app/infra/crypto/node-secret-hasher';
import { BcryptPasswordHasher } from '@app/infra/crypto/bcrypt-password-hasher';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { parseArgs, runCommand } from './commands';
import { seedDemo } from './demo/demo-seed';
import { HttpDemoApi } from './demo/http-demo-api';

/** Admin CLI: prints exactly one JSON object on stdout and exits 0, or prints an error and exits 1. */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const { command, options } = parseArgs(argv);
  if (command === 'migrate') {
    const applied = await migrate(config.databaseUrl);
    process.stdout.write(`${JSON.stringify({ ok: true, applied })}\n`);
    return;
  }
  if (command === 'demo:seed') {
    // The key comes from the environment so that it never shows in the process list.
    const apiKey = process.env.DEMO_API_KEY;
    if (!options.url) throw ValidationFailed.field('url', 'is required');
    if (!apiKey) throw ValidationFailed.field('DEMO_API_KEY', 'must hold the API key of the demo account');
    const result = await seedDemo(new HttpDemoApi(options.url, apiKey), kolkataDate(new Date()));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const dataSource = await createDataSource(config.databaseUrl, 2).initialize();
  try {
    const db = new Database(dataSource);
    const admin = new AccountAdminService(
      new TypeormAccountRepository(db),
      new TypeormUserRepository(db),
      new BcryptPasswordHasher(config.bcryptCost),
      new NodeSecretHasher(),
      new TypeormTransactionRunner(db),
    );
    const result = await runCommand(admin, command, options);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main(process.argv.slice(2)).catch((error) => {
  const body =
    error instanceof DomainError
      ? { error: error.code, message: error.message, details: error.details }
      : { error: 'failed', message: error instanceof Error ? error.message : String(error) };
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exit(1);
});
