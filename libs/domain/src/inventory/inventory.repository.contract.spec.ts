import { FakeClock } from '../../testing/fake-clock';
import { ImmediateTransactionRunner } from '../../testing/immediate-transaction-runner';
import { InMemoryInventoryRepository } from '../../testing/in-memory-inventory.repository';
import { inventoryRepositoryContract } from '../../testing/inventory-repository.contract';

/** The InventoryRepository contract on the in-memory fake (test/repository-contracts.e2e-spec.ts runs it on TypeORM). */
describe('InventoryRepository contract: in-memory fake', () => {
  const clock = new FakeClock();
  const repo = new InMemoryInventoryRepository(clock);
  let accounts = 0;
  inventoryRepositoryContract(() => ({ repo: () => repo, clock, newAccount: async () => ++accounts, transactions: new ImmediateTransactionRunner() }));
});
