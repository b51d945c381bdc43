import type { Page, PageRequest } from '@app/domain/shared/pagination';
import { ClaimedSendout, NewSendout, Sendout, SendoutDocumentType, SendoutJob, SendoutStatus } from '@app/domain/sendouts/sendout';
import { SendoutRepository } from '@app/domain/sendouts/sendout.repository.port';
import { Database } from '../database/database';
import { keysetPage, ofD } from '../shared/keyset-list';
import { sqlNow } from '../shared/sql-time';

interface SendoutRecord {
  id: number;
  account_id: number;
  client_id: number;
  document_type: string;
  document_id: number | null;
  period_from: string | null;
  period_to: string | null;
  to_email: string;
  cc_emails: string | null;
  bcc_emails: string | null;
  subject: string;
  message: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  message_id: string | null;
  created_at: string;
  updated_at: string;
  signature_png?: string | null;
}

interface WriteResult {
  insertId?: number;
  affectedRows?: number;
}

const COLUMNS = `id, account_id, client_id, document_type, document_id, period_from, period_to, to_email, cc_emails, bcc_emails, subject, message, status,
  attempts, last_error, sent_at, message_id, created_at, updated_at`;

const list = (value: string | null): string[] =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const joined = (emails: string[]): string | null => (emails.length ? emails.join(', ') : null);

function toSendout(r: SendoutRecord): Sendout {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    clientId: Number(r.client_id),
    documentType: r.document_type as SendoutDocumentType,
    documentId: r.document_id === null ? null : Number(r.document_id),
    period: r.period_from && r.period_to ? { from: r.period_from, to: r.period_to } : null,
    toEmail: r.to_email,
    ccEmails: list(r.cc_emails),
    bccEmails: list(r.bcc_emails),
    subject: r.subject,
    message: r.message,
    status: r.status as SendoutStatus,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    sentAt: r.sent_at,
    messageId: r.message_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * Sendout rows in MySQL. The worker's state changes are single conditional UPDATEs (status and claim
 * token in the WHERE clause), so two processes can never both move a row, and a worker whose lease was
 * recovered can no longer write to it.
 */
export class SqlSendoutRepository extends SendoutRepository {
  constructor(private readonly db: Database) {
    super();
  }

  private query<T>(sql: string, params: unknown[]): Promise<T> {
    return this.db.manager().query(sql, params);
  }

  /** Runs an UPDATE; whether it changed a row. */
  private async changed(sql: string, params: unknown[]): Promise<boolean> {
    return ((await this.query<WriteResult>(sql, params)).affectedRows ?? 0) > 0;
  }

  async insert(accountId: number, row: NewSendout, now: Date): Promise<number> {
    const at = sqlNow(now);
    const result = await this.query<WriteResult>(
      `INSERT INTO sendouts (account_id, client_id, document_type, document_id, period_from, period_to, to_email, cc_emails, bcc_emails,
         subject, message, signature_png, status, attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)`,
      [
        accountId,
        row.clientId,
        row.documentType,
        row.documentId,
        row.period?.from ?? null,
        row.period?.to ?? null,
        row.toEmail,
        joined(row.ccEmails),
        joined(row.bccEmails),
        row.subject,
        row.message,
        row.signatureOverride,
        at,
        at,
      ],
    );
    return Number(result.insertId);
  }

  async findById(accountId: number, id: number): Promise<Sendout | null> {
    const [row] = await this.query<SendoutRecord[]>(`SELECT ${COLUMNS} FROM sendouts WHERE id = ? AND account_id = ? AND deleted_at IS NULL`, [id, accountId]);
    return row ? toSendout(row) : null;
  }

  /** Newest first, by offset or cursor (a row deleted from the history still holds its place for a cursor). */
  async history(accountId: number, page: PageRequest): Promise<Page<Sendout>> {
    const read = await keysetPage<SendoutRecord>(
      this.db,
      {
        table: 'sendouts',
        where: 'd.account_id = ? AND d.deleted_at IS NULL',
        params: [accountId],
        scope: 'd.account_id = ?',
        scopeParams: [accountId],
        order: [
          ['created_at', 'DESC'],
          ['id', 'DESC'],
        ],
        select: ofD(COLUMNS),
        changed: 'd.updated_at',
      },
      page,
    );
    return { ...read, rows: read.rows.map(toSendout) };
  }

  async delete(accountId: number, id: number, now: Date): Promise<boolean> {
    const at = sqlNow(now);
    const result = await this.query<WriteResult>(
      `UPDATE sendouts SET
         signature_png = IF(status = 'queued', NULL, signature_png),
         status = IF(status = 'queued', 'cancelled', status),
         deleted_at = ?, updated_at = ?
       WHERE id = ? AND account_id = ? AND deleted_at IS NULL`,
      [at, at, id, accountId],
    );
    return (result.affectedRows ?? 0) > 0;
  }

