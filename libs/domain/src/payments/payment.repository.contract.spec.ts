import { FakeClock } from '../../testing/fake-clock';
import { InMemoryPaymentRepository } from '../../testing/in-memory-payments';
import { paymentRepositoryContract } from '../../testing/payment-repository.contract';

/** The PaymentRepository contract on the in-memory fake (test/repository-contracts.e2e-spec.ts runs it on TypeORM). */
describe('PaymentRepository contract: in-memory fake', () => {
  const clock = new FakeClock();
  const repo = new InMemoryPaymentRepository(clock);
  let ids = 0;
  paymentRepositoryContract(() => ({ repo: () => repo, clock, newAccount: async () => ++ids }));
});
