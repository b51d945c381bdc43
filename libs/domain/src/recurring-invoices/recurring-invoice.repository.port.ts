import { Page, PageRequest } from '../shared/pagination';
import { RecurringInvoice, RecurringInvoiceFields, RecurringRun, RecurringStatus } from './recurring-invoice';
import { ScheduleState } from './recurring-schedule';

export interface RecurringListFilter {
  status?: RecurringStatus;
  clientId?: number;
}

/** A profile whose next run has come, for the generation job (any account). */
export interface DueProfile {
  accountId: number;
  id: number;
  nextRunDate: string;
}

/** A run as the generation job records it. */
export type NewRecurringRun = Omit<RecurringRun, 'invoiceNumber' | 'createdAt'>;

/**
 * Recurring invoice profiles and their runs. Every method but `dueAfter` takes the account id. The runs
 * hold one row per profile and run date (a unique key): `recordRun` answers false when the run exists.
 */
export abstract class RecurringInvoiceRepository {
  abstract insert(accountId: number, fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): Promise<number>;
  abstract findById(accountId: number, id: number): Promise<RecurringInvoice | null>;
  /** Newest first. */
  abstract list(accountId: number, filter: RecurringListFilter, page: PageRequest): Promise<Page<RecurringInvoice>>;
  abstract update(accountId: number, id: number, fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): Promise<void>;
  /** False when there is no such profile. Its runs go with it; the invoices it made stay. */
  abstract delete(accountId: number, id: number): Promise<boolean>;
  /** The profile's runs, newest run date first. */
  abstract runs(accountId: number, id: number, limit: number): Promise<RecurringRun[]>;

  /**
   * Active profiles (of accounts neither deleted nor suspended) whose next run date is on or before `dueBy`, by id
   * after `afterId`. The job passes the latest date of any time zone and checks each against its account's today.
   */
  abstract dueAfter(dueBy: string, afterId: number, limit: number): Promise<DueProfile[]>;
  /**
   * Inside the caller's transaction: the profile locked for its run (FOR UPDATE SKIP LOCKED), or null when
   * another process holds it or it is gone. The run's caller then reads its state under the lock.
   */
  abstract lockForRun(accountId: number, id: number): Promise<RecurringInvoice | null>;
  /** Inserts the run; false when the profile already has a run of that date (the unique key). */
  abstract recordRun(accountId: number, profileId: number, run: NewRecurringRun): Promise<boolean>;
  /** The state after a run (status `completed` once the schedule has ended). */
  abstract advance(accountId: number, id: number, state: ScheduleState, lastRunDate: string, status: RecurringStatus): Promise<void>;
}
