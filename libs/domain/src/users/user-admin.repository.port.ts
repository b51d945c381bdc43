import { Page, PageRequest } from '../shared/pagination';
import { PermissionKey } from '../shared/principal';
import { NewUser, User } from './user.repository.port';

/** Writes to users beyond sign-in lookups: sub-user management and password changes. */
export abstract class UserAdminRepository {
  /** Users of the account that are not deleted, owner first, then by id. */
  abstract list(accountId: number, page: PageRequest): Promise<Page<User>>;
  /** Serializes user creation of one account (call inside a transaction before counting). */
  abstract lockAccount(accountId: number): Promise<void>;
  /** Users that are not the owner and not deleted. */
  abstract countSubUsers(accountId: number): Promise<number>;
  /** Inserts a user; null when the username is taken anywhere in the service (deleted users keep theirs). */
  abstract insert(accountId: number, user: NewUser, now: Date): Promise<number | null>;
  /** Renames a user; false when the username is taken anywhere in the service. */
  abstract rename(accountId: number, userId: number, username: string, now: Date): Promise<boolean>;
  abstract setPermissions(accountId: number, userId: number, permissions: PermissionKey[], now: Date): Promise<void>;
  /** Stores a new password hash and the time it changed. */
  abstract setPassword(accountId: number, userId: number, passwordHash: string, now: Date): Promise<void>;
  abstract softDelete(accountId: number, userId: number, now: Date): Promise<void>;
}
