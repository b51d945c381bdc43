import { InMemoryCreditNoteRepository, InMemoryDebitNoteRepository } from '../../testing/in-memory-note.repository';
import { creditNoteFields, debitNoteFields, noteRepositoryContract } from '../../testing/note-repository.contract';
import { NoteClientsFake } from '../../testing/note-test-kit';

/** The NoteRepository contract on the in-memory fakes (test/*-notes.e2e-spec.ts runs it on TypeORM). */
describe('in-memory debit-note repository (contract)', () => {
  const clients = new NoteClientsFake();
  const repo = new InMemoryDebitNoteRepository(clients.nameOf);
  let accounts = 0;
  noteRepositoryContract('DN', () => ({
    repo: () => repo,
    newAccount: async () => ++accounts,
    addClient: async (a, name) => clients.add(a, name),
    fields: debitNoteFields,
  }));
});

describe('in-memory credit-note repository (contract)', () => {
  const clients = new NoteClientsFake();
  const repo = new InMemoryCreditNoteRepository(clients.nameOf);
  let accounts = 0;
  noteRepositoryContract('CN', () => ({
    repo: () => repo,
    newAccount: async () => ++accounts,
    addClient: async (a, name) => clients.add(a, name),
    fields: creditNoteFields,
  }));
});
