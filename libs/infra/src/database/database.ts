import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

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
