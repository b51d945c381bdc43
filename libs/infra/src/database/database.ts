import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { deferOpening, DriverConnection } from './deferred-opening';
import type { ReplicaSet } from './replica-set';

/**
 * Gives repositories the entity manager of the transaction in progress (if any). Repositories call
 * `manager()` for every query, so use cases stay unaware of TypeORM.
 */
export class Database {
  private readonly store = new AsyncLocalStorage<EntityManager>();
  /** Facts noted inside each transaction in progress (see `noteFact`), dropped with its manager. */
  private readonly facts = new WeakMap<EntityManager, Map<string, unknown>>();
  /** Set while a read that may be served by a replica runs (see `readFromReplica`). */
  private readonly replicaReads = new AsyncLocalStorage<true>();

  /** `replicas`: the read replicas of DATABASE_REPLICA_URLS, when there are any. */
  constructor(
    readonly dataSource: DataSource,
    private readonly replicas: ReplicaSet | null = null,
  ) {}

  /** The transaction's manager; outside one, a fit replica's inside `readFromReplica`, else the primary's. */
  manager(): EntityManager {
    const tx = this.store.getStore();
    if (tx) return tx;
    if (this.replicas && this.replicaReads.getStore()) return this.replicas.manager() ?? this.dataSource.manager;
    return this.dataSource.manager;
  }

  /**
   * Runs `work`, a read that may lag the primary by a few seconds (lists, analytics, exports, statements, PDFs),
   * with its statements outside transactions sent to a replica (`query` and `execute` included); transactions it
   * starts still go to the primary. Without replicas it simply runs `work`.
   */
  readFromReplica<T>(work: () => T): T {
    return this.replicas ? this.replicaReads.run(true, work) : work();
  }

  /**
   * A plain query for hot read paths (authentication on every request): inside a transaction it joins
   * it; outside, it goes straight to the driver's pool, skipping TypeORM's per-query runner.
   */
  query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    return this.direct<T>('query', sql, params);
  }

  /**
   * `query` as a prepared statement outside a transaction: the server parses and plans it once per pool
   * connection, and rows come back in the binary protocol, which mysql2 decodes with less work. Only for
   * a few fixed statements on the hottest paths (the API-key lookup of every request): each distinct SQL
   * text stays prepared on every connection, so statements built from varying parts must use `query`.
   */
  execute<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    return this.direct<T>('execute', sql, params);
  }

  /** Inside a transaction, its manager's query; outside, the driver pool's `query` or `execute`. */
  private direct<T>(method: 'query' | 'execute', sql: string, params: unknown[]): Promise<T[]> {
    const tx = this.store.getStore();
    const replica = !tx && this.replicas && this.replicaReads.getStore() ? this.replicas.manager() : null;
    if (replica) return replica.query(sql, params);
    const pool = (this.dataSource.driver as unknown as { pool?: MysqlPool }).pool;
    if (tx || !pool) return (tx ?? this.dataSource.manager).query(sql, params);
    return new Promise((resolve, reject) => pool[method](sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
  }

  /**
   * Notes a fact read inside the transaction in progress, so that a later step of the same transaction
   * takes it from here instead of reading it again (outside a transaction nothing is noted). Only for
   * facts the transaction itself does not change: under REPEATABLE READ, the isolation of every
   * transaction but the activity relay's and the payments', the later read would see the same snapshot as
   * the first; under READ COMMITTED it could see a change committed meanwhile, and the noted answer is
   * the one the transaction would have had a moment earlier.
   */
  noteFact(key: string, value: unknown): void {
    const tx = this.store.getStore();
    if (!tx) return;
    let facts = this.facts.get(tx);
    if (!facts) this.facts.set(tx, (facts = new Map<string, unknown>()));
    facts.set(key, value);
  }

  /** A fact noted earlier in the transaction in progress, or undefined (none noted, or no transaction). */
  fact<T>(key: string): T | undefined {
    const tx = this.store.getStore();
    return tx ? (this.facts.get(tx)?.get(key) as T | undefined) : undefined;
  }

  /**
   * Runs `work` in a new transaction on one pool connection and commits it (rolls it back when `work` throws).
   * The opening statements go out with the transaction's first statement (deferred-opening.ts): one round trip
   * fewer per transaction; a transaction that sends nothing sends no COMMIT either.
   */
  async transaction<T>(work: () => Promise<T>, isolation?: IsolationLevel): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const opening = deferOpening((await runner.connect()) as DriverConnection);
      try {
        await runner.startTransaction(isolation);
        opening.opened();
        const result = await this.runIn(runner.manager, work);
        await runner.commitTransaction();
        return result;
      } catch (error) {
        // The original error is the one to report, whatever the rollback meets (a dropped connection, say).
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      } finally {
        opening.restore();
      }
    } finally {
      await runner.release();
    }
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
  execute(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void;
}
