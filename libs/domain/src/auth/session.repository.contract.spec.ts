import { InMemorySessionRepository } from '../../testing/in-memory-session.repository';
import { InMemoryUserRepository } from '../../testing/in-memory-users';
import { sessionRepositoryContract } from '../../testing/session-repository.contract';

describe('SessionRepository contract: in-memory fake', () => {
  sessionRepositoryContract(async () => {
    const users = new InMemoryUserRepository();
    let nextAccount = 1;
    return {
      repo: new InMemorySessionRepository(users.permissionsOf),
      async addUser(permissions, accountId) {
        const account = accountId ?? nextAccount++;
        const userId = users.add(account, { username: `u${users.rows.size + 1}`, passwordHash: 'x', permissions, isOwner: false });
        return { accountId: account, userId };
      },
      async deleteUser(_accountId, userId) {
        users.rows.get(userId)!.deleted = true;
      },
    };
  });
});
