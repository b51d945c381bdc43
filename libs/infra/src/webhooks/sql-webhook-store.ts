import { randomUUID } from 'node:crypto';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { AttemptRecord, NewWebhookDelivery, WebhookDelivery, WebhookEndpoint, WebhookEndpointFields, WebhookStore } from '@app/domain/webhooks/webhook.ports';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { keysetPage } from '../shared/keyset-list';
import { maybeNumber } from '../shared/sql-values';

interface EndpointRow {
  id: number;
  account_id: number;
  url: string;
  description: string | null;
  events: string;
  enabled: number;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: string | null;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

interface DeliveryRow {
  id: number | string;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  resource_key: string | null;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  occurred_at: string;
  created_at: string;
  redelivery_of: number | string | null;
}

interface Written {
  affectedRows?: number;
  insertId?: number;
}

const time = (d: Date) => d.toISOString().slice(0, 23).replace('T', ' ');
const date = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);
const maybeDate = (s: string | null) => (s === null ? null : date(s));
const ENDPOINT_COLUMNS =
  'e.id, e.account_id, e.url, e.description, e.events, e.enabled, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_until, e.failing_since, e.disabled_reason, e.created_at, e.updated_at';
const DELIVERY_COLUMNS =
  'd.id, d.endpoint_id, d.event_id, d.event_type, d.resource_key, d.payload, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.response_status, d.response_body, d.duration_ms, d.occurred_at, d.created_at, d.redelivery_of';

/** `webhook_endpoints` and `webhook_deliveries`; secrets sealed with the service's SecretBox. */
export class SqlWebhookStore extends WebhookStore {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {
    super();
  }

  private endpoint(r: EndpointRow): WebhookEndpoint {
    const secret = this.box.open(r.secret_sealed);
    const previousSecret = r.previous_secret_sealed ? this.box.open(r.previous_secret_sealed) : null;
    return {
      id: Number(r.id),
      accountId: Number(r.account_id),
      url: r.url,
      description: r.description,
      events: JSON.parse(r.events) as string[],
      enabled: Boolean(Number(r.enabled)),
      secret,
      previousSecret,
      previousSecretUntil: maybeDate(r.previous_secret_until),
      failingSince: maybeDate(r.failing_since),
      disabledReason: r.disabled_reason,
      createdAt: date(r.created_at),
      updatedAt: date(r.updated_at),
    };
  }

  private delivery(r: DeliveryRow): WebhookDelivery {
    return {
      id: Number(r.id),
      endpointId: Number(r.endpoint_id),
      eventId: r.event_id,
      eventType: r.event_type,
      resourceKey: r.resource_key,
      payload: r.payload,
      status: r.status as WebhookDelivery['status'],
      attempts: Number(r.attempts),
      nextAttemptAt: maybeDate(r.next_attempt_at),
      lastAttemptAt: maybeDate(r.last_attempt_at),
      responseStatus: maybeNumber(r.response_status),
      responseBody: r.response_body,
      durationMs: maybeNumber(r.duration_ms),
      occurredAt: date(r.occurred_at),
      createdAt: date(r.created_at),
      redeliveryOf: maybeNumber(r.redelivery_of),
    };
  }

