import { Device, DeviceHolder, DevicePlatform, DeviceRegistration, DeviceRepository } from '@app/domain/notifications/device.repository.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';

interface WriteResult {
  insertId?: number;
  affectedRows?: number;
}

/**
 * Push devices keyed by the token's hash; the token itself is sealed (it is read back only to send).
 * Registering a known token moves it to the caller's account, user and session, and says who held it.
 */
export class SqlPushDeviceRepository extends DeviceRepository {
  constructor(
    private readonly db: Database,
    private readonly secrets: SecretHasher,
    private readonly box: SecretBox,
  ) {
    super();
  }

  async register(r: DeviceRegistration, now: Date): Promise<{ deviceId: number; previous: DeviceHolder | null }> {
    const at = sqlNow(now);
    const hash = this.secrets.hash(r.token);
    const [held] = await this.db.query<{ account_id: number; user_id: number; session_id: number; platform: string }>(
      'SELECT account_id, user_id, session_id, platform FROM push_devices WHERE token_hash = ? FOR UPDATE',
      [hash],
    );
    await this.db.query(
      `INSERT INTO push_devices (account_id, user_id, session_id, platform, token_hash, token_sealed, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE account_id = VALUES(account_id), user_id = VALUES(user_id), session_id = VALUES(session_id),
         platform = VALUES(platform), token_sealed = VALUES(token_sealed), updated_at = VALUES(updated_at)`,
      [r.accountId, r.userId, r.sessionId, r.platform, hash, this.box.seal(r.token), at, at],
    );
    const rows = await this.db.query<{ id: number }>('SELECT id FROM push_devices WHERE token_hash = ?', [hash]);
    const previous: DeviceHolder | null = held
      ? { accountId: held.account_id, userId: held.user_id, sessionId: held.session_id, platform: held.platform as DevicePlatform }
      : null;
    return { deviceId: rows[0].id, previous };
  }

  async unregister(accountId: number, userId: number, token: string): Promise<boolean> {
    const result = (await this.db.query('DELETE FROM push_devices WHERE token_hash = ? AND account_id = ? AND user_id = ?', [
      this.secrets.hash(token),
      accountId,
      userId,
    ])) as unknown as WriteResult;
    return Number(result.affectedRows ?? 0) > 0;
  }

  async forUser(accountId: number, userId: number): Promise<Device[]> {
    const rows = await this.db.query<{ id: number; platform: string; token_sealed: string }>(
      `SELECT d.id, d.platform, d.token_sealed FROM push_devices d
       JOIN mobile_sessions s ON s.id = d.session_id AND s.revoked_at IS NULL
       WHERE d.account_id = ? AND d.user_id = ? ORDER BY d.id`,
      [accountId, userId],
    );
    return rows.map((r) => ({ id: r.id, accountId, userId, platform: r.platform as DevicePlatform, token: this.box.open(r.token_sealed) }));
  }

  async usersWithDevices(accountId: number, userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = await this.db.query<{ user_id: number }>(
      `SELECT DISTINCT user_id FROM push_devices WHERE account_id = ? AND user_id IN (${userIds.map(() => '?').join(', ')})`,
      [accountId, ...userIds],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  async remove(accountId: number, deviceId: number): Promise<void> {
    await this.db.query('DELETE FROM push_devices WHERE id = ? AND account_id = ?', [deviceId, accountId]);
  }
}
