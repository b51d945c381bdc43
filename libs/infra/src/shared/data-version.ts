import { Database } from '../database/database';
import { SqlStatement } from '../database/raw-sql';
import { atomically } from './list-sync';

/** The tables the analytics statements read (every column of theirs may count); lists over them only keep their totals by the version. */
export const ANALYTICS_SOURCE_TABLES = ['invoices', 'invoice_items', 'credit_notes', 'proforma_invoices', 'expenses', 'clients', 'inventory_items'] as const;

/**
 * The tables whose every insert, update and delete moves the account's data version: those of the analytics, the
 * payments and debit notes (`received` and `outstanding`) and the allocations (the receivables ageing reads them).
 */
export const DATA_VERSIONED_TABLES: ReadonlySet<string> = new Set([...ANALYTICS_SOURCE_TABLES, 'payments', 'debit_notes', 'payment_allocations']);

/**
 * The account's data version, `analytics_versions.version`, keys the analytics answer cache (docs/analytics.md
 * "Answer cache") and the list totals (versioned-list.ts). Every write path of the tables above moves it in the
 * writing transaction, so the new version commits together with the change and a reader that sees the change sees
 * the new version (and the reverse). Once per transaction and account is enough: a version only has to differ from
 * every version read before the commit, and the row stays locked by the first bump until COMMIT. Plain SQL on the
 * application's side, nothing in the database: the schema runs on engines without triggers (docs/scaling.md).
 */
const BUMP = 'INSERT INTO analytics_versions (account_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1';

/** The key under which a transaction notes that it moved an account's version (Database.noteFact). */
const moved = (accountId: number) => `data-version:${accountId}`;

/**
 * The bump of the account's version for a caller that sends it within a batch of its own (one round trip), or null
 * when the transaction in progress has moved it already. Call `noteDataVersion` once the batch has run.
 */
export function dataVersionStatement(db: Database, accountId: number): SqlStatement | null {
  if (!db.inTransaction()) throw new Error('The data version moves inside the writing transaction');
  return db.fact(moved(accountId)) ? null : { sql: BUMP, params: [accountId] };
}

/** Notes that the transaction in progress moved the account's version (a batch with `dataVersionStatement` ran). */
export function noteDataVersion(db: Database, accountId: number): void {
  db.noteFact(moved(accountId), true);
}

/**
 * Sends `statements` as one batch (one round trip) with the bump of the account's version behind them (unless the
 * transaction moved it already), in the caller's transaction or one of its own. Answers the batch's results, those
 * of `statements` first (an array when the batch holds two statements or more, as mysql2 gives them).
 */
export function versionedBatch<T = unknown[]>(db: Database, accountId: number, statements: SqlStatement[]): Promise<T> {
  return atomically(db, async () => {
    const version = dataVersionStatement(db, accountId);
    const batch = version ? [...statements, version] : statements;
    const results = await db.manager().query<T>(
      batch.map((st) => st.sql).join(';\n'),
      batch.flatMap((st) => st.params),
    );
    noteDataVersion(db, accountId);
    return results;
  });
}

/**
 * Moves the version of each account (once per transaction), in account order so that two writers never wait on each
 * other's rows. The upsert is the transaction's last statement (Database.atCommit): every writer of the account
 * updates that row, and it stays locked from the upsert to COMMIT, so the later it comes the shorter the account's
 * writers queue on it (a payment with five allocations held it over ten round trips before).
 */
export function moveDataVersions(db: Database, accountIds: Iterable<number>): Promise<void> {
  if (!db.inTransaction()) return Promise.reject(new Error('The data version moves inside the writing transaction'));
  const ids = [...new Set(accountIds)].filter((id) => !db.fact(moved(id))).sort((a, b) => a - b);
  if (!ids.length) return Promise.resolve();
  db.atCommit(
    `INSERT INTO analytics_versions (account_id, version) VALUES ${ids.map(() => '(?, 1)').join(', ')} ON DUPLICATE KEY UPDATE version = version + 1`,
    ids,
  );
  for (const id of ids) noteDataVersion(db, id);
  return Promise.resolve();
}

/** Moves the account's version in the transaction in progress (once per transaction). */
export function moveDataVersion(db: Database, accountId: number): Promise<void> {
  return moveDataVersions(db, [accountId]);
}

/**
 * Runs `write` (statements on the tables above, for the account) and moves the account's version after it, both in
 * the caller's transaction or, outside one, in a transaction of their own.
 */
export function versionedWrite<T>(db: Database, accountId: number, write: () => Promise<T>): Promise<T> {
  return atomically(db, async () => {
    const result = await write();
    await moveDataVersion(db, accountId);
    return result;
  });
}
