import { MobileSession, NewSession, RevokeReason, RotatedTokens, SessionAccess } from '@app/domain/auth/session';
import { SessionRepository } from '@app/domain/auth/session.repository.port';
import { isPermissionKey } from '@app/domain/shared/principal';
import { accountColumns, accountOfPrefixed } from '../accounts/typeorm-account.repository';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

interface SessionRecord {
  id: number;
  account_id: number;
  user_id: number;
  access_token_hash: string;
  refresh_token_hash: string;
  device_name: string | null;
  platform: string | null;
  user_agent: string | null;
  created_at: string;
  last_used_at: string;
  access_expires_at: string;
  refresh_expires_at: string;
  revoked_at: string | null;
}

interface WriteResult {
  affectedRows?: number;
}

const COLUMNS = `s.id, s.account_id, s.user_id, s.access_token_hash, s.refresh_token_hash, s.device_name, s.platform,
  s.user_agent, s.created_at, s.last_used_at, s.access_expires_at, s.refresh_expires_at, s.revoked_at`;

/** The user columns read with a session. */
const USER_COLUMNS = `u.permissions AS user_permissions, u.deleted_at AS user_deleted_at, u.username AS user_username,
  u.is_owner AS user_is_owner, u.created_at AS user_created_at, u.updated_at AS user_updated_at`;

interface UserRecord {
  user_permissions: string;
  user_deleted_at: string | null;
  user_username: string;
  user_is_owner: number | string;
  user_created_at: string;
  user_updated_at: string;
}

const ACTIVE = 's.revoked_at IS NULL AND s.refresh_expires_at > ?';

/** 'Y-m-d H:i:s' UTC (as stored) to a Date. */
export function fromSqlTime(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

function toSession(r: SessionRecord): MobileSession {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    userId: Number(r.user_id),
    accessTokenHash: r.access_token_hash,
    refreshTokenHash: r.refresh_token_hash,
    deviceName: r.device_name,
    platform: r.platform,
    userAgent: r.user_agent,
    createdAt: fromSqlTime(r.created_at),
    lastUsedAt: fromSqlTime(r.last_used_at),
    accessExpiresAt: fromSqlTime(r.access_expires_at),
    refreshExpiresAt: fromSqlTime(r.refresh_expires_at),
    revokedAt: r.revoked_at ? fromSqlTime(r.revoked_at) : null,
  };
}

/** Sessions in `mobile_sessions`, retired refresh hashes in `mobile_session_retired_tokens`; plain SQL on indexed columns. */
export class TypeormSessionRepository extends SessionRepository {
  constructor(private readonly db: Database) {
    super();
  }

  private query<T>(sql: string, params: unknown[]): Promise<T> {
    return this.db.manager().query<T>(sql, params);
  }

