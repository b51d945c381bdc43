import { NoteHeaderFields, StoredNote } from '@app/domain/notes/note';
import { NoteRepository } from '@app/domain/notes/note.repository.port';
import { Clock, SystemClock } from '@app/domain/shared/clock.port';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { Database } from '@app/infra/database/database';
import { NoteRepositoryHarness, noteRepositoryContract } from '../../libs/domain/testing/note-repository.contract';
import { TestAccount, TestApp } from './app-harness';

/** Fixtures shared by the debit-note and credit-note suites. */
let clientCounter = 0;

/** Creates a client of `who` through the API; returns its id. */
export async function createClient(t: TestApp, who: TestAccount, name: string): Promise<number> {
  const n = ++clientCounter;
  const res = await t.http
    .post('/v1/clients')
    .set(who.auth)
    .send({ name, phone: `9${String(n).padStart(9, '0')}`, email: `client${n}.${who.accountId}@example.com` })
    .expect(201);
  return res.body.data.client.client_id;
}

export interface InvoiceFixture {
  clientId: number;
  number: string;
  date: string;
  currency?: string;
  lines: Array<{ description: string; total: string }>;
}

/** Inserts an invoice and its lines with SQL (independent of the invoices module); returns its id. */
export async function insertInvoice(t: TestApp, accountId: number, inv: InvoiceFixture): Promise<number> {
  const total = inv.lines.reduce((sum, l) => sum + Math.round(Number(l.total) * 100), 0) / 100;
  const fy = Number(inv.date.slice(5, 7)) >= 4 ? Number(inv.date.slice(0, 4)) : Number(inv.date.slice(0, 4)) - 1;
  const result = await t.dataSource.query(
    `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, currency, total_amount, created_at, updated_at,
       invoice_number, invoice_date, payment_due_date, invoice_type)
     VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(), UTC_TIMESTAMP(), ?, ?, ?, 'local_sale')`,
    [accountId, inv.clientId, fy, Number(inv.number.split('/')[2]), inv.currency ?? 'INR', total.toFixed(2), inv.number, inv.date, inv.date],
  );
  const invoiceId = Number(result.insertId);
  for (const line of inv.lines) {
    await t.dataSource.query('INSERT INTO invoice_items (invoice_id, account_id, item_description, quantity, rate, total_amount) VALUES (?, ?, ?, 1, ?, ?)', [
      invoiceId,
      accountId,
      line.description,
      line.total,
      line.total,
    ]);
  }
  return invoiceId;
}

export interface ActivityRow {
  action: string;
  actor_kind: string;
  actor_user_id: number | null;
  entity_type: string;
  entity_id: number;
  label: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Activity events of one entity, oldest first. */
export async function activityOf(t: TestApp, accountId: number, entityType: string, entityId: number): Promise<ActivityRow[]> {
  const rows: Array<Record<string, unknown>> = await t.dataSource.query(
    `SELECT action, actor_kind, actor_user_id, entity_type, entity_id, label, before_summary, after_summary
       FROM activity_events WHERE account_id = ? AND entity_type = ? AND entity_id = ? ORDER BY id`,
    [accountId, entityType, entityId],
  );
  return rows.map((r) => ({
    action: String(r.action),
    actor_kind: String(r.actor_kind),
    actor_user_id: r.actor_user_id === null ? null : Number(r.actor_user_id),
    entity_type: String(r.entity_type),
    entity_id: Number(r.entity_id),
    label: r.label === null ? null : String(r.label),
    before: r.before_summary ? JSON.parse(String(r.before_summary)) : null,
    after: r.after_summary ? JSON.parse(String(r.after_summary)) : null,
  }));
}

/** Business date today (Asia/Kolkata), as the service computes it. */
export function today(): string {
  return kolkataDate(new Date());
}

/** Inserts a client row with SQL (for repository contract runs that bypass the API); returns its id. */
export async function insertClientRow(t: TestApp, accountId: number, name: string): Promise<number> {
  const n = ++clientCounter;
  const result = await t.dataSource.query(
    'INSERT INTO clients (account_id, name, phone, email, created_at, updated_at) VALUES (?, ?, ?, ?, UTC_TIMESTAMP(), UTC_TIMESTAMP())',
    [accountId, name, `8${String(n).padStart(9, '0')}`, `row${n}@example.com`],
  );
  return Number(result.insertId);
}

/**
 * Runs the note repository contract (`prefix`: 'DN', 'CN') against a TypeORM adapter on the suite's
 * database; `app` is read lazily, as the suite only has its app after `beforeAll`.
 */
export function typeormNoteRepositoryContract<N extends StoredNote & F, F extends NoteHeaderFields>(
  prefix: string,
  app: () => TestApp,
  Repository: new (db: Database, clock: Clock) => NoteRepository<N, F>,
  fields: NoteRepositoryHarness<N, F>['fields'],
): void {
  noteRepositoryContract(prefix, () => ({
    repo: () => new Repository(app().app.get(Database), new SystemClock()),
    newAccount: async () => (await app().createAccount()).accountId,
    addClient: (accountId, name) => insertClientRow(app(), accountId, name),
    fields,
  }));
}
