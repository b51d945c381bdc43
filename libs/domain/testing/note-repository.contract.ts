import { NO_GST_FIELDS } from '../src/documents/document-gst';
import { CreditNoteFields, DebitNoteFields, NoteHeaderFields, NoteLineFields, StoredNote } from '../src/notes/note';
import { NoteRepository } from '../src/notes/note.repository.port';

/**
 * What every NoteRepository must do, run against the in-memory fake (unit) and the TypeORM adapter
 * (e2e) so the two cannot drift (docs/decisions.md, "Testing"). Call inside a `describe`; `harness` is read
 * lazily because an e2e suite only has its app after `beforeAll`.
 */
export interface NoteRepositoryHarness<N, F> {
  repo(): NoteRepository<N, F>;
  /** A new account of its own, so counts and lists start empty. */
  newAccount(): Promise<number>;
  addClient(accountId: number, name: string): Promise<number>;
  /** Valid header fields of this kind for a client and date. */
  fields(clientId: number, date: string, overrides?: Partial<NoteHeaderFields>): F;
}

function header(clientId: number, date: string, overrides: Partial<NoteHeaderFields> = {}): NoteHeaderFields {
  return {
    clientId,
    date,
    currency: 'INR',
    status: 'issued',
    declarationText: null,
    transportDetails: null,
    lrNumber: null,
    lutNumber: null,
    originalInvoiceId: null,
    totalAmount: '0.00',
    ...NO_GST_FIELDS,
    ...overrides,
  };
}

/** Valid debit-note fields for the contract. */
export function debitNoteFields(clientId: number, date: string, overrides: Partial<NoteHeaderFields> = {}): DebitNoteFields {
  return { ...header(clientId, date, overrides), paymentDueDate: date, paymentStatus: 'pending', paidAmount: '0.00', paymentDate: null, paidAt: null };
}

/** Valid credit-note fields for the contract. */
export function creditNoteFields(clientId: number, date: string, overrides: Partial<NoteHeaderFields> = {}): CreditNoteFields {
  return { ...header(clientId, date, overrides), sourceInvoiceId: null, reason: null };
}

const page = { limit: 50, offset: 0 };
let sequence = 1000;
const numberFor = (prefix: string, date: string) => {
  const seq = ++sequence;
  const fy = Number(date.slice(5, 7)) >= 4 ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) - 1;
  return { number: `${prefix}/${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}/${seq}`, fyStartYear: fy, sequence: seq };
};

