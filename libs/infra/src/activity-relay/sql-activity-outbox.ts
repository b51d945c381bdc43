import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { ActivityOutbox, CommittedActivity } from '@app/domain/activity-relay/activity-relay.port';
import { ActivityEventRow, changeOfRow, parseSummary } from '../activity/activity-event-row';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { maybeNumber } from '../shared/sql-values';

interface EventRecord extends ActivityEventRow {
  account_id: number;
}

/**
 * The activity log as an outbox: rows with `relayed_at` null, oldest first, locked with SKIP LOCKED
 * (rows of a transaction still open, or held by another relay, are left for a later batch). Meant for
 * the READ COMMITTED runner below, so the locking read takes no gap locks that would hold up the
 * inserts of API requests.
 */
export class SqlActivityOutbox extends ActivityOutbox {
  constructor(private readonly db: Database) {
    super();
  }

  async claim(limit: number): Promise<CommittedActivity[]> {
    const rows = await this.db.query<EventRecord>(
      `SELECT id, account_id, actor_kind, actor_user_id, action, entity_type, entity_id, label, before_summary, after_summary, object_json, created_at
       FROM activity_events WHERE relayed_at IS NULL ORDER BY relayed_at, id LIMIT ? FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      accountId: Number(r.account_id),
      actorKind: r.actor_kind as CommittedActivity['actorKind'],
      actorUserId: maybeNumber(r.actor_user_id),
      ...changeOfRow(r),
      object: parseSummary(r.object_json ?? null),
    }));
  }

  async markRelayed(ids: number[], now: Date): Promise<void> {
    if (!ids.length) return;
    await this.db.query(`UPDATE activity_events SET relayed_at = ? WHERE id IN (${ids.map(() => '?').join(', ')})`, [sqlNow(now), ...ids]);
  }
}

/** Transactions in READ COMMITTED (the relay's): locking reads lock the rows they return and no gaps. */
export class ReadCommittedTransactionRunner extends TransactionRunner {
  constructor(private readonly db: Database) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction()) return work();
    return this.db.transaction(work, 'READ COMMITTED');
  }
}
