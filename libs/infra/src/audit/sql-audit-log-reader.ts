import { AuditEntry, AuditFilter, AuditLogReader } from '@app/domain/audit/audit-trail';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { ActivityEventRow, changeOfRow } from '../activity/activity-event-row';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { maybeNumber } from '../shared/sql-values';

interface Row extends ActivityEventRow {
  username: string | null;
}

/** `activity_events` of one account, newest first, with the acting user's username. */
export class SqlAuditLogReader extends AuditLogReader {
  constructor(private readonly db: Database) {
    super();
  }

  async list(accountId: number, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    const where = ['e.account_id = ?'];
    const params: unknown[] = [accountId];
    const add = (condition: string, value: unknown) => {
      where.push(condition);
      params.push(value);
    };
    if (filter.entityType !== undefined) add('e.entity_type = ?', filter.entityType);
    if (filter.entityId !== undefined) add('e.entity_id = ?', filter.entityId);
    if (filter.actor) {
      add('e.actor_kind = ?', filter.actor.kind);
      if (filter.actor.userId !== undefined) add('e.actor_user_id = ?', filter.actor.userId);
    }
    if (filter.from) add('e.created_at >= ?', sqlNow(filter.from));
    if (filter.to) add('e.created_at <= ?', sqlNow(filter.to));
    const clause = where.join(' AND ');
    const [count] = await this.db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM activity_events e WHERE ${clause}`, params);
    const rows = await this.db.query<Row>(
      `SELECT e.id, e.actor_kind, e.actor_user_id, u.username, e.action, e.entity_type, e.entity_id, e.label, e.before_summary, e.after_summary, e.created_at
       FROM activity_events e LEFT JOIN users u ON u.id = e.actor_user_id AND u.account_id = e.account_id
       WHERE ${clause} ORDER BY e.id DESC LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset],
    );
    return {
      total: Number(count?.n ?? 0),
      rows: rows.map((r) => ({
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
