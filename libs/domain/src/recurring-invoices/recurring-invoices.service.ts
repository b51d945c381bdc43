import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../shared/caller';
import { InvoiceStock } from '../inventory/invoice-stock';
import { buildInvoice } from '../invoices/invoice-rules';
import { AccountReferences } from '../documents/account-references';
import { Clock } from '../shared/clock.port';
import { Conflict, found, NotFound } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import { accountToday } from '../shared/time-zone';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { TaxWarning } from '../tax/tax-engine';
import { GenerateRecurringInvoices, MadeRun } from './generate-recurring-invoices.use-case';
import {
  checkRecurring,
  RecurringCommand,
  RecurringInvoice,
  RecurringInvoiceFields,
  RecurringRun,
  RecurringStatus,
  runInvoiceInput,
  templateOf,
} from './recurring-invoice';
import { RecurringInvoiceRepository, RecurringListFilter } from './recurring-invoice.repository.port';
import { initialState, rescheduled, ScheduleState } from './recurring-schedule';

/** Runs a profile's read lists (newest first). */
export const RUNS_LISTED = 200;

export interface SavedProfile {
  id: number;
  nextRunDate: string | null;
  /** The warnings of the template's invoice on its next run date (rates not in force then, and the like). */
  taxWarnings: TaxWarning[];
}

/**
 * Recurring invoice profiles: the invoice a profile makes (a template, checked as an invoice of its first
 * run date would be), its schedule and its state. Changes apply from the next run; invoices already made
 * stay as they are.
 */
export class RecurringInvoicesService {
  constructor(
    private readonly profiles: RecurringInvoiceRepository,
    private readonly references: AccountReferences,
    private readonly generate: GenerateRecurringInvoices,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
    private readonly stock: InvoiceStock,
  ) {}

  list(caller: Caller, filter: RecurringListFilter, page: PageRequest): Promise<Page<RecurringInvoice>> {
    return this.profiles.list(caller.account.id, filter, page);
  }

  async get(caller: Caller, id: number): Promise<{ profile: RecurringInvoice; runs: RecurringRun[] }> {
    const profile = await this.require(caller.account.id, id);
    return { profile, runs: await this.profiles.runs(caller.account.id, id, RUNS_LISTED) };
  }

  async create(caller: Caller, input: RecurringCommand): Promise<SavedProfile> {
    const checked = checkRecurring(input);
    const fields: RecurringInvoiceFields = { ...checked, template: templateOf(input) };
    const today = this.today(caller);
    // A schedule whose start has passed begins today: the dates before it were never due.
    const start = initialState(fields.schedule);
    const state: ScheduleState = start.nextRunDate !== null && start.nextRunDate < today ? rescheduled(fields.schedule, start, null, today) : start;
    const taxWarnings = await this.checkTemplate(caller, fields, state.nextRunDate ?? fields.schedule.startDate);
    const status: RecurringStatus = state.nextRunDate === null ? 'completed' : checked.status;
    const id = await this.tx.run(async () => {
      const id = await this.profiles.insert(caller.account.id, fields, status, state);
      await this.activity.created(caller.principal, 'recurring_invoice', id, null, { after: this.summary(fields, status, state) });
      return id;
    });
    return { id, nextRunDate: state.nextRunDate, taxWarnings };
  }

