import { Clock } from '@app/domain/shared/clock.port';
import { Page, PageRequest } from '@app/domain/shared/pagination';
import { InvoiceTemplate, RecurringInvoice, RecurringInvoiceFields, RecurringRun, RecurringStatus } from '@app/domain/recurring-invoices/recurring-invoice';
import { DueProfile, NewRecurringRun, RecurringInvoiceRepository, RecurringListFilter } from '@app/domain/recurring-invoices/recurring-invoice.repository.port';
import { CatchUp, DayOfMonth, Frequency, ScheduleState } from '@app/domain/recurring-invoices/recurring-schedule';
import { Database } from '../database/database';
import { atomically, writeTombstones } from '../shared/list-sync';
import { SqlConditions } from '../documents/sql-document-list';
import { sqlNow } from '../shared/sql-time';
import { LIST_CACHE } from '../shared/versioned-list';
import { maybeNumber } from '../shared/sql-values';

interface ProfileRow {
  id: number;
  account_id: number;
  client_id: number;
  status: string;
  frequency: string;
  interval_count: number;
  start_date: string;
  end_date: string | null;
  occurrences: number | null;
  day_of_month: string | null;
  payment_terms_days: number;
  catch_up: string;
  auto_send: number;
  email_subject: string | null;
  email_message: string | null;
  template: string;
  next_run_date: string | null;
  runs_count: number;
  last_run_date: string | null;
  created_at: string;
  updated_at: string;
}

interface RunRow {
  run_date: string;
  status: string;
  source: string;
  invoice_id: number | null;
  invoice_number: string | null;
  sendout_id: number | null;
  error: string | null;
  created_at: string;
}

interface Written {
  affectedRows?: number;
  insertId?: number;
}

const COLUMNS =
  'id, account_id, client_id, status, frequency, interval_count, start_date, end_date, occurrences, day_of_month, payment_terms_days, catch_up, auto_send, email_subject, email_message, template, next_run_date, runs_count, last_run_date, created_at, updated_at';
/** The columns as the list reads them (aliased from `d`). */
const SELECTED = COLUMNS.split(', ')
  .map((c) => `d.${c}`)
  .join(', ');

function dayOfMonth(value: string | null): DayOfMonth | null {
  if (value === null) return null;
  return value === 'last' ? 'last' : Number(value);
}

function toProfile(row: ProfileRow): RecurringInvoice {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    clientId: Number(row.client_id),
    status: row.status as RecurringStatus,
    template: JSON.parse(row.template) as InvoiceTemplate,
    schedule: {
      frequency: row.frequency as Frequency,
      interval: Number(row.interval_count),
      startDate: row.start_date,
      endDate: row.end_date,
      occurrences: maybeNumber(row.occurrences),
      dayOfMonth: dayOfMonth(row.day_of_month),
    },
    paymentTermsDays: Number(row.payment_terms_days),
    catchUp: row.catch_up as CatchUp,
    autoSend: Number(row.auto_send) === 1,
    emailSubject: row.email_subject,
    emailMessage: row.email_message,
    nextRunDate: row.next_run_date,
    runsCount: Number(row.runs_count),
    lastRunDate: row.last_run_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function fieldValues(fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): unknown[] {
  const s = fields.schedule;
  return [
    fields.clientId,
    status,
    s.frequency,
    s.interval,
    s.startDate,
    s.endDate,
    s.occurrences,
    s.dayOfMonth === null ? null : String(s.dayOfMonth),
    fields.paymentTermsDays,
    fields.catchUp,
    fields.autoSend ? 1 : 0,
    fields.emailSubject,
    fields.emailMessage,
    JSON.stringify(fields.template),
    state.nextRunDate,
    state.runsCount,
  ];
}

const isDuplicate = (error: unknown) => {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e.driverError?.code ?? e.code) === 'ER_DUP_ENTRY';
};