  async listEndpoints(accountId: number): Promise<WebhookEndpoint[]> {
    const rows = await this.db.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.account_id = ? ORDER BY e.id`, [accountId]);
    return rows.map((r) => this.endpoint(r));
  }

  async findEndpoint(accountId: number, id: number): Promise<WebhookEndpoint | null> {
    const [row] = await this.db.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.account_id = ? AND e.id = ?`, [accountId, id]);
    return row ? this.endpoint(row) : null;
  }

  async countEndpoints(accountId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE account_id = ?', [accountId]);
    return Number(row?.n ?? 0);
  }

  async insertEndpoint(accountId: number, f: WebhookEndpointFields, secret: string, now: Date): Promise<number> {
    const result = (await this.db.query(
      `INSERT INTO webhook_endpoints (account_id, url, description, events, enabled, secret_sealed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [accountId, f.url, f.description, JSON.stringify(f.events), f.enabled ? 1 : 0, this.box.seal(secret), time(now), time(now)],
    )) as unknown as Written;
    return Number(result.insertId);
  }

  async updateEndpoint(accountId: number, id: number, f: WebhookEndpointFields, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE webhook_endpoints SET url = ?, description = ?, events = ?, enabled = ?, disabled_reason = IF(?, NULL, disabled_reason), updated_at = ? WHERE account_id = ? AND id = ?`,
      [f.url, f.description, JSON.stringify(f.events), f.enabled ? 1 : 0, f.enabled ? 1 : 0, time(now), accountId, id],
    );
  }

  async deleteEndpoint(accountId: number, id: number): Promise<void> {
    await this.db.query('DELETE FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ?', [accountId, id]);
    await this.db.query('DELETE FROM webhook_endpoints WHERE account_id = ? AND id = ?', [accountId, id]);
  }

  async rotateSecret(accountId: number, id: number, secret: string, previous: string, until: Date, now: Date): Promise<void> {
    await this.db.query(
      'UPDATE webhook_endpoints SET secret_sealed = ?, previous_secret_sealed = ?, previous_secret_until = ?, updated_at = ? WHERE account_id = ? AND id = ?',
      [this.box.seal(secret), this.box.seal(previous), time(until), time(now), accountId, id],
    );
  }

  async enabledEndpoints(accountIds: number[]): Promise<WebhookEndpoint[]> {
    if (!accountIds.length) return [];
    const rows = await this.db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.enabled = 1 AND e.account_id IN (${accountIds.map(() => '?').join(', ')}) ORDER BY e.id`,
      accountIds,
    );
    return rows.map((r) => this.endpoint(r));
  }

  async insertDeliveries(rows: NewWebhookDelivery[], now: Date): Promise<number> {
    if (!rows.length) return 0;
    const params: unknown[] = [];
    for (const r of rows) {
      params.push(
        r.accountId,
        r.endpointId,
        r.eventId,
        r.eventType,
        r.resourceKey,
        r.payload,
        time(now),
        time(r.occurredAt),
        time(now),
        r.redeliveryOf ?? null,
      );
    }
    const result = (await this.db.query(
      `INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, event_type, resource_key, payload, next_attempt_at, occurred_at, created_at, redelivery_of) VALUES ${rows
        .map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .join(', ')}`,
      params,
    )) as unknown as Written;
    return Number(result.insertId);
  }

  async listDeliveries(accountId: number, endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    // Newest first, by offset or by cursor (one of the endpoint's deliveries); `updated_since` compares the last attempt.
    const list = { table: 'webhook_deliveries', where: 'd.account_id = ? AND d.endpoint_id = ?', params: [accountId, endpointId], select: DELIVERY_COLUMNS };
    const read = await keysetPage<DeliveryRow>(this.db, { ...list, order: [['id', 'DESC']], changed: 'COALESCE(d.last_attempt_at, d.created_at)' }, page);
    return { ...read, rows: read.rows.map((r) => this.delivery(r)) };
  }

  async findDelivery(accountId: number, endpointId: number, id: number): Promise<WebhookDelivery | null> {
    const [row] = await this.db.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.account_id = ? AND d.endpoint_id = ? AND d.id = ?`,
      [accountId, endpointId, id],
    );
    return row ? this.delivery(row) : null;
  }

  async dueEndpoints(now: Date, limit: number, except: readonly number[]): Promise<Array<{ id: number; accountId: number }>> {
    const rows = await this.db.query<{ id: number; account_id: number }>(
      // The earliest due time of each endpoint's pending deliveries, from the index on (endpoint, status, next attempt).
      `SELECT x.id, x.account_id FROM (
         SELECT e.id, e.account_id,
                (SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending') AS due_at
         FROM webhook_endpoints e
         WHERE e.enabled = 1 AND (e.lease_until IS NULL OR e.lease_until < ?)${except.length ? ` AND e.id NOT IN (${except.map(() => '?').join(', ')})` : ''}) x
       WHERE x.due_at <= ? ORDER BY x.due_at, x.id LIMIT ?`,
      [time(now), ...except, time(now), limit],
    );
    return rows.map((r) => ({ id: Number(r.id), accountId: Number(r.account_id) }));
  }

  async dueHeads(endpointId: number, now: Date, limit: number, taken: readonly number[]): Promise<WebhookDelivery[]> {
    const rows = await this.db.query<DeliveryRow>(
      // The head of each resource is its pending delivery of the earliest event (event time, then the order the
      // deliveries were made), so a later event of that resource waits while an earlier one is retried. Rows made
      // before resources were kept (resource_key NULL) form one sequence of their own. None once the endpoint is disabled.
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
       JOIN (SELECT h.id FROM (
               SELECT x.id, x.occurred_at, x.next_attempt_at,
                      ROW_NUMBER() OVER (PARTITION BY x.resource_key ORDER BY x.occurred_at, x.id) AS n
               FROM webhook_deliveries x JOIN webhook_endpoints e ON e.id = x.endpoint_id AND e.enabled = 1
               WHERE x.endpoint_id = ? AND x.status = 'pending') h
             WHERE h.n = 1 AND h.next_attempt_at <= ?${taken.length ? ` AND h.id NOT IN (${taken.map(() => '?').join(', ')})` : ''}
             ORDER BY h.occurred_at, h.id LIMIT ?) p ON p.id = d.id
       ORDER BY d.occurred_at, d.id`,
      [endpointId, time(now), ...taken, limit],
    );
    return rows.map((r) => this.delivery(r));
  }

  async leaseEndpoint(endpointId: number, now: Date, until: Date): Promise<string | null> {
    const lease = randomUUID();
    const result = (await this.db.query(
      'UPDATE webhook_endpoints SET lease_until = ?, lease_owner = ? WHERE id = ? AND enabled = 1 AND (lease_until IS NULL OR lease_until < ?)',
      [time(until), lease, endpointId, time(now)],
    )) as unknown as Written;
    return (result.affectedRows ?? 0) === 1 ? lease : null;
  }

  async renewLease(endpointId: number, lease: string, until: Date): Promise<boolean> {
    const result = (await this.db.query('UPDATE webhook_endpoints SET lease_until = ? WHERE id = ? AND lease_owner = ?', [
      time(until),
      endpointId,
      lease,
    ])) as unknown as Written;
    return (result.affectedRows ?? 0) === 1;
  }

  async releaseEndpoint(endpointId: number, lease: string): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET lease_until = NULL, lease_owner = NULL WHERE id = ? AND lease_owner = ?', [endpointId, lease]);
  }

  async recordAttempts(records: ReadonlyArray<{ deliveryId: number; attempt: AttemptRecord }>): Promise<void> {
    const values = (deliveryId: number, a: AttemptRecord) => [
      deliveryId,
      a.status,
      a.attempts,
      a.nextAttemptAt ? time(a.nextAttemptAt) : null,
      time(a.at),
      a.responseStatus,
      a.responseBody,
      a.durationMs,
    ];
    if (records.length === 1) {
      const [id, ...rest] = values(records[0].deliveryId, records[0].attempt);
      await this.db.query(
        'UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_attempt_at = ?, response_status = ?, response_body = ?, duration_ms = ? WHERE id = ?',
        [...rest, id],
      );
      return;
    }
    if (!records.length) return;
    // Several rows, each with its own values, in one statement: joined to a derived table of the values.
    const rows = records.map((_, i) =>
      i === 0
        ? 'SELECT ? AS id, ? AS status, ? AS attempts, ? AS next_attempt_at, ? AS last_attempt_at, ? AS response_status, ? AS response_body, ? AS duration_ms'
        : 'SELECT ?, ?, ?, ?, ?, ?, ?, ?',
    );
    await this.db.query(
      `UPDATE webhook_deliveries d JOIN (${rows.join(' UNION ALL ')}) v ON v.id = d.id
       SET d.status = v.status, d.attempts = v.attempts, d.next_attempt_at = v.next_attempt_at, d.last_attempt_at = v.last_attempt_at,
           d.response_status = v.response_status, d.response_body = v.response_body, d.duration_ms = v.duration_ms`,
      records.flatMap((r) => values(r.deliveryId, r.attempt)),
    );
  }

  async setFailingSince(endpointId: number, since: Date | null): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?', [since ? time(since) : null, endpointId]);
  }

  async disableEndpoint(endpointId: number, reason: string, now: Date): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?', [reason, time(now), endpointId]);
  }
}
