import { FakeClock } from './fake-clock';
import { ImmediateTransactionRunner } from './immediate-transaction-runner';
import { DEFAULT_PLAN_POLICY } from '../src/accounts/plan';
import { ActivityEvent, ActivityLog } from '../src/activity/activity-log.port';
import { ActivityRecorder } from '../src/activity/activity-recorder';
import { Client, ClientFields } from '../src/clients/client';
import { ClientRepository } from '../src/clients/client.repository.port';
import { DEFAULT_PREFIXES } from '../src/documents/document-number';
import { DocumentKind } from '../src/documents/document-kinds';
import { DocumentNumbering } from '../src/documents/document-numbering';
import { DocumentQuota } from '../src/documents/document-quota';
import { DocumentCounter } from '../src/documents/document-counter.port';
import { DocumentPrefixes, DocumentSequence } from '../src/documents/document-sequence.port';
import { NoteServiceDeps } from '../src/notes/notes.service';
import { Page, PageRequest } from '../src/shared/pagination';

/** Hand-written fakes for the note services' collaborators (docs/decisions.md, "Testing"). */

export class InMemoryNoteSequence extends DocumentSequence {
  private readonly values = new Map<string, number>();
  async next(accountId: number, kind: DocumentKind, fyStartYear: number): Promise<number> {
    const key = `${accountId}|${kind}|${fyStartYear}`;
    const value = (this.values.get(key) ?? 0) + 1;
    this.values.set(key, value);
    return value;
  }
}

class DefaultPrefixes extends DocumentPrefixes {
  async prefixFor(_accountId: number, kind: DocumentKind): Promise<string> {
    return DEFAULT_PREFIXES[kind];
  }
}

export class SettableDocumentCounter extends DocumentCounter {
  used = 0;
  async countCreatedBetween(): Promise<number> {
    return this.used;
  }
}

export class RecordingActivityLog extends ActivityLog {
  readonly events: ActivityEvent[] = [];
  async append(event: ActivityEvent): Promise<void> {
    this.events.push(event);
  }
}

/** Clients by account; only what the note services use is more than a stub. */
export class NoteClientsFake extends ClientRepository {
  private readonly clients = new Map<number, Client>();
  private nextId = 1;

  add(accountId: number, name: string): number {
    const id = this.nextId++;
    this.clients.set(id, {
      id,
      accountId,
      name,
      phone: '',
      countryCode: '+91',
      email: `${id}@example.com`,
      address: null,
      gstin: null,
      stateCode: null,
      createdAt: '2025-01-01 00:00:00',
      updatedAt: '2025-01-01 00:00:00',
    });
    return id;
  }

  nameOf = (accountId: number, id: number): string | undefined => {
    const client = this.clients.get(id);
    return client && client.accountId === accountId ? client.name : undefined;
  };

  async findById(accountId: number, id: number): Promise<Client | null> {
    const client = this.clients.get(id);
    return client && client.accountId === accountId ? client : null;
  }
  async list(accountId: number, page: PageRequest): Promise<Page<Client>> {
    const rows = [...this.clients.values()].filter((c) => c.accountId === accountId);
    return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
  }
  async count(accountId: number): Promise<number> {
    return [...this.clients.values()].filter((c) => c.accountId === accountId).length;
  }
  async findDuplicate(): Promise<Client | null> {
    return null;
  }
  async insert(accountId: number, fields: ClientFields): Promise<number> {
    return this.add(accountId, fields.name);
  }
  async update(): Promise<void> {}
  async delete(accountId: number, id: number): Promise<void> {
    if (this.clients.get(id)?.accountId === accountId) this.clients.delete(id);
  }
  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    return ids.filter((id) => this.clients.get(id)?.accountId === accountId);
  }
}

/** Every collaborator the note services share, wired to the fakes above. */
export function noteTestKit() {
  const clock = new FakeClock('2025-05-15T06:30:00Z');
  const clients = new NoteClientsFake();
  const tx = new ImmediateTransactionRunner();
  const counter = new SettableDocumentCounter();
  const log = new RecordingActivityLog();
  const deps: NoteServiceDeps = {
    clients,
    numbering: new DocumentNumbering(new InMemoryNoteSequence(), new DefaultPrefixes()),
    quota: new DocumentQuota(counter, clock, DEFAULT_PLAN_POLICY),
    tx,
    clock,
    activity: new ActivityRecorder(log, clock),
  };
  return { deps, clock, clients, tx, counter, log };
}