export function noteRepositoryContract<N extends StoredNote & F, F extends NoteHeaderFields>(prefix: string, harness: () => NoteRepositoryHarness<N, F>): void {
  const setup = async () => {
    const h = harness();
    const accountId = await h.newAccount();
    const other = await h.newAccount();
    const clientId = await h.addClient(accountId, 'Sharma 50% Traders');
    const client2 = await h.addClient(accountId, 'Kapoor Exports');
    const otherClient = await h.addClient(other, 'Sharma Elsewhere');
    const insert = async (account: number, client: number, date: string, overrides: Partial<NoteHeaderFields> = {}) => {
      const number = numberFor(prefix, date);
      const id = await h.repo().insert(account, h.fields(client, date, overrides), number);
      return { id, number: number.number };
    };
    return { h, repo: h.repo(), accountId, other, clientId, client2, otherClient, insert };
  };

  it('stores and reads back a note, only for its own account', async () => {
    const { repo, accountId, other, clientId, h } = await setup();
    const fields = h.fields(clientId, '2025-05-10', { declarationText: 'Declared', lrNumber: 'LR-1', totalAmount: '12.50', currency: 'USD' });
    const id = await repo.insert(accountId, fields, { number: `${prefix}/25-26/0001`, fyStartYear: 2025, sequence: 1 });
    const note = await repo.findById(accountId, id);
    expect(note).toMatchObject({ ...fields, id, accountId, number: `${prefix}/25-26/0001`, fyStartYear: 2025, sequence: 1 });
    expect(note!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await repo.findById(other, id)).toBeNull();
    expect(await repo.findById(accountId, id + 100000)).toBeNull();
  });

  it('updates only within the account', async () => {
    const { repo, accountId, other, clientId, client2, insert, h } = await setup();
    const { id } = await insert(accountId, clientId, '2025-05-10');
    await repo.update(other, id, h.fields(client2, '2025-06-01'));
    expect((await repo.findById(accountId, id))!.clientId).toBe(clientId);
    await repo.update(accountId, id, h.fields(client2, '2025-06-01', { status: 'cancelled', totalAmount: '3.00' }));
    expect(await repo.findById(accountId, id)).toMatchObject({ clientId: client2, date: '2025-06-01', status: 'cancelled', totalAmount: '3.00' });
  });

  it('replaces lines, reads them in item_id order, and keeps them from other accounts', async () => {
    const { repo, accountId, other, clientId, insert } = await setup();
    const { id } = await insert(accountId, clientId, '2025-05-10');
    const lines: NoteLineFields[] = [
      { description: 'B first', expenseDate: '2025-05-01', amount: '2.00' },
      { description: 'A second', expenseDate: null, amount: '0.10' },
    ];
    await repo.replaceLines(accountId, id, lines);
    const read = await repo.findLines(accountId, id);
    expect(read.map(({ description, expenseDate, amount }) => ({ description, expenseDate, amount }))).toEqual(lines);
    expect(read.every((l) => l.noteId === id)).toBe(true);
    expect(read[0].id).toBeLessThan(read[1].id);
    expect(await repo.findLines(other, id)).toEqual([]);
    await repo.replaceLines(accountId, id, [{ description: 'Only', expenseDate: null, amount: '1.00' }]);
    expect((await repo.findLines(accountId, id)).map((l) => l.description)).toEqual(['Only']);
    await repo.replaceLines(accountId, id, []);
    expect(await repo.findLines(accountId, id)).toEqual([]);
  });

  it('deletes a note with its lines; existingIds is scoped by account', async () => {
    const { repo, accountId, other, clientId, otherClient, insert } = await setup();
    const { id } = await insert(accountId, clientId, '2025-05-10');
    const { id: theirs } = await insert(other, otherClient, '2025-05-10');
    await repo.replaceLines(accountId, id, [{ description: 'x', expenseDate: null, amount: '1.00' }]);
    expect((await repo.existingIds(accountId, [id, theirs, 999999])).sort()).toEqual([id]);
    await repo.delete(other, id);
    expect(await repo.findById(accountId, id)).not.toBeNull();
    await repo.delete(accountId, id);
    expect(await repo.findById(accountId, id)).toBeNull();
    expect(await repo.findLines(accountId, id)).toEqual([]);
    expect(await repo.existingIds(accountId, [])).toEqual([]);
  });

  it('lists newest note date first (ties by id), with total, limit, offset and the document filters', async () => {
    const { repo, accountId, other, clientId, client2, otherClient, insert } = await setup();
    const mar31 = await insert(accountId, clientId, '2025-03-31');
    const apr1 = await insert(accountId, client2, '2025-04-01', { status: 'draft' });
    const apr1b = await insert(accountId, clientId, '2025-04-01');
    const mar31b = await insert(accountId, client2, '2026-03-31');
    await insert(other, otherClient, '2025-05-01');
    const ids = async (filter: object) => (await repo.list(accountId, { ...page, ...filter })).rows.map((n) => n.id);

    const all = await repo.list(accountId, page);
    expect(all.total).toBe(4);
    expect(all.rows.map((n) => n.id)).toEqual([mar31b.id, apr1b.id, apr1.id, mar31.id]);
    expect(all.rows[0]).toMatchObject({ accountId, clientId: client2, date: '2026-03-31' });
    const second = await repo.list(accountId, { limit: 2, offset: 1 });
    expect([second.total, second.rows.map((n) => n.id)]).toEqual([4, [apr1b.id, apr1.id]]);
    expect(await ids({ fyStartYear: 2025 })).toEqual([mar31b.id, apr1b.id, apr1.id]);
    expect(await ids({ fyStartYear: 2024, dateFrom: '2025-04-01' })).toEqual([mar31.id]);
    expect(await ids({ dateFrom: '2025-03-31', dateTo: '2025-04-01' })).toEqual([apr1b.id, apr1.id, mar31.id]);
    expect(await ids({ clientId: client2 })).toEqual([mar31b.id, apr1.id]);
    expect(await ids({ status: 'draft' })).toEqual([apr1.id]);
    expect(await ids({ search: 'KAPOOR' })).toEqual([mar31b.id, apr1.id]);
    expect(await ids({ search: '50%' })).toEqual([apr1b.id, mar31.id]);
    expect(await ids({ search: '%' })).toEqual([apr1b.id, mar31.id]);
    expect(await ids({ search: apr1.number })).toEqual([apr1.id]);
    expect(await ids({ search: 'Elsewhere' })).toEqual([]);
    expect(await ids({ search: 'sharma', fyStartYear: 2025, clientId })).toEqual([apr1b.id]);
  });
}
