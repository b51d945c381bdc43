import { CaSyncFormat, CaSyncFrequency, CaSyncSettings, DEFAULT_CA_SYNC } from '@app/domain/ca-sync/ca-sync';
import { CaSyncRepository, CaSyncSend, CaSyncSendStatus, CaSyncTrigger, NewCaSyncSend } from '@app/domain/ca-sync/ca-sync.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

type Row = Record<string, string | number | null>;

function toSend(r: Row): CaSyncSend {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    periodFrom: String(r.period_from),
    periodTo: String(r.period_to),
    periodLabel: String(r.period_label),
    trigger: r.trigger_kind as CaSyncTrigger,
    status: r.status as CaSyncSendStatus,
    error: (r.error as string | null) ?? null,
    createdAt: String(r.created_at),
    sentAt: (r.sent_at as string | null) ?? null,
  };
}

/** CA-sync settings (`ca_sync_settings`) and sends (`ca_sync_sends`), always by account. */
export class SqlCaSyncRepository extends CaSyncRepository {
  constructor(private readonly db: Database) {
    super();
  }

  private q<T = Row[]>(sql: string, params: unknown[]): Promise<T> {
    return this.db.manager().query<T>(sql, params);
  }

  async get(accountId: number): Promise<CaSyncSettings> {
    const [r] = await this.q('SELECT * FROM ca_sync_settings WHERE account_id = ?', [accountId]);
    if (!r) return { ...DEFAULT_CA_SYNC };
    return {
      enabled: Number(r.enabled) === 1,
      caEmail: (r.ca_email as string | null) ?? null,
      frequency: r.frequency as CaSyncFrequency,
      format: r.format as CaSyncFormat,
      lastSentAt: (r.last_sent_at as string | null) ?? null,
      lastPeriod: (r.last_period as string | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
    };
  }

  async save(accountId: number, s: CaSyncSettings): Promise<void> {
    await this.q(
      `INSERT INTO ca_sync_settings (account_id, enabled, ca_email, frequency, format, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE enabled = VALUES(enabled), ca_email = VALUES(ca_email), frequency = VALUES(frequency), format = VALUES(format),
       updated_at = VALUES(updated_at)`,
      [accountId, s.enabled ? 1 : 0, s.caEmail, s.frequency, s.format, sqlNow()],
    );
  }

  async createSend(send: NewCaSyncSend): Promise<number> {
    const result = await this.q<{ insertId: number }>(
      `INSERT INTO ca_sync_sends (account_id, period_from, period_to, period_label, trigger_kind, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [send.accountId, send.periodFrom, send.periodTo, send.periodLabel, send.trigger, send.status, sqlNow()],
    );
    return Number(result.insertId);
  }

  async claimScheduled(send: Omit<NewCaSyncSend, 'trigger' | 'status'>): Promise<number | null> {
    // INSERT IGNORE: the unique (account_id, once_key) lets one claim of the period through, whichever process makes it.
    const result = await this.q<{ affectedRows: number; insertId: number }>(
      `INSERT IGNORE INTO ca_sync_sends (account_id, period_from, period_to, period_label, trigger_kind, status, once_key, created_at)
       VALUES (?, ?, ?, ?, 'scheduled', 'sending', ?, ?)`,
      [send.accountId, send.periodFrom, send.periodTo, send.periodLabel, `scheduled:${send.periodFrom}:${send.periodTo}`, sqlNow()],
    );
    return Number(result.affectedRows) === 1 ? Number(result.insertId) : null;
  }

  async findSend(accountId: number, sendId: number): Promise<CaSyncSend | null> {
    const [r] = await this.q('SELECT * FROM ca_sync_sends WHERE account_id = ? AND id = ?', [accountId, sendId]);
    return r ? toSend(r) : null;
  }

  async startSend(accountId: number, sendId: number): Promise<boolean> {
    const result = await this.q<{ affectedRows: number }>(`UPDATE ca_sync_sends SET status = 'sending' WHERE account_id = ? AND id = ? AND status = 'queued'`, [
      accountId,
      sendId,
    ]);
    return Number(result.affectedRows) === 1;
  }

  async finishSend(accountId: number, sendId: number, outcome: { ok: true; at: string; periodLabel: string } | { ok: false; error: string }): Promise<void> {
    if (outcome.ok) {
      await this.q(`UPDATE ca_sync_sends SET status = 'sent', error = NULL, sent_at = ? WHERE account_id = ? AND id = ?`, [outcome.at, accountId, sendId]);
      await this.q('UPDATE ca_sync_settings SET last_sent_at = ?, last_period = ?, last_error = NULL WHERE account_id = ?', [
        outcome.at,
        outcome.periodLabel,
        accountId,
      ]);
    } else {
      // A failed scheduled send gives its claim back, so a later pass may try the period again.
      await this.q(`UPDATE ca_sync_sends SET status = 'failed', error = ?, once_key = NULL WHERE account_id = ? AND id = ?`, [
        outcome.error,
        accountId,
        sendId,
      ]);
      await this.q('UPDATE ca_sync_settings SET last_error = ? WHERE account_id = ?', [outcome.error, accountId]);
    }
  }

  async recentSends(accountId: number, limit: number): Promise<CaSyncSend[]> {
    const rows = await this.q('SELECT * FROM ca_sync_sends WHERE account_id = ? ORDER BY id DESC LIMIT ?', [accountId, limit]);
    return rows.map(toSend);
  }

  async enabledAccounts(frequency: CaSyncFrequency, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.q<Array<{ account_id: number }>>(
      `SELECT account_id FROM ca_sync_settings WHERE enabled = 1 AND frequency = ? AND ca_email IS NOT NULL AND account_id > ? ORDER BY account_id LIMIT ?`,
      [frequency, afterId, limit],
    );
    return rows.map((r) => Number(r.account_id));
  }

  /** Queued sends older than `olderThanMs` (the queue did not take them, or a worker stopped): offered again by the worker. */
  async staleQueued(olderThanMs: number, limit: number): Promise<Array<{ sendId: number; accountId: number }>> {
    const rows = await this.q<Array<{ id: number; account_id: number }>>(
      `SELECT id, account_id FROM ca_sync_sends WHERE status = 'queued' AND created_at < ? ORDER BY id LIMIT ?`,
      [sqlNow(new Date(Date.now() - olderThanMs)), limit],
    );
    return rows.map((r) => ({ sendId: Number(r.id), accountId: Number(r.account_id) }));
  }
}
