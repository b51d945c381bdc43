import type { User } from '@app/domain/users/user.repository.port';

export function presentSubUser(user: User) {
  return {
    user_id: user.id,
    account_id: user.accountId,
    username: user.username,
    permissions: user.permissions,
    is_owner: user.isOwner,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}
