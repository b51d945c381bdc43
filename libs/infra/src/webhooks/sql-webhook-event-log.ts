import { StoredWebhookEvent, WebhookEventLog, WebhookEventPage, WebhookEventQuery } from '@app/domain/webhooks/webhook-event-log.port';
import { Database } from '../database/database';

interface EventRow {
  seq: number | string;
  event_id: string;
  account_id: number;
  type: string;
  resource_type: string;
  resource_id: number | string;
  payload: string;
  created_at: string;
}

interface Written {
  affectedRows?: number;
}

const time = (d: Date) => d.toISOString().slice(0, 23).replace('T', ' ');
const COLUMNS = 'seq, event_id, account_id, type, resource_type, resource_id, payload, created_at';

const event = (r: EventRow): StoredWebhookEvent => ({
  id: r.event_id,
  accountId: Number(r.account_id),
  type: r.type,
  resourceType: r.resource_type,
  resourceId: Number(r.resource_id),
  payload: r.payload,
  createdAt: new Date(`${r.created_at.replace(' ', 'T')}Z`),
});

/**
 * `webhook_events`: one row per event, in the order the relay recorded them (`seq`). Pages are keyset pages on
 * `seq` within the account (indexes `(account_id, seq)`, `(account_id, type, seq)` and `(account_id,
 * resource_type, resource_id, seq)`), so a page after a cursor costs the same however deep it is and rows
 * inserted meanwhile never shift it.
 */
export class SqlWebhookEventLog extends WebhookEventLog {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(events: StoredWebhookEvent[]): Promise<void> {
    if (!events.length) return;
    // IGNORE only guards the event id (the relay's transaction already makes each event once).
    await this.db.query(
      `INSERT IGNORE INTO webhook_events (event_id, account_id, type, resource_type, resource_id, payload, created_at) VALUES ${events
        .map(() => '(?, ?, ?, ?, ?, ?, ?)')
        .join(', ')}`,
      events.flatMap((e) => [e.id, e.accountId, e.type, e.resourceType, e.resourceId, e.payload, time(e.createdAt)]),
    );
  }

  async find(accountId: number, id: string, since: Date): Promise<StoredWebhookEvent | null> {
    const [row] = await this.db.query<EventRow>(`SELECT ${COLUMNS} FROM webhook_events WHERE event_id = ? AND account_id = ? AND created_at >= ?`, [
      id,
      accountId,
      time(since),
    ]);
    return row ? event(row) : null;
  }

  async list(accountId: number, q: WebhookEventQuery): Promise<WebhookEventPage | null> {
    const where = ['account_id = ?', 'created_at >= ?'];
    const params: unknown[] = [accountId, time(q.since)];
    if (q.type !== undefined) {
      where.push('type = ?');
      params.push(q.type);
    }
    if (q.resourceType !== undefined) {
      where.push('resource_type = ?');
      params.push(q.resourceType);
    }
    if (q.resourceId !== undefined) {
      where.push('resource_id = ?');
      params.push(q.resourceId);
    }
    if (q.createdSince !== undefined) {
      where.push('created_at >= ?');
      params.push(time(q.createdSince));
    }
    const cursor = q.startingAfter ?? q.endingBefore;
    const backwards = q.startingAfter === undefined && q.endingBefore !== undefined;
    if (cursor !== undefined) {
      const [at] = await this.db.query<{ seq: number | string }>('SELECT seq FROM webhook_events WHERE event_id = ? AND account_id = ? AND created_at >= ?', [
        cursor,
        accountId,
        time(q.since),
      ]);
      if (!at) return null;
      where.push(backwards ? 'seq > ?' : 'seq < ?');
      params.push(at.seq);
    }
    // One row more than the page tells whether there are more; the previous page is read oldest first, then turned.
    const rows = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM webhook_events WHERE ${where.join(' AND ')} ORDER BY seq ${backwards ? 'ASC' : 'DESC'} LIMIT ?`,
      [...params, q.limit + 1],
    );
    const page = rows.slice(0, q.limit).map(event);
    return { events: backwards ? page.reverse() : page, hasMore: rows.length > q.limit };
  }

  async deleteOlderThan(cutoff: Date, limit: number): Promise<number> {
    const result = (await this.db.query('DELETE FROM webhook_events WHERE created_at < ? ORDER BY created_at LIMIT ?', [
      time(cutoff),
      limit,
    ])) as unknown as Written;
    return Number(result.affectedRows ?? 0);
  }
}
