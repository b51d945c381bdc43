import { PermissionKey } from './principal';

/** A user of an account without its password hash: what a request carries about its signed-in user. */
export interface UserProfile {
  id: number;
  accountId: number;
  username: string;
  permissions: PermissionKey[];
  isOwner: boolean;
  createdAt: string;
  updatedAt: string;
}
