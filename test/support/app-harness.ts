import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createConnection } from 'mysql2/promise';
import { AccountAdminService, CreateAccountInput } from '@app/domain/accounts/account-admin.service';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { AppConfig, loadConfig } from '@app/infra/config/app-config';
import { databaseName, migrate } from '@app/infra/database/data-source';
import { createApiApp, readyApiApp } from '../../apps/api/src/app.factory';
import { ContractValidator } from './contract-validator';

export const TEST_DB_HOST = process.env.TEST_DATABASE_HOST ?? 'mysql://root@127.0.0.1:3306';

/** The HTTP platform the suites run on (HTTP_ADAPTER; the e2e-express Jest project sets express). */
export const HTTP_ADAPTER = process.env.HTTP_ADAPTER === 'express' ? 'express' : 'fastify';

/**
 * TEST_DB_PREFIX lets several checkouts run the suites side by side on one server without sharing databases
 * or queues; the Express pass adds `express_`, so both passes may run at once.
 */
export const TEST_DB_PREFIX = (process.env.TEST_DB_PREFIX ?? '') + (HTTP_ADAPTER === 'express' ? 'express_' : '');

/** MariaDB's ER_DB_DROP_RMDIR: the tables are gone but the directory holds a file the server does not own. */
const DROP_RMDIR = 1010;

/**
 * A throwaway database per suite; refuses any name without "test". A server whose data directory keeps a stray
 * file under a suite's database (left by an earlier run that was cut off mid-DDL) cannot drop it; the suite then
 * moves to the next of a few numbered names instead of failing on a database it never needed.
 */
export async function freshDatabase(suite: string): Promise<string> {
  const base = `${TEST_DB_HOST}/invoicing_test_${TEST_DB_PREFIX + suite.replace(/[^A-Za-z0-9_]/g, '_')}`;
  if (!databaseName(base).includes('test')) throw new Error(`refusing to use database ${databaseName(base)}`);
  const parsed = new URL(base);
  const conn = await createConnection({ host: parsed.hostname, port: Number(parsed.port || 3306), user: parsed.username || 'root', password: parsed.password });
  let url = base;
  try {
    for (let attempt = 0; ; attempt++) {
      url = attempt === 0 ? base : `${base}_${attempt}`;
      try {
        await conn.query(`DROP DATABASE IF EXISTS \`${databaseName(url)}\``);
        break;
      } catch (err) {
        if ((err as { errno?: number }).errno !== DROP_RMDIR || attempt >= 5) throw err;
      }
    }
  } finally {
    await conn.end();
  }
  await migrate(url);
  return url;
}

export interface TestAccount {
  accountId: number;
  apiKey: string;
  userId: number | null;
  /** Headers that authenticate as this account's API key. */
  auth: { Authorization: string };
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  dataSource: DataSource;
  databaseUrl: string;
  admin: AccountAdminService;
  createAccount(input?: Partial<CreateAccountInput>): Promise<TestAccount>;
  close(): Promise<void>;
}

let counter = 0;

/** Boots the real API (MariaDB, Redis) on a fresh database of its own. */
export async function startApp(suite: string, env: Record<string, string> = {}): Promise<TestApp> {
  return startAppOn(await freshDatabase(suite), suite, env);
}

/** Boots the real API on a database that already holds the schema (a cluster's node, for one). */
export async function startAppOn(databaseUrl: string, suite: string, env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', BCRYPT_COST: '4', RATE_LIMIT: 'off', ...env, DATABASE_URL: databaseUrl });
  const app = await createApiApp(config);
  const contract = new ContractValidator(); // every answer is checked against /v1/openapi.json; close() fails on a mismatch
  contract.install(app);
  await readyApiApp(app);
  await contract.load(app);
  const admin = new AccountAdminService(
    app.get(AccountRepository),
    app.get(UserRepository),
    app.get(PasswordHasher),
    app.get(SecretHasher),
    app.get(TransactionRunner),
  );
  return {
    app,
    config,
    http: request(app.getHttpServer()),
    dataSource: app.get(DataSource),
    databaseUrl,
    admin,
    async createAccount(input = {}) {
      const n = ++counter;
      const created = await admin.create({ name: `Business ${n}`, email: `owner${n}.${suite}@example.com`, plan: 'pro', ...input });
      return {
        accountId: created.account_id,
        apiKey: created.api_key,
        userId: created.user_id,
        auth: { Authorization: `Bearer ${created.api_key}` },
      };
    },
    async close() {
      await app.close();
      contract.assertClean();
    },
  };
}
