import { In, IsNull } from 'typeorm';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { PermissionKey } from '@app/domain/shared/principal';
import { UserAdminRepository } from '@app/domain/users/user-admin.repository.port';
import { NewUser, User } from '@app/domain/users/user.repository.port';
import { Database } from '../database/database';
import { keysetPage } from '../shared/keyset-list';
import { sqlNow } from '../shared/sql-time';
import { newUserRow, toUser } from './typeorm-user.repository';
import { UserRow } from './user.entity';

function isDuplicate(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e.driverError?.code ?? e.code) === 'ER_DUP_ENTRY';
}

/** Sub-user management and password changes on `users` (unique usernames: uq_users_username). */
export class TypeormUserAdminRepository extends UserAdminRepository {
  constructor(private readonly db: Database) {
    super();
  }

  private repo() {
    return this.db.manager().getRepository(UserRow);
  }

  async lockAccount(accountId: number): Promise<void> {
    await this.db.manager().query('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [accountId]);
  }

  /** Owner first, then by id; by offset or by cursor (a user of the account, deleted ones keeping their place). */
  async list(accountId: number, page: PageRequest): Promise<Page<User>> {
    const ids = await keysetPage<{ id: number }>(
      this.db,
      {
        table: 'users',
        where: 'd.account_id = ? AND d.deleted_at IS NULL',
        params: [accountId],
        scope: 'd.account_id = ?',
        scopeParams: [accountId],
        order: [
          ['is_owner', 'DESC'],
          ['id', 'ASC'],
        ],
        select: 'd.id',
        changed: 'd.updated_at',
      },
      page,
    );
    if (!ids.rows.length) return { ...ids, rows: [] };
    const rows = await this.repo().find({ where: { accountId, id: In(ids.rows.map((r) => Number(r.id))) }, order: { isOwner: 'DESC', id: 'ASC' } });
    return { ...ids, rows: rows.map(toUser) };
  }

  countSubUsers(accountId: number): Promise<number> {
    return this.repo().countBy({ accountId, isOwner: 0, deletedAt: IsNull() });
  }

  async insert(accountId: number, user: NewUser, now: Date): Promise<number | null> {
    try {
      const result = await this.repo().insert(newUserRow(accountId, user, sqlNow(now)));
      return result.identifiers[0].id as number;
    } catch (error) {
      if (isDuplicate(error)) return null;
      throw error;
    }
  }

  async rename(accountId: number, userId: number, username: string, now: Date): Promise<boolean> {
    try {
      await this.repo().update({ id: userId, accountId }, { username, updatedAt: sqlNow(now) });
      return true;
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
  }

  async setPermissions(accountId: number, userId: number, permissions: PermissionKey[], now: Date): Promise<void> {
    await this.repo().update({ id: userId, accountId }, { permissions: permissions.join(','), updatedAt: sqlNow(now) });
  }

  async setPassword(accountId: number, userId: number, passwordHash: string, now: Date): Promise<void> {
    const at = sqlNow(now);
    await this.db
      .manager()
      .query('UPDATE users SET password_hash = ?, password_changed_at = ?, updated_at = ? WHERE id = ? AND account_id = ?', [
        passwordHash,
        at,
        at,
        userId,
        accountId,
      ]);
  }

  async softDelete(accountId: number, userId: number, now: Date): Promise<void> {
    const at = sqlNow(now);
    await this.repo().update({ id: userId, accountId, deletedAt: IsNull() }, { deletedAt: at, updatedAt: at });
  }
}
