import { FakeClock } from '../../testing/fake-clock';
import { InMemoryClientRepository } from '../../testing/in-memory-client.repository';
import { InMemoryInvoiceRepository } from '../../testing/in-memory-invoice.repository';
import { invoiceRepositoryContract } from '../../testing/invoice-repository.contract';

/** The InvoiceRepository contract on the in-memory fake (test/invoices.e2e-spec.ts runs it on TypeORM). */
describe('in-memory invoice repository (contract)', () => {
  const clock = new FakeClock();
  const clients = new InMemoryClientRepository(clock);
  const repo = new InMemoryInvoiceRepository(clock, (accountId, id) => clients.all(accountId).find((c) => c.id === id)?.name);
  let accounts = 0;
  invoiceRepositoryContract(() => ({
    repo: () => repo,
    newAccount: async () => ++accounts,
    addClient: (accountId, name) =>
      clients.insert(accountId, { name, phone: '9876543210', countryCode: '+91', email: 'c@example.com', address: null, gstin: null, stateCode: null }),
  }));
});
