import { DataSource } from 'typeorm';
import { createConnection } from 'mysql2/promise';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** The database name in a mysql:// URL. */
export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL must name a database of letters, digits and _ (got "${name}")`);
  return name;
}

export function createDataSource(databaseUrl: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'mysql',
    url: databaseUrl,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // Multi-statement queries: a new document's numbered write is one (see TypeormSalesDocumentRepository.insertNumbered).
    // Every statement of the code base passes values as parameters, so this opens no door to input.
    extra: { connectionLimit: poolSize, timezone: 'Z', multipleStatements: true },
  });
}

/** Creates the database of the URL when it does not exist yet (utf8mb4, portable collation). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = databaseName(databaseUrl);
  const conn = await createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
  });
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
}

/** Ensures the database exists and applies pending migrations; returns the names applied. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const ds = createDataSource(databaseUrl, 2);
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
