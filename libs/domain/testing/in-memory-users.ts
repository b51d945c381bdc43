import { pageAt } from './in-memory-rows';
import { Page, PageRequest } from '../src/shared/pagination';
import { PermissionKey } from '../src/shared/principal';
import { UserAdminRepository } from '../src/users/user-admin.repository.port';
import { NewUser, PasswordHasher, User, UserRepository } from '../src/users/user.repository.port';

interface StoredUser extends User {
  deleted: boolean;
  passwordChangedAt: Date | null;
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** The user as the adapter reads it (the stored-only fields left out). */
const toUser = ({ deleted: _deleted, passwordChangedAt: _changed, ...user }: StoredUser): User => ({ ...user, permissions: [...user.permissions] });

/** Users in a Map, with a case-insensitive service-wide username index (deleted users keep theirs). */
export class InMemoryUserRepository extends UserRepository {
  readonly rows = new Map<number, StoredUser>();
  private nextId = 1;

  add(accountId: number, user: NewUser, now = new Date()): number {
    if ([...this.rows.values()].some((u) => u.username.toLowerCase() === user.username.toLowerCase())) {
      throw new Error(`duplicate username ${user.username}`);
    }
    const id = this.nextId++;
    this.rows.set(id, {
      ...user,
      id,
      accountId,
      permissions: [...user.permissions],
      createdAt: stamp(now),
      updatedAt: stamp(now),
      deleted: false,
      passwordChangedAt: null,
    });
    return id;
  }

  async create(accountId: number, user: NewUser): Promise<number> {
    return this.add(accountId, user);
  }

  async findByUsername(username: string): Promise<User | null> {
    const user = [...this.rows.values()].find((u) => !u.deleted && u.username.toLowerCase() === username.toLowerCase());
    return user ? toUser(user) : null;
  }

  async findById(accountId: number, id: number): Promise<User | null> {
    const user = this.rows.get(id);
    return user && !user.deleted && user.accountId === accountId ? toUser(user) : null;
  }

  /** Permissions of an active user (null when missing or deleted), as the session adapter's join sees them. */
  permissionsOf = (accountId: number, userId: number): PermissionKey[] | null => {
    const user = this.rows.get(userId);
    return user && !user.deleted && user.accountId === accountId ? [...user.permissions] : null;
  };
}

export class InMemoryUserAdminRepository extends UserAdminRepository {
  constructor(private readonly users: InMemoryUserRepository) {
    super();
  }

  async lockAccount(): Promise<void> {}

  async list(accountId: number, page: PageRequest): Promise<Page<User>> {
    const order = (a: { isOwner: unknown; id: number }, b: { isOwner: unknown; id: number }) => Number(b.isOwner) - Number(a.isOwner) || a.id - b.id;
    const scope = [...this.users.rows.values()].filter((u) => u.accountId === accountId).sort(order);
    const read = pageAt(
      scope.filter((u) => !u.deleted),
      page,
      order,
      scope,
    );
    return { ...read, rows: read.rows.map(toUser) };
  }

  async countSubUsers(accountId: number): Promise<number> {
    return [...this.users.rows.values()].filter((u) => u.accountId === accountId && !u.deleted && !u.isOwner).length;
  }

  async insert(accountId: number, user: NewUser, now: Date): Promise<number | null> {
    try {
      return this.users.add(accountId, user, now);
    } catch {
      return null;
    }
  }

  async rename(accountId: number, userId: number, username: string, now: Date): Promise<boolean> {
    if ([...this.users.rows.values()].some((u) => u.id !== userId && u.username.toLowerCase() === username.toLowerCase())) return false;
    this.edit(accountId, userId, now, (u) => (u.username = username));
    return true;
  }

  async setPermissions(accountId: number, userId: number, permissions: PermissionKey[], now: Date): Promise<void> {
    this.edit(accountId, userId, now, (u) => (u.permissions = [...permissions]));
  }

  async setPassword(accountId: number, userId: number, passwordHash: string, now: Date): Promise<void> {
    this.edit(accountId, userId, now, (u) => {
      u.passwordHash = passwordHash;
      u.passwordChangedAt = now;
    });
  }

  async softDelete(accountId: number, userId: number, now: Date): Promise<void> {
    this.edit(accountId, userId, now, (u) => (u.deleted = true));
  }

  private edit(accountId: number, userId: number, now: Date, change: (u: StoredUser) => void): void {
    const user = this.users.rows.get(userId);
    if (!user || user.accountId !== accountId) return;
    change(user);
    user.updatedAt = stamp(now);
  }
}

/** Not bcrypt: `plain:<password>`; counts verifications so tests can see the dummy check happen. */
export class FakePasswordHasher extends PasswordHasher {
  readonly verified: string[] = [];
  async hash(password: string): Promise<string> {
    return `plain:${password}`;
  }
  async verify(password: string, hash: string): Promise<boolean> {
    this.verified.push(hash);
    return hash === `plain:${password}`;
  }
}
