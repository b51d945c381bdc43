import { InMemoryUserAdminRepository, InMemoryUserRepository } from '../../testing/in-memory-users';
import { userRepositoryContract } from '../../testing/user-repository.contract';

/** The UserRepository and UserAdminRepository contract on the in-memory fakes (test/repository-contracts.e2e-spec.ts runs it on TypeORM). */
describe('UserRepository contract: in-memory fakes', () => {
  const users = new InMemoryUserRepository();
  const admin = new InMemoryUserAdminRepository(users);
  let accounts = 0;
  userRepositoryContract(() => ({ users: () => users, admin: () => admin, newAccount: async () => ++accounts }));
});