  async claim(accountId: number, id: number, token: string, now: Date): Promise<ClaimedSendout | null> {
    const at = sqlNow(now);
    const result = await this.query<WriteResult>(
      `UPDATE sendouts SET status = 'sending', attempts = attempts + 1, claim_token = ?, locked_at = ?, updated_at = ?
       WHERE id = ? AND account_id = ? AND status = 'queued' AND deleted_at IS NULL`,
      [token, at, at, id, accountId],
    );
    if (!result.affectedRows) return null;
    const [row] = await this.query<SendoutRecord[]>(`SELECT ${COLUMNS}, signature_png FROM sendouts WHERE id = ? AND account_id = ? AND claim_token = ?`, [
      id,
      accountId,
      token,
    ]);
    return row ? { ...toSendout(row), signatureOverride: row.signature_png ?? null } : null;
  }

  async markSent(accountId: number, id: number, token: string, messageId: string, now: Date): Promise<boolean> {
    const at = sqlNow(now);
    return this.changed(
      `UPDATE sendouts SET status = 'sent', sent_at = ?, message_id = ?, last_error = NULL, claim_token = NULL, signature_png = NULL, updated_at = ?
       WHERE id = ? AND account_id = ? AND status = 'sending' AND claim_token = ?`,
      [at, messageId.slice(0, 255), at, id, accountId, token],
    );
  }

  async markFailed(accountId: number, id: number, token: string, error: string, now: Date): Promise<boolean> {
    return this.changed(
      `UPDATE sendouts SET status = 'failed', last_error = ?, claim_token = NULL, updated_at = ?
       WHERE id = ? AND account_id = ? AND status = 'sending' AND claim_token = ?`,
      [error.slice(0, 1000), sqlNow(now), id, accountId, token],
    );
  }

  async release(accountId: number, id: number, token: string, error: string, now: Date): Promise<void> {
    await this.query(
      `UPDATE sendouts SET status = IF(deleted_at IS NULL, 'queued', 'cancelled'), last_error = ?, claim_token = NULL, updated_at = ?
       WHERE id = ? AND account_id = ? AND status = 'sending' AND claim_token = ?`,
      [error.slice(0, 1000), sqlNow(now), id, accountId, token],
    );
  }

  async queuedBefore(before: Date, limit: number): Promise<SendoutJob[]> {
    const at = sqlNow(before);
    const rows = await this.query<Array<{ id: number; account_id: number }>>(
      `SELECT id, account_id FROM sendouts
       WHERE status = 'queued' AND created_at < ? AND updated_at < ? AND deleted_at IS NULL ORDER BY id LIMIT ?`,
      [at, at, limit],
    );
    return rows.map((r) => ({ sendoutId: Number(r.id), accountId: Number(r.account_id) }));
  }

  async exhaustedStale(lockedBefore: Date, maxAttempts: number, limit: number): Promise<SendoutJob[]> {
    const rows = await this.query<Array<{ id: number; account_id: number }>>(
      `SELECT id, account_id FROM sendouts WHERE status = 'sending' AND locked_at < ? AND attempts >= ? ORDER BY id LIMIT ?`,
      [sqlNow(lockedBefore), maxAttempts, limit],
    );
    return rows.map((r) => ({ sendoutId: Number(r.id), accountId: Number(r.account_id) }));
  }

  async failStale(accountId: number, id: number, lockedBefore: Date, maxAttempts: number, now: Date): Promise<Sendout | null> {
    const failed = await this.changed(
      `UPDATE sendouts SET status = 'failed', last_error = 'The worker stopped during delivery.', claim_token = NULL, updated_at = ?
       WHERE id = ? AND account_id = ? AND status = 'sending' AND locked_at < ? AND attempts >= ?`,
      [sqlNow(now), id, accountId, sqlNow(lockedBefore), maxAttempts],
    );
    if (!failed) return null;
    const [row] = await this.query<SendoutRecord[]>(`SELECT ${COLUMNS} FROM sendouts WHERE id = ? AND account_id = ?`, [id, accountId]);
    return row ? toSendout(row) : null;
  }

  async recoverStale(lockedBefore: Date, maxAttempts: number, now: Date): Promise<number> {
    const result = await this.query<WriteResult>(
      `UPDATE sendouts SET
         status = CASE WHEN attempts >= ? THEN 'failed' WHEN deleted_at IS NOT NULL THEN 'cancelled' ELSE 'queued' END,
         last_error = 'The worker stopped during delivery.', claim_token = NULL, updated_at = ?
       WHERE status = 'sending' AND locked_at < ?`,
      [maxAttempts, sqlNow(now), sqlNow(lockedBefore)],
    );
    return result.affectedRows ?? 0;
  }
}
