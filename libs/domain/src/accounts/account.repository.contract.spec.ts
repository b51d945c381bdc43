import { accountRepositoryContract } from '../../testing/account-repository.contract';
import { InMemoryAccountRepository } from '../../testing/in-memory-account.repository';

/** The AccountRepository contract on the in-memory fake (test/repository-contracts.e2e-spec.ts runs it on TypeORM). */
describe('AccountRepository contract: in-memory fake', () => {
  const repo = new InMemoryAccountRepository();
  accountRepositoryContract(() => repo);
});
