import { Client, ClientFields } from '../src/clients/client';
import { ClientDependents, ClientRepository } from '../src/clients/client.repository.port';
import { Clock } from '../src/shared/clock.port';
import { Page, PageRequest } from '../src/shared/pagination';
import { sqlTimestamp } from './fake-clock';

/**
 * Clients in memory with the semantics of the MySQL adapter: scoped by account, newest first with ties
 * by id descending, duplicates by exact phone, case-insensitive email or GSTIN (the columns' collation; oldest first).
 */
export class InMemoryClientRepository extends ClientRepository {
  private readonly rows = new Map<number, Client>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {
    super();
  }

  /** Every stored client of the account (any order), as copies. */
  all(accountId: number): Client[] {
    return [...this.rows.values()].filter((c) => c.accountId === accountId).map((c) => ({ ...c }));
  }

  /** Sets stored fields directly (e.g. created_at, to arrange an order). */
  patch(id: number, changes: Partial<Client>): void {
    const row = this.rows.get(id);
    if (!row) throw new Error(`no client ${id}`);
    Object.assign(row, changes);
  }

  async findById(accountId: number, id: number): Promise<Client | null> {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? { ...row } : null;
  }

  async list(accountId: number, page: PageRequest): Promise<Page<Client>> {
    const rows = this.all(accountId).sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
    return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
  }

  async count(accountId: number): Promise<number> {
    return this.all(accountId).length;
  }

  async findDuplicate(accountId: number, match: { phone: string | null; email: string | null; gstin: string | null }): Promise<Client | null> {
    const email = match.email?.toLowerCase();
    const gstin = match.gstin?.toUpperCase();
    const found = this.all(accountId)
      .sort((a, b) => a.id - b.id)
      .find((c) => (!!match.phone && c.phone === match.phone) || (!!email && c.email.toLowerCase() === email) || (!!gstin && c.gstin?.toUpperCase() === gstin));
    return found ?? null;
  }

  async insert(accountId: number, fields: ClientFields): Promise<number> {
    const id = this.nextId++;
    const now = sqlTimestamp(this.clock.now());
    this.rows.set(id, { ...fields, id, accountId, createdAt: now, updatedAt: now });
    return id;
  }

  async update(accountId: number, id: number, fields: ClientFields): Promise<void> {
    const row = this.rows.get(id);
    if (row && row.accountId === accountId) Object.assign(row, fields, { updatedAt: sqlTimestamp(this.clock.now()) });
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (this.rows.get(id)?.accountId === accountId) this.rows.delete(id);
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.rows.get(id)?.accountId === accountId);
  }
}

/** A record referring to a client: a document (deleted with it on cascade) or an expense (detached). */
export interface ClientReferenceRecord {
  accountId: number;
  clientId: number | null;
  kind: 'document' | 'expense';
  id: number;
}

/** Documents and expenses that refer to clients, as the SQL adapter treats them. */
export class InMemoryClientDependents extends ClientDependents {
  readonly records: ClientReferenceRecord[] = [];
  private nextId = 1;

  addDocument(accountId: number, clientId: number): number {
    const id = this.nextId++;
    this.records.push({ accountId, clientId, kind: 'document', id });
    return id;
  }

  addExpense(accountId: number, clientId: number): number {
    const id = this.nextId++;
    this.records.push({ accountId, clientId, kind: 'expense', id });
    return id;
  }

  documentsOf(accountId: number, clientId: number): ClientReferenceRecord[] {
    return this.records.filter((r) => r.kind === 'document' && r.accountId === accountId && r.clientId === clientId);
  }

  async hasDependents(accountId: number, clientId: number): Promise<boolean> {
    return this.documentsOf(accountId, clientId).length > 0;
  }

  async removeDocuments(accountId: number, clientId: number): Promise<void> {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i];
      if (r.kind === 'document' && r.accountId === accountId && r.clientId === clientId) this.records.splice(i, 1);
    }
  }

  async detachRecords(accountId: number, clientId: number): Promise<void> {
    for (const r of this.records) if (r.kind !== 'document' && r.accountId === accountId && r.clientId === clientId) r.clientId = null;
  }
}