/** `recurring_invoices` and `recurring_invoice_runs` (the unique key on profile and run date). */
export class SqlRecurringInvoiceRepository extends RecurringInvoiceRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  async insert(accountId: number, fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): Promise<number> {
    const now = sqlNow(this.clock.now());
    const result = await this.db.manager().query<Written>(
      `INSERT INTO recurring_invoices (account_id, client_id, status, frequency, interval_count, start_date, end_date, occurrences, day_of_month,
         payment_terms_days, catch_up, auto_send, email_subject, email_message, template, next_run_date, runs_count, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [accountId, ...fieldValues(fields, status, state), now, now],
    );
    return Number(result.insertId);
  }

  async findById(accountId: number, id: number): Promise<RecurringInvoice | null> {
    const [row] = await this.db.query<ProfileRow>(`SELECT ${COLUMNS} FROM recurring_invoices WHERE account_id = ? AND id = ?`, [accountId, id]);
    return row ? toProfile(row) : null;
  }

  async list(accountId: number, filter: RecurringListFilter, page: PageRequest): Promise<Page<RecurringInvoice>> {
    const c = new SqlConditions().add('d.account_id = ?', accountId);
    if (filter.status) c.add('d.status = ?', filter.status);
    if (filter.clientId !== undefined) c.add('d.client_id = ?', filter.clientId);
    // Newest profile first: the id is the sort key.
    const answer = await LIST_CACHE.page<ProfileRow>(
      this.db,
      { accountId, table: 'recurring_invoices', where: c.sql(), params: c.params, dateColumn: 'id', select: SELECTED },
      page,
    );
    return { ...answer, rows: answer.rows.map(toProfile) };
  }

  async update(accountId: number, id: number, fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): Promise<void> {
    await this.db.manager().query(
      `UPDATE recurring_invoices SET client_id = ?, status = ?, frequency = ?, interval_count = ?, start_date = ?, end_date = ?, occurrences = ?,
         day_of_month = ?, payment_terms_days = ?, catch_up = ?, auto_send = ?, email_subject = ?, email_message = ?, template = ?, next_run_date = ?,
         runs_count = ?, updated_at = ?
       WHERE account_id = ? AND id = ?`,
      [...fieldValues(fields, status, state), sqlNow(this.clock.now()), accountId, id],
    );
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const result = await atomically(this.db, async () => {
      await writeTombstones(this.db.manager(), 'recurring_invoices', accountId, 'id = ?', [id], this.clock.now());
      return this.db.manager().query<Written>('DELETE FROM recurring_invoices WHERE account_id = ? AND id = ?', [accountId, id]);
    });
    return Number(result.affectedRows ?? 0) > 0;
  }

  async runs(accountId: number, id: number, limit: number): Promise<RecurringRun[]> {
    const rows = await this.db.query<RunRow>(
      `SELECT r.run_date, r.status, r.source, r.invoice_id, i.invoice_number, r.sendout_id, r.error, r.created_at
         FROM recurring_invoice_runs r
         LEFT JOIN invoices i ON i.account_id = r.account_id AND i.id = r.invoice_id
        WHERE r.account_id = ? AND r.recurring_invoice_id = ?
        ORDER BY r.run_date DESC LIMIT ?`,
      [accountId, id, limit],
    );
    return rows.map((r) => ({
      runDate: r.run_date,
      status: r.status as RecurringRun['status'],
      source: r.source as RecurringRun['source'],
      invoiceId: maybeNumber(r.invoice_id),
      invoiceNumber: r.invoice_number,
      sendoutId: maybeNumber(r.sendout_id),
      error: r.error,
      createdAt: r.created_at,
    }));
  }

  async dueAfter(dueBy: string, afterId: number, limit: number): Promise<DueProfile[]> {
    const rows = await this.db.query<{ id: number; account_id: number; next_run_date: string }>(
      `SELECT r.id, r.account_id, r.next_run_date FROM recurring_invoices r
         JOIN accounts a ON a.id = r.account_id AND a.deleted_at IS NULL AND a.suspended_at IS NULL
        WHERE r.status = 'active' AND r.next_run_date <= ? AND r.id > ?
        ORDER BY r.id LIMIT ?`,
      [dueBy, afterId, limit],
    );
    return rows.map((r) => ({ id: Number(r.id), accountId: Number(r.account_id), nextRunDate: r.next_run_date }));
  }

  async lockForRun(accountId: number, id: number): Promise<RecurringInvoice | null> {
    const [row] = await this.db.query<ProfileRow>(`SELECT ${COLUMNS} FROM recurring_invoices WHERE account_id = ? AND id = ? FOR UPDATE SKIP LOCKED`, [
      accountId,
      id,
    ]);
    return row ? toProfile(row) : null;
  }

  async recordRun(accountId: number, profileId: number, run: NewRecurringRun): Promise<boolean> {
    try {
      await this.db.manager().query(
        `INSERT INTO recurring_invoice_runs (account_id, recurring_invoice_id, run_date, status, source, invoice_id, sendout_id, error, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [accountId, profileId, run.runDate, run.status, run.source, run.invoiceId, run.sendoutId, run.error?.slice(0, 1000) ?? null, sqlNow(this.clock.now())],
      );
      return true;
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
  }

  async advance(accountId: number, id: number, state: ScheduleState, lastRunDate: string, status: RecurringStatus): Promise<void> {
    await this.db.manager().query(
      `UPDATE recurring_invoices SET next_run_date = ?, runs_count = ?, last_run_date = GREATEST(COALESCE(last_run_date, ?), ?), status = ?, updated_at = ?
        WHERE account_id = ? AND id = ?`,
      [state.nextRunDate, state.runsCount, lastRunDate, lastRunDate, status, sqlNow(this.clock.now()), accountId, id],
    );
  }
}
