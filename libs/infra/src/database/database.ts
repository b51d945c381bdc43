import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { deferOpening, DriverConnection } from './deferred-opening';
import type { ReplicaSet } from './replica-set';

/**
 * A transaction whose COMMIT was answered OK but whose writes a read right after it, on the same connection, did not
 * find (see `Database.checkAfterCommit`): nothing of it was kept, and it may be run again from its start.
 */
export class LostCommit extends Error {
  constructor(check: string) {
    super(`A committed transaction's writes were not found after COMMIT (${check})`);
    this.name = 'LostCommit';
  }
}

/**
 * The server's answers within a transaction contradict each other (see TypeormSalesDocumentRepository.insertNumbered):
 * the transaction is rolled back, and may be run again from its start.
 */
export class InconsistentAnswer extends Error {
  constructor(what: string) {
    super(`The database answered inconsistently: ${what}`);
    this.name = 'InconsistentAnswer';
  }
}

/** Whether the server `query` reaches has Galera replication on; a server without Galera's variables (MySQL) has not. */
function galeraNode(query: (sql: string) => Promise<Array<{ wsrep: unknown }>>): Promise<boolean> {
  return query('SELECT @@wsrep_on AS wsrep').then(
    (rows) => Number(rows[0]?.wsrep) === 1,
    () => false,
  );
}

interface CommitCheck {
  sql: string;
  params: unknown[];
}

/**
 * Gives repositories the entity manager of the transaction in progress (if any). Repositories call
 * `manager()` for every query, so use cases stay unaware of TypeORM.
 */
export class Database {
  /** Transactions of this process found lost after their COMMIT (see `checkAfterCommit`), for tests and figures. */
  static lostCommits = 0;
  private readonly store = new AsyncLocalStorage<EntityManager>();
  /** Facts noted inside each transaction in progress (see `noteFact`), dropped with its manager. */
  private readonly facts = new WeakMap<EntityManager, Map<string, unknown>>();
  /** Set while a read that may be served by a replica runs (see `readFromReplica`). */
  private readonly replicaReads = new AsyncLocalStorage<true>();
  /** Statements each transaction in progress sends last, right before its COMMIT (see `atCommit`). */
  private readonly lastStatements = new WeakMap<EntityManager, CommitCheck[]>();
  /** Reads each transaction in progress asks to run after its COMMIT (see `checkAfterCommit`). */
  private readonly commitChecks = new WeakMap<EntityManager, CommitCheck[]>();
  /** Whether the primary is a node of a multi-primary Galera cluster (`@@wsrep_on`), asked once. */
  private multiPrimary: Promise<boolean> | undefined;

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
      const connection = (await runner.connect()) as DriverConnection;
      const opening = deferOpening(connection);
      try {
        await runner.startTransaction(isolation);
        opening.opened();
        const result = await this.runIn(runner.manager, work);
        for (const last of this.lastStatements.get(runner.manager) ?? []) await runner.query(last.sql, last.params);
        await runner.commitTransaction();
        await this.checkCommitted(runner);
        return result;
      } catch (error) {
        // The original error is the one to report, whatever the rollback meets (a dropped connection, say).
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        // A session that answered a transaction inconsistently (a stale LAST_INSERT_ID(), an OK COMMIT nobody kept;
        // seen on Galera nodes) is not trusted again: it is closed, and the runner's next try starts on a new one.
        if (error instanceof InconsistentAnswer || error instanceof LostCommit) connection.destroy?.();
        throw error;
      } finally {
        opening.restore();
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Has the transaction in progress send `sql` as its last statement, right before COMMIT. For an upsert of a row that
   * every writer of an account updates (its data version): the row is then locked from that statement to COMMIT
   * only, instead of from wherever the write path reached it to COMMIT, so the account's concurrent writers queue on
   * it for one round trip each.
   */
  atCommit(sql: string, params: unknown[]): void {
    this.keepFor(this.lastStatements, 'A statement at COMMIT', { sql, params });
  }

  /**
   * On a node of a multi-primary Galera cluster, has the transaction in progress read `sql` (one row expected) right
   * after its COMMIT, on the same connection, and fail with LostCommit when the row is not there, so that the
   * transaction runner runs it again. On one server it costs nothing: the check is not sent.
   *
   * Why: under concurrent creates spread over three nodes, MariaDB 10.11 with galera-4 answered a small share of
   * COMMITs with OK for transactions whose writes no node kept (test/cluster-galera.e2e-spec.ts saw about one create
   * in 150 when two rows of the account were written by every create: its number sequence and its data version).
   * The server gives no sign of it, so the writer that must not lose an answered write checks its own row.
   */
  checkAfterCommit(sql: string, params: unknown[]): void {
    this.keepFor(this.commitChecks, 'A commit check', { sql, params });
  }

  /** Adds `statement` to the list `lists` keeps for the transaction in progress. */
  private keepFor(lists: WeakMap<EntityManager, CommitCheck[]>, what: string, statement: CommitCheck): void {
    const tx = this.store.getStore();
    if (!tx) throw new Error(`${what} belongs to a transaction`);
    const list = lists.get(tx);
    if (list) list.push(statement);
    else lists.set(tx, [statement]);
  }

  /** Asks the primary whether it is a node of a Galera cluster (processes call it at start; else the first checked commit does). */
  detectCluster(): Promise<boolean> {
    return (this.multiPrimary ??= galeraNode((sql) => this.dataSource.query(sql)));
  }

  /** Runs the commit checks of the transaction just committed on `runner`'s connection (on a multi-primary node). */
  private async checkCommitted(runner: QueryRunner): Promise<void> {
    const checks = this.commitChecks.get(runner.manager);
    if (!checks) return;
    this.multiPrimary ??= galeraNode((sql) => runner.query(sql));
    if (!(await this.multiPrimary)) return;
    for (const check of checks) {
      const rows = (await runner.query(check.sql, check.params)) as unknown[];
      if (!rows.length) {
        Database.lostCommits++;
        throw new LostCommit(check.sql);
      }
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