  async lockAccount(accountId: number): Promise<void> {
    await this.query('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [accountId]);
  }

  async countActive(accountId: number, now: Date): Promise<number> {
    const [row] = await this.query<Array<{ n: number | string }>>(`SELECT COUNT(*) AS n FROM mobile_sessions s WHERE s.account_id = ? AND ${ACTIVE}`, [
      accountId,
      sqlNow(now),
    ]);
    return Number(row.n);
  }

  async create(s: NewSession): Promise<number> {
    const created = sqlNow(s.createdAt);
    const result = await this.query<{ insertId: number }>(
      `INSERT INTO mobile_sessions (account_id, user_id, access_token_hash, refresh_token_hash, device_name, platform, user_agent,
        created_at, last_used_at, access_expires_at, refresh_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        s.accountId,
        s.userId,
        s.accessTokenHash,
        s.refreshTokenHash,
        s.deviceName,
        s.platform,
        s.userAgent,
        created,
        created,
        sqlNow(s.accessExpiresAt),
        sqlNow(s.refreshExpiresAt),
      ],
    );
    return Number(result.insertId);
  }

  /**
   * One indexed lookup joined with the user and its account, so permissions, the user and the account are
   * read as they are now, in one statement (on every request with an access token).
   */
  async findByAccessTokenHash(hash: string): Promise<SessionAccess | null> {
    const [row] = await this.query<Array<SessionRecord & UserRecord & Record<string, unknown>>>(
      `SELECT ${COLUMNS}, ${USER_COLUMNS}, ${accountColumns('a', 'a_')}
         FROM mobile_sessions s JOIN users u ON u.id = s.user_id AND u.account_id = s.account_id
         LEFT JOIN accounts a ON a.id = s.account_id
        WHERE s.access_token_hash = ?`,
      [hash],
    );
    if (!row) return null;
    return {
      session: toSession(row),
      permissions: row.user_permissions.split(',').filter(isPermissionKey),
      userActive: row.user_deleted_at === null,
      user: {
        id: Number(row.user_id),
        accountId: Number(row.account_id),
        username: row.user_username,
        permissions: row.user_permissions.split(',').filter(isPermissionKey),
        isOwner: !!Number(row.user_is_owner),
        createdAt: row.user_created_at,
        updatedAt: row.user_updated_at,
      },
      account: row.a_id === null ? null : accountOfPrefixed(row, 'a_'),
    };
  }

  async findByRefreshTokenHash(hash: string): Promise<MobileSession | null> {
    const [row] = await this.query<SessionRecord[]>(`SELECT ${COLUMNS} FROM mobile_sessions s WHERE s.refresh_token_hash = ?`, [hash]);
    return row ? toSession(row) : null;
  }

  async findByRetiredRefreshHash(hash: string): Promise<MobileSession | null> {
    const [row] = await this.query<SessionRecord[]>(
      `SELECT ${COLUMNS} FROM mobile_session_retired_tokens r JOIN mobile_sessions s ON s.id = r.session_id WHERE r.refresh_token_hash = ?`,
      [hash],
    );
    return row ? toSession(row) : null;
  }

  /** Compare-and-set on the current refresh hash; the row lock makes a concurrent second refresh see the new hash. */
  async rotate(sessionId: number, expectedRefreshHash: string, next: RotatedTokens, now: Date): Promise<boolean> {
    const work = async () => {
      const at = sqlNow(now);
      const result = await this.query<WriteResult>(
        `UPDATE mobile_sessions SET access_token_hash = ?, refresh_token_hash = ?, access_expires_at = ?, refresh_expires_at = ?,
           rotated_at = ?, last_used_at = ? WHERE id = ? AND refresh_token_hash = ? AND revoked_at IS NULL`,
        [next.accessTokenHash, next.refreshTokenHash, sqlNow(next.accessExpiresAt), sqlNow(next.refreshExpiresAt), at, at, sessionId, expectedRefreshHash],
      );
      if (!result.affectedRows) return false;
      await this.query('INSERT INTO mobile_session_retired_tokens (refresh_token_hash, session_id, retired_at) VALUES (?, ?, ?)', [
        expectedRefreshHash,
        sessionId,
        at,
      ]);
      return true;
    };
    if (this.db.inTransaction()) return work();
    return this.db.transaction(work);
  }

  async touch(sessionId: number, now: Date, olderThan: Date): Promise<void> {
    await this.query('UPDATE mobile_sessions SET last_used_at = ? WHERE id = ? AND last_used_at <= ?', [sqlNow(now), sessionId, sqlNow(olderThan)]);
  }

  async listActiveForUser(accountId: number, userId: number, now: Date): Promise<MobileSession[]> {
    const rows = await this.query<SessionRecord[]>(
      `SELECT ${COLUMNS} FROM mobile_sessions s WHERE s.user_id = ? AND s.account_id = ? AND ${ACTIVE} ORDER BY s.id DESC`,
      [userId, accountId, sqlNow(now)],
    );
    return rows.map(toSession);
  }

  async revoke(scope: { accountId: number; userId?: number; sessionId: number }, reason: RevokeReason, now: Date): Promise<boolean> {
    const at = sqlNow(now);
    const byUser = scope.userId === undefined ? '' : ' AND s.user_id = ?';
    const params: unknown[] = [at, reason, scope.sessionId, scope.accountId];
    if (scope.userId !== undefined) params.push(scope.userId);
    params.push(at);
    const result = await this.query<WriteResult>(
      `UPDATE mobile_sessions s SET s.revoked_at = ?, s.revoke_reason = ? WHERE s.id = ? AND s.account_id = ?${byUser} AND ${ACTIVE}`,
      params,
    );
    const revoked = (result.affectedRows ?? 0) > 0;
    if (revoked) await this.dropDevicesOfEndedSessions(scope.accountId);
    return revoked;
  }

  async revokeForUser(accountId: number, userId: number, reason: RevokeReason, now: Date, exceptSessionId?: number | null): Promise<number> {
    const at = sqlNow(now);
    const except = exceptSessionId ? ' AND s.id <> ?' : '';
    const params: unknown[] = [at, reason, userId, accountId, at];
    if (exceptSessionId) params.push(exceptSessionId);
    const result = await this.query<WriteResult>(
      `UPDATE mobile_sessions s SET s.revoked_at = ?, s.revoke_reason = ? WHERE s.user_id = ? AND s.account_id = ? AND ${ACTIVE}${except}`,
      params,
    );
    if (result.affectedRows) await this.dropDevicesOfEndedSessions(accountId);
    return result.affectedRows ?? 0;
  }

  async revokeForAccount(accountId: number, reason: RevokeReason, now: Date): Promise<number> {
    const at = sqlNow(now);
    const result = await this.query<WriteResult>(`UPDATE mobile_sessions s SET s.revoked_at = ?, s.revoke_reason = ? WHERE s.account_id = ? AND ${ACTIVE}`, [
      at,
      reason,
      accountId,
      at,
    ]);
    if (result.affectedRows) await this.dropDevicesOfEndedSessions(accountId);
    return result.affectedRows ?? 0;
  }

  /** A revoked session's push devices are unregistered with it (no more pushes to a signed-out phone). */
  private async dropDevicesOfEndedSessions(accountId: number): Promise<void> {
    await this.query('DELETE d FROM push_devices d JOIN mobile_sessions s ON s.id = d.session_id WHERE d.account_id = ? AND s.revoked_at IS NOT NULL', [
      accountId,
    ]);
  }
}
