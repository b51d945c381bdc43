import { SessionRepository } from '../auth/session.repository.port';
import { UserAdminRepository } from './user-admin.repository.port';
import { PasswordHasher } from './user.repository.port';

/**
 * A sub-user's password and the sessions signed in with it: a new password is hashed by the service's
 * hasher, and whenever the user is changed (password, username, permissions) or removed, the user's sessions
 * end in the same transaction, so an old device never outlives the credential it signed in with.
 */
export class UserCredentials {
  constructor(
    private readonly admin: UserAdminRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionRepository,
  ) {}

  hash(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  /** Stores the new hash and ends the user's sessions (inside the caller's transaction). */
  async replacePassword(accountId: number, userId: number, passwordHash: string, now: Date): Promise<void> {
    await this.admin.setPassword(accountId, userId, passwordHash, now);
    await this.sessions.revokeForUser(accountId, userId, 'user_updated', now);
  }

  /** Ends the user's sessions after a change of its username or permissions (inside the caller's transaction). */
  async endSessions(accountId: number, userId: number, now: Date): Promise<void> {
    await this.sessions.revokeForUser(accountId, userId, 'user_updated', now);
  }

  /** Soft-deletes the user (its username stays reserved) and ends its sessions (inside the caller's transaction). */
  async remove(accountId: number, userId: number, now: Date): Promise<void> {
    await this.admin.softDelete(accountId, userId, now);
    await this.sessions.revokeForUser(accountId, userId, 'user_deleted', now);
  }
}
