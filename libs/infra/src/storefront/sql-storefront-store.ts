import { Page, PageRequest } from '@app/domain/shared/pagination';
import {
  BackfillState,
  ExternalKind,
  NewConnection,
  NewStorefrontEvent,
  SkuMatch,
  StorefrontConnection,
  StorefrontEvent,
  StorefrontEventState,
  StorefrontStore,
} from '@app/domain/storefront/storefront.ports';
import { Database } from '../database/database';
import { keysetPage, ofD } from '../shared/keyset-list';
import { maybeNumber } from '../shared/sql-values';

interface ConnectionRow {
  account_id: number;
  shop_domain: string;
  access_token_sealed: string;
  webhook_secret_sealed: string;
  webhook_ids: string;
  connected_at: string;
  last_event_at: string | null;
  backfill_state: string;
  backfill_done: number;
  backfill_total: number | null;
  backfill_since: string | null;
  backfill_cursor: string | null;
  backfill_error: string | null;
}

interface EventRow {
  id: number | string;
  account_id: number;
  webhook_id: string;
  topic: string;
  payload: string | null;
  received_at: string;
  state: string;
  reason: string | null;
  invoice_id: number | null;
}

interface Written {
  affectedRows?: number;
  insertId?: number;
}

const second = (s: string | null) => (s === null ? null : s.slice(0, 19));
const CONNECTION_COLUMNS =
  'account_id, shop_domain, access_token_sealed, webhook_secret_sealed, webhook_ids, connected_at, last_event_at, backfill_state, backfill_done, backfill_total, backfill_since, backfill_cursor, backfill_error';
const EVENT_COLUMNS = 'id, account_id, webhook_id, topic, received_at, state, reason, invoice_id';

function connectionOf(r: ConnectionRow): StorefrontConnection {
  return {
    accountId: Number(r.account_id),
    shopDomain: r.shop_domain,
    accessTokenSealed: r.access_token_sealed,
    webhookSecretSealed: r.webhook_secret_sealed,
    webhookIds: JSON.parse(r.webhook_ids) as string[],
    connectedAt: second(r.connected_at) as string,
    lastEventAt: second(r.last_event_at),
    backfill: {
      state: r.backfill_state as BackfillState,
      done: Number(r.backfill_done),
      total: maybeNumber(r.backfill_total),
      since: second(r.backfill_since),
      cursor: r.backfill_cursor,
      error: r.backfill_error,
    },
  };
}

function eventOf(r: EventRow): StorefrontEvent {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    webhookId: r.webhook_id,
    topic: r.topic,
    payload: r.payload ?? null,
    receivedAt: second(r.received_at) as string,
    state: r.state as StorefrontEventState,
    reason: r.reason,
    invoiceId: maybeNumber(r.invoice_id),
  };
}