  /** Merges `input` over the profile; a changed schedule moves the next run to its first date from today on. */
  async update(caller: Caller, id: number, input: RecurringCommand): Promise<SavedProfile> {
    const accountId = caller.account.id;
    const current = await this.require(accountId, id);
    const checked = checkRecurring(input, current);
    const fields: RecurringInvoiceFields = { ...checked, template: templateOf(input, current.template) };
    let state: ScheduleState = { nextRunDate: current.nextRunDate, runsCount: current.runsCount };
    if (checked.scheduleChanged || (current.status === 'paused' && checked.status === 'active')) {
      state = rescheduled(fields.schedule, state, current.lastRunDate, this.today(caller));
    }
    // A completed profile whose schedule was extended runs again; one whose schedule has ended is completed.
    const status: RecurringStatus = state.nextRunDate === null ? 'completed' : checked.status === 'completed' ? 'active' : checked.status;
    const taxWarnings = await this.checkTemplate(caller, fields, state.nextRunDate ?? current.lastRunDate ?? fields.schedule.startDate);
    await this.tx.run(async () => {
      await this.profiles.update(accountId, id, fields, status, state);
      await this.activity.updated(caller.principal, 'recurring_invoice', id, null, {
        before: this.summary(current, current.status, current),
        after: this.summary(fields, status, state),
      });
    });
    return { id, nextRunDate: state.nextRunDate, taxWarnings };
  }

  async delete(caller: Caller, id: number): Promise<void> {
    await this.tx.run(async () => {
      const current = await this.require(caller.account.id, id);
      if (!(await this.profiles.delete(caller.account.id, id))) throw NotFound.of('Recurring invoice', id);
      await this.activity.deleted(caller.principal, 'recurring_invoice', id, null, { before: this.summary(current, current.status, current) });
    });
  }

  /** An active profile makes nothing until it is resumed. */
  pause(caller: Caller, id: number): Promise<RecurringInvoice> {
    return this.setStatus(caller, id, 'paused');
  }

  /** A paused profile runs again from today: the dates that passed while it was paused are not made. */
  resume(caller: Caller, id: number): Promise<RecurringInvoice> {
    return this.setStatus(caller, id, 'active');
  }

  runNow(caller: Caller, id: number): Promise<MadeRun> {
    return this.generate.runNow(caller, id);
  }

  private async setStatus(caller: Caller, id: number, status: 'active' | 'paused'): Promise<RecurringInvoice> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      if (current.status === 'completed') throw new Conflict('The recurring invoice has ended: change its schedule to run it again.');
      if (current.status === status) return;
      const state = status === 'active' ? rescheduled(current.schedule, current, current.lastRunDate, this.today(caller)) : current;
      await this.profiles.update(accountId, id, current, state.nextRunDate === null ? 'completed' : status, state);
      await this.activity.record(caller.principal, {
        action: status === 'active' ? 'resumed' : 'paused',
        entityType: 'recurring_invoice',
        entityId: id,
        label: null,
        before: { status: current.status },
        after: { status, next_run_date: state.nextRunDate },
      });
    });
    return this.require(accountId, id);
  }

  /** The template checked as the invoice of `runDate` (the client must be the account's; 400 names the field). */
  private async checkTemplate(caller: Caller, fields: RecurringInvoiceFields, runDate: string): Promise<TaxWarning[]> {
    const now = this.clock.now();
    await this.references.client(caller.account.id, fields.clientId);
    const { gst } = await this.references.gstContextWithClient(caller.account, fields.clientId);
    const built = buildInvoice(runInvoiceInput(fields, runDate), {
      account: caller.account,
      today: accountToday(caller.account, now),
      now: formatTimestamp(now),
      gst,
    });
    await this.references.tdsSection(caller.account.id, built.fields.tdsSectionId);
    // Inventory links must name the account's items (400 on items.N.inventory_id), as on an invoice.
    await this.stock.check(caller.account.id, built.lines ?? []);
    return built.fields.taxWarnings;
  }

  private summary(fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): Record<string, unknown> {
    return {
      client_id: fields.clientId,
      frequency: fields.schedule.frequency,
      interval: fields.schedule.interval,
      status,
      next_run_date: state.nextRunDate,
      auto_send: fields.autoSend,
    };
  }

  /** The caller's today: the date in its account's time zone. */
  private today(caller: Caller): string {
    return accountToday(caller.account, this.clock.now());
  }

  private async require(accountId: number, id: number): Promise<RecurringInvoice> {
    return found(await this.profiles.findById(accountId, id), 'Recurring invoice', id);
  }
}
