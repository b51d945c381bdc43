import { clientFields } from '../../testing/client-repository.contract';
import { FakeClock } from '../../testing/fake-clock';
import { InMemoryClientRepository } from '../../testing/in-memory-client.repository';
import { InMemoryProformaInvoiceRepository, InMemoryQuotationRepository } from '../../testing/in-memory-offer-documents';
import { offerDocumentRepositoryContract, offerFields, quotationFields, quotationRepositoryContract } from '../../testing/offer-document-repository.contract';

/** Clients the fakes' search can join, a clock and fresh accounts. */
function world() {
  const clock = new FakeClock();
  const clients = new InMemoryClientRepository(clock);
  let accounts = 0;
  return {
    clock,
    clientName: (accountId: number, id: number) => clients.all(accountId).find((c) => c.id === id)?.name,
    newAccount: async () => ++accounts,
    addClient: (accountId: number, name: string) => clients.insert(accountId, clientFields({ name })),
  };
}

/** The quotation and proforma-invoice repository contracts on the in-memory fakes (test/repository-contracts.e2e-spec.ts runs them on TypeORM). */
describe('QuotationRepository contract: in-memory fake', () => {
  const w = world();
  const repo = new InMemoryQuotationRepository(w.clock, w.clientName);
  quotationRepositoryContract(() => ({ ...w, repo: () => repo, fields: quotationFields }));
});

describe('ProformaInvoiceRepository contract: in-memory fake', () => {
  const w = world();
  const repo = new InMemoryProformaInvoiceRepository(w.clock, w.clientName);
  offerDocumentRepositoryContract('PI', () => ({ ...w, repo: () => repo, fields: offerFields }));
});
