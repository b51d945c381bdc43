import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from '@app/domain/shared/transaction.port';

/**
 * Gives repositories the entity manager of the transaction in progress (if any). Repositories call
 * `manager()` for every query, so use cases stay unaware of TypeORM.
 */
export class Database {
  private readonly store = new AsyncLocalStorage<EntityManager>();
  constructor(readonly dataSource: DataSource) {}

  manager(): EntityManager {
    return this.store.getStore() ?? this.dataSource.manager;
  }

  /**
   * A plain query for hot read paths (authentication on every request): inside a transaction it joins
   * it; outside, it goes straight to the driver's pool, skipping TypeORM's per-query runner.
   */
  query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    const tx = this.store.getStore();
    const pool = (this.dataSource.driver as unknown as { pool?: MysqlPool }).pool;
    if (tx || !pool) return (tx ?? this.dataSource.manager).query(sql, params);
    return new Promise((resolve, reject) => pool.query(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
  }

  inTransaction(): boolean {
    return this.store.getStore() !== undefined;
  }

  runIn<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    return this.store.run(manager, work);
  }
}

interface MysqlPool {
  query(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void;
}

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

export class TypeormTransactionRunner extends TransactionRunner {
  constructor(private readonly db: Database) {
    super();
  }

  /** Joins the transaction in progress, or starts one; a deadlock victim is retried up to 3 times. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction()) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.dataSource.transaction((manager) => this.db.runIn(manager, work));
      } catch (error) {
        const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
        if (attempt >= 3 || !code || !RETRYABLE.has(code)) throw error;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    }
  }
}
