import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { loadConfig } from '@app/infra/config/app-config';
import { ConfigError } from '@app/infra/config/env-reader';
import { databaseName } from '@app/infra/database/data-source';
import { createApiApp } from './app.factory';
import { DOCUMENT_BASE_URL } from '@app/contract/openapi/document';

/** The app connects at boot; the document needs no tables, so an empty database will do. */
async function ensureDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const conn = await createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
  });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${databaseName(url)}\``);
  } finally {
    await conn.end();
  }
}

/**
 * `npm run openapi`: boots the API as it serves (MariaDB and Redis reachable; DATABASE_URL, else an empty
 * `invoicing_openapi` database), takes its
 * /v1/openapi.json and writes it to openapi/openapi.json (or the path given).
 */
async function main(): Promise<void> {
  const target = resolve(process.argv[2] ?? 'openapi/openapi.json');
  const databaseUrl = process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/invoicing_openapi';
  await ensureDatabase(databaseUrl);
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', PUBLIC_BASE_URL: DOCUMENT_BASE_URL });
  const app = await createApiApp(config);
  try {
    // Asked over HTTP on a loopback port, so the document is exactly what either HTTP adapter serves.
    await app.listen(0, '127.0.0.1');
    const res = await fetch(`${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/v1/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(await res.json(), null, 2)}\n`);
    process.stdout.write(`${JSON.stringify({ msg: 'openapi written', path: target })}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error | undefined)?.stack ?? String(error))}\n`);
  process.exit(1);
});