const isDuplicate = (error: unknown) =>
  ((error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code) === 'ER_DUP_ENTRY';

/** `storefront_connections`, `storefront_events` and `storefront_documents` (migration 1732001400000). */
export class SqlStorefrontStore extends StorefrontStore {
  constructor(private readonly db: Database) {
    super();
  }

  private async one(where: string, value: unknown): Promise<StorefrontConnection | null> {
    const [row] = await this.db.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS} FROM storefront_connections WHERE ${where} = ?`, [value]);
    return row ? connectionOf(row) : null;
  }

  findByAccount(accountId: number): Promise<StorefrontConnection | null> {
    return this.one('account_id', accountId);
  }

  findByShop(shopDomain: string): Promise<StorefrontConnection | null> {
    return this.one('shop_domain', shopDomain);
  }

  async insert(c: NewConnection): Promise<'ok' | 'account' | 'shop'> {
    try {
      await this.db.query(
        `INSERT INTO storefront_connections (account_id, shop_domain, access_token_sealed, webhook_secret_sealed, connected_at) VALUES (?, ?, ?, ?, ?)`,
        [c.accountId, c.shopDomain, c.accessTokenSealed, c.webhookSecretSealed, c.connectedAt],
      );
      return 'ok';
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      return (await this.findByAccount(c.accountId)) ? 'account' : 'shop';
    }
  }

  async saveWebhookIds(accountId: number, ids: string[]): Promise<void> {
    await this.db.query('UPDATE storefront_connections SET webhook_ids = ? WHERE account_id = ?', [JSON.stringify(ids), accountId]);
  }

  async delete(accountId: number): Promise<void> {
    await this.db.query('DELETE FROM storefront_connections WHERE account_id = ?', [accountId]);
  }

  async touchLastEvent(accountId: number, at: string): Promise<void> {
    await this.db.query('UPDATE storefront_connections SET last_event_at = ? WHERE account_id = ? AND (last_event_at IS NULL OR last_event_at < ?)', [
      at,
      accountId,
      at,
    ]);
  }

  async startBackfill(accountId: number, since: string | null, now: string): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE storefront_connections SET backfill_state = 'running', backfill_done = 0, backfill_total = NULL, backfill_since = ?,
         backfill_cursor = NULL, backfill_error = NULL, backfill_started_at = ?, backfill_finished_at = NULL
       WHERE account_id = ? AND backfill_state <> 'running'`,
      [since, now, accountId],
    )) as unknown as Written;
    return (result.affectedRows ?? 0) > 0;
  }

  async setBackfillTotal(accountId: number, total: number | null): Promise<void> {
    await this.db.query(`UPDATE storefront_connections SET backfill_total = ? WHERE account_id = ? AND backfill_state = 'running'`, [total, accountId]);
  }

  async saveBackfillPage(accountId: number, nextCursor: string | null, processed: number): Promise<boolean> {
    const result = (await this.db.query(
      `UPDATE storefront_connections SET backfill_cursor = ?, backfill_done = backfill_done + ? WHERE account_id = ? AND backfill_state = 'running'`,
      [nextCursor, processed, accountId],
    )) as unknown as Written;
    return (result.affectedRows ?? 0) > 0;
  }

  async finishBackfill(accountId: number, state: 'done' | 'failed', error: string | null, now: string): Promise<void> {
    await this.db.query(
      `UPDATE storefront_connections SET backfill_state = ?, backfill_error = ?, backfill_finished_at = ? WHERE account_id = ? AND backfill_state = 'running'`,
      [state, error, now, accountId],
    );
  }

  async runningBackfills(limit: number): Promise<number[]> {
    const rows = await this.db.query<{ account_id: number }>(
      `SELECT account_id FROM storefront_connections WHERE backfill_state = 'running' ORDER BY account_id LIMIT ${Math.max(1, Math.floor(limit))}`,
      [],
    );
    return rows.map((r) => Number(r.account_id));
  }

  async insertEvent(accountId: number, event: NewStorefrontEvent, now: string): Promise<{ id: number; duplicate: boolean }> {
    const { webhookId, topic, payload, state, reason } = event;
    const result = (await this.db.query(
      `INSERT IGNORE INTO storefront_events (account_id, webhook_id, topic, payload, received_at, state, reason) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [accountId, webhookId, topic, payload, now, state, reason],
    )) as unknown as Written;
    if ((result.affectedRows ?? 0) > 0) return { id: Number(result.insertId), duplicate: false };
    const [row] = await this.db.query<{ id: number }>('SELECT id FROM storefront_events WHERE account_id = ? AND webhook_id = ?', [accountId, webhookId]);
    return { id: Number(row.id), duplicate: true };
  }

  async findEvent(id: number): Promise<StorefrontEvent | null> {
    const [row] = await this.db.query<EventRow>(`SELECT ${EVENT_COLUMNS}, payload FROM storefront_events WHERE id = ?`, [id]);
    return row ? eventOf(row) : null;
  }

  async markEvent(id: number, state: StorefrontEventState, reason: string | null, invoiceId: number | null, now: string): Promise<void> {
    await this.db.query(`UPDATE storefront_events SET state = ?, reason = ?, invoice_id = ?, processed_at = ? WHERE id = ? AND state = 'received'`, [
      state,
      reason === null ? null : reason.slice(0, 500),
      invoiceId,
      now,
      id,
    ]);
  }

  async listEvents(accountId: number, page: PageRequest): Promise<Page<StorefrontEvent>> {
    // Newest first, by offset or by cursor; `updated_since` compares when an event was received or processed.
    const read = await keysetPage<EventRow>(
      this.db,
      {
        table: 'storefront_events',
        where: 'd.account_id = ?',
        params: [accountId],
        scope: 'd.account_id = ?',
        scopeParams: [accountId],
        order: [
          ['received_at', 'DESC'],
          ['id', 'DESC'],
        ],
        select: ofD(EVENT_COLUMNS),
        changed: 'COALESCE(d.processed_at, d.received_at)',
      },
      page,
    );
    return { ...read, rows: read.rows.map(eventOf) };
  }

  async waitingEvents(before: string, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM storefront_events WHERE state = 'received' AND received_at <= ? ORDER BY id LIMIT ${Math.max(1, Math.floor(limit))}`,
      [before],
    );
    return rows.map((r) => Number(r.id));
  }

  async purgeEvents(before: string): Promise<number> {
    const result = (await this.db.query('DELETE FROM storefront_events WHERE received_at < ?', [before])) as unknown as Written;
    return result.affectedRows ?? 0;
  }

  async claim(accountId: number, kind: ExternalKind, externalId: string, now: string): Promise<boolean> {
    const result = (await this.db.query('INSERT IGNORE INTO storefront_documents (account_id, kind, external_id, created_at) VALUES (?, ?, ?, ?)', [
      accountId,
      kind,
      externalId,
      now,
    ])) as unknown as Written;
    return (result.affectedRows ?? 0) > 0;
  }

  async setDocument(accountId: number, kind: ExternalKind, externalId: string, documentId: number): Promise<void> {
    await this.db.query('UPDATE storefront_documents SET document_id = ? WHERE account_id = ? AND kind = ? AND external_id = ?', [
      documentId,
      accountId,
      kind,
      externalId,
    ]);
  }

  async documentOf(accountId: number, kind: ExternalKind, externalId: string): Promise<number | null> {
    const [row] = await this.db.query<{ document_id: number | null }>(
      'SELECT document_id FROM storefront_documents WHERE account_id = ? AND kind = ? AND external_id = ?',
      [accountId, kind, externalId],
    );
    return row?.document_id == null ? null : Number(row.document_id);
  }

  async inventoryBySku(accountId: number, skus: string[]): Promise<Map<string, SkuMatch>> {
    const found = new Map<string, SkuMatch>();
    if (!skus.length) return found;
    const rows = await this.db.query<{ id: number; sku: string; hsn_code: string }>(
      `SELECT id, sku, hsn_code FROM inventory_items WHERE account_id = ? AND sku IN (${skus.map(() => '?').join(', ')}) ORDER BY id`,
      [accountId, ...skus],
    );
    for (const r of rows) if (!found.has(r.sku)) found.set(r.sku, { id: Number(r.id), hsnCode: r.hsn_code });
    return found;
  }
}
