import { expenseRepositoryContract } from '../../testing/expense-repository.contract';
import { FakeClock } from '../../testing/fake-clock';
import { InMemoryExpenseRepository } from '../../testing/in-memory-expense.repository';

/** The ExpenseRepository contract on the in-memory fake (test/repository-contracts.e2e-spec.ts runs it on TypeORM). */
describe('ExpenseRepository contract: in-memory fake', () => {
  const clock = new FakeClock();
  const repo = new InMemoryExpenseRepository(clock);
  let ids = 0;
  expenseRepositoryContract(() => ({ repo: () => repo, clock, newAccount: async () => ++ids, addClient: async () => ++ids }));
});
