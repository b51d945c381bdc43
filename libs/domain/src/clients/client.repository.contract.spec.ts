import { clientRepositoryContract } from '../../testing/client-repository.contract';
import { FakeClock } from '../../testing/fake-clock';
import { InMemoryClientRepository } from '../../testing/in-memory-client.repository';

/** The ClientRepository contract on the in-memory fake (test/repository-contracts.e2e-spec.ts runs it on TypeORM). */
describe('ClientRepository contract: in-memory fake', () => {
  const clock = new FakeClock();
  const repo = new InMemoryClientRepository(clock);
  let accounts = 0;
  clientRepositoryContract(() => ({ repo: () => repo, clock, newAccount: async () => ++accounts }));
});
