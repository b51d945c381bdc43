import { AuditEntry, AuditFilter, AuditLogReader } from '@app/domain/audit/audit-trail';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { ActivityEventRow, changeOfRow } from '../activity/activity-event-row';
import { Database } from '../database/database';
import { keysetPage } from '../shared/keyset-list';
import { sqlNow } from '../shared/sql-time';
import { maybeNumber } from '../shared/sql-values';

interface Row extends ActivityEventRow {
  username: string | null;
}

/** `activity_events` of one account, newest first (offsets or cursors: shared/keyset-list.ts), with the acting user's username. */
export class SqlAuditLogReader extends AuditLogReader {
  constructor(private readonly db: Database) {
    super();
  }

  async list(accountId: number, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    const where = ['d.account_id = ?'];
    const params: unknown[] = [accountId];
    const add = (condition: string, value: unknown) => {
      where.push(condition);
      params.push(value);
    };
    if (filter.entityType !== undefined) add('d.entity_type = ?', filter.entityType);
    if (filter.entityId !== undefined) add('d.entity_id = ?', filter.entityId);
    if (filter.actor) {
      add('d.actor_kind = ?', filter.actor.kind);
      if (filter.actor.userId !== undefined) add('d.actor_user_id = ?', filter.actor.userId);
    }
    if (filter.from) add('d.created_at >= ?', sqlNow(filter.from));
    if (filter.to) add('d.created_at <= ?', sqlNow(filter.to));
    // Append-only: `updated_since` compares when an entry was written.
    const read = await keysetPage<Row>(
      this.db,
      {
        table: 'activity_events',
        joins: 'LEFT JOIN users u ON u.id = d.actor_user_id AND u.account_id = d.account_id',
        where: where.join(' AND '),
        params,
        scope: 'd.account_id = ?',
        scopeParams: [accountId],
        order: [['id', 'DESC']],
        select:
          'd.id, d.actor_kind, d.actor_user_id, u.username, d.action, d.entity_type, d.entity_id, d.label, d.before_summary, d.after_summary, d.created_at',
        changed: 'd.created_at',
      },
      page,
    );
    return {
      ...read,
      rows: read.rows.map((r) => ({
        id: Number(r.id),
        ...changeOfRow(r),
        actor: {
          kind: r.actor_kind as AuditEntry['actor']['kind'],
          userId: maybeNumber(r.actor_user_id),
          username: r.username,
        },
      })),
    };
  }
}
