import { Page, PageRequest } from '@app/domain/shared/pagination';
import { AttemptRecord, NewWebhookDelivery, WebhookDelivery, WebhookEndpoint, WebhookEndpointFields, WebhookStore } from '@app/domain/webhooks/webhook.ports';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
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
  'd.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.response_status, d.response_body, d.duration_ms, d.occurred_at, d.created_at, d.redelivery_of';

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
      params.push(r.accountId, r.endpointId, r.eventId, r.eventType, r.payload, time(now), time(r.occurredAt), time(now), r.redeliveryOf ?? null);
    }
    const result = (await this.db.query(
      `INSERT INTO webhook_deliveries (account_id, endpoint_id, event_id, event_type, payload, next_attempt_at, occurred_at, created_at, redelivery_of) VALUES ${rows
        .map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .join(', ')}`,
      params,
    )) as unknown as Written;
    return Number(result.insertId);
  }

  async listDeliveries(accountId: number, endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const [count] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ?', [
      accountId,
      endpointId,
    ]);
    const rows = await this.db.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.account_id = ? AND d.endpoint_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?`,
      [accountId, endpointId, page.limit, page.offset],
    );
    return { rows: rows.map((r) => this.delivery(r)), total: Number(count?.n ?? 0) };
  }

  async findDelivery(accountId: number, endpointId: number, id: number): Promise<WebhookDelivery | null> {
    const [row] = await this.db.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.account_id = ? AND d.endpoint_id = ? AND d.id = ?`,
      [accountId, endpointId, id],
    );
    return row ? this.delivery(row) : null;
  }

  async dueDeliveries(now: Date, limit: number): Promise<Array<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }>> {
    const heads = await this.db.query<DeliveryRow & { e_id: number }>(
      // The head of each endpoint is its pending delivery of the earliest event (event time, then the order
      // the deliveries were made), so a later event waits while an earlier one is retried.
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
       JOIN (SELECT p.id FROM (
               SELECT x.id, ROW_NUMBER() OVER (PARTITION BY x.endpoint_id ORDER BY x.occurred_at, x.id) AS n FROM webhook_deliveries x
               JOIN webhook_endpoints e ON e.id = x.endpoint_id AND e.enabled = 1 AND (e.lease_until IS NULL OR e.lease_until < ?)
               WHERE x.status = 'pending') p
             WHERE p.n = 1) h ON h.id = d.id
       WHERE d.next_attempt_at <= ? ORDER BY d.occurred_at, d.id LIMIT ?`,
      [time(now), time(now), limit],
    );
    if (!heads.length) return [];
    const ids = [...new Set(heads.map((h) => Number(h.endpoint_id)))];
    const endpoints = await this.db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const byId = new Map(endpoints.map((r) => [Number(r.id), this.endpoint(r)]));
    return heads.flatMap((h) => {
      const endpoint = byId.get(Number(h.endpoint_id));
      return endpoint ? [{ delivery: this.delivery(h), endpoint }] : [];
    });
  }

  async leaseEndpoint(endpointId: number, now: Date, until: Date): Promise<boolean> {
    const result = (await this.db.query('UPDATE webhook_endpoints SET lease_until = ? WHERE id = ? AND (lease_until IS NULL OR lease_until < ?)', [
      time(until),
      endpointId,
      time(now),
    ])) as unknown as Written;
    return (result.affectedRows ?? 0) === 1;
  }

  async releaseEndpoint(endpointId: number): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET lease_until = NULL WHERE id = ?', [endpointId]);
  }

  async recordAttempt(deliveryId: number, a: AttemptRecord): Promise<void> {
    await this.db.query(
      'UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_attempt_at = ?, response_status = ?, response_body = ?, duration_ms = ? WHERE id = ?',
      [a.status, a.attempts, a.nextAttemptAt ? time(a.nextAttemptAt) : null, time(a.at), a.responseStatus, a.responseBody, a.durationMs, deliveryId],
    );
  }

  async setFailingSince(endpointId: number, since: Date | null): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?', [since ? time(since) : null, endpointId]);
  }

  async disableEndpoint(endpointId: number, reason: string, now: Date): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?', [reason, time(now), endpointId]);
  }
}
