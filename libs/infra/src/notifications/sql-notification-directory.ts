import { TeamMember } from '@app/domain/notifications/notification';
import { NotificationDirectory } from '@app/domain/notifications/notification.repository.port';
import { isPermissionKey } from '@app/domain/shared/principal';
import { Database } from '../database/database';

export class SqlNotificationDirectory extends NotificationDirectory {
  constructor(private readonly db: Database) {
    super();
  }

  async team(accountId: number): Promise<TeamMember[]> {
    const rows = await this.db.query<{ id: number; username: string; is_owner: number; permissions: string }>(
      'SELECT id, username, is_owner, permissions FROM users WHERE account_id = ? AND deleted_at IS NULL ORDER BY id',
      [accountId],
    );
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      isOwner: Number(r.is_owner) === 1,
      permissions: r.permissions.split(',').filter(isPermissionKey),
    }));
  }

  async clientNames(accountId: number, clientIds: number[]): Promise<Map<number, string>> {
    const rows = await this.db.query<{ id: number; name: string }>(
      `SELECT id, name FROM clients WHERE account_id = ? AND id IN (${clientIds.map(() => '?').join(', ')})`,
      [accountId, ...clientIds],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
