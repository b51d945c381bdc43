import { Database } from '../database/database';

interface WriteResult {
  affectedRows?: number;
}

/** The number of rows a write statement changed (mysql2's OkPacket). */
export function affectedRows(result: unknown): number {
  return Number((result as WriteResult | undefined)?.affectedRows ?? 0);
}

/** Runs `work` inside the transaction in progress, or in a new one when there is none. */
export function inTransaction<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return db.inTransaction() ? work() : db.transaction(work);
}

export interface UnreadChange {
  userId: number;
  accountId: number;
  /** Unread notifications added (negative: taken off). */
  delta: number;
  /** Notifications added or removed, read or not (0 when none is). */
  totalDelta?: number;
}

/** Sums the deltas of the same user into one change each. */
export function byUser(changes: UnreadChange[]): UnreadChange[] {
  const sums = new Map<number, UnreadChange>();
  for (const c of changes) {
    const sum = sums.get(c.userId);
    if (sum) {
      sum.delta += c.delta;
      sum.totalDelta = (sum.totalDelta ?? 0) + (c.totalDelta ?? 0);
    } else sums.set(c.userId, { ...c });
  }
  return [...sums.values()];
}

/**
 * Each user's number of unread notifications and of notifications in all (`notification_unread_counts`, `unread` and
 * `total`), moved by the code that changes `notifications`, in the same transaction as the change, by the number of
 * rows that change added or removed (every statement counts its own rows through `affectedRows` or a locking read, so concurrent writers
 * never count a row twice). Callers lock notification rows first and counters second, in user id order, so
 * two writers never wait on each other in a cycle.
 */
export class UnreadCounters {
  constructor(private readonly db: Database) {}

  /** Adds each change's deltas (negative to take off) to its user's counters; a user without a counter row gets one. */
  async add(changes: UnreadChange[]): Promise<void> {
    const sorted = changes.filter((c) => c.delta !== 0 || (c.totalDelta ?? 0) !== 0).sort((a, b) => a.userId - b.userId);
    for (const { userId, accountId, delta, totalDelta = 0 } of sorted) {
      await this.db.query(
        `INSERT INTO notification_unread_counts (user_id, account_id, unread, total) VALUES (?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE unread = unread + ?, total = total + ?`,
        [userId, accountId, Math.max(delta, 0), Math.max(totalDelta, 0), delta, totalDelta],
      );
    }
  }
}
