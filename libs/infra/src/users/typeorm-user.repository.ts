import { IsNull } from 'typeorm';
import { isPermissionKey } from '@app/domain/shared/principal';
import { NewUser, User, UserRepository } from '@app/domain/users/user.repository.port';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { UserRow } from './user.entity';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    accountId: row.accountId,
    username: row.username,
    passwordHash: row.passwordHash,
    permissions: row.permissions.split(',').filter(isPermissionKey),
    isOwner: !!row.isOwner,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The row of a new user, created now (`at`, 'Y-m-d H:i:s' UTC). */
export function newUserRow(accountId: number, user: NewUser, at: string): Partial<UserRow> {
  return {
    accountId,
    username: user.username,
    passwordHash: user.passwordHash,
    permissions: user.permissions.join(','),
    isOwner: user.isOwner ? 1 : 0,
    createdAt: at,
    updatedAt: at,
  };
}

export class TypeormUserRepository extends UserRepository {
  constructor(protected readonly db: Database) {
    super();
  }

  protected repo() {
    return this.db.manager().getRepository(UserRow);
  }

  async create(accountId: number, user: NewUser): Promise<number> {
    const result = await this.repo().insert(newUserRow(accountId, user, sqlNow()));
    return result.identifiers[0].id as number;
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.repo().findOneBy({ username, deletedAt: IsNull() });
    return row ? toUser(row) : null;
  }

  async findById(accountId: number, id: number): Promise<User | null> {
    const row = await this.repo().findOneBy({ id, accountId, deletedAt: IsNull() });
    return row ? toUser(row) : null;
  }
}
