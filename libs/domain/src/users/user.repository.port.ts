import { PermissionKey } from '../shared/principal';
import { UserProfile } from '../shared/user-profile';

export interface User extends UserProfile {
  passwordHash: string;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  permissions: PermissionKey[];
  isOwner: boolean;
}

export abstract class UserRepository {
  abstract create(accountId: number, user: NewUser): Promise<number>;
  /** Usernames are unique across the service; lookup ignores deleted users. */
  abstract findByUsername(username: string): Promise<User | null>;
  abstract findById(accountId: number, id: number): Promise<User | null>;
}

export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(password: string, hash: string): Promise<boolean>;
}
