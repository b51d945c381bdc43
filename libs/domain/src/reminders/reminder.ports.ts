import { ReminderSettings } from './reminder-settings';

/** An account's reminder schedule (the default, off, when it has none stored). */
export abstract class ReminderSettingsRepository {
  abstract get(accountId: number): Promise<ReminderSettings>;
  abstract save(accountId: number, settings: ReminderSettings): Promise<void>;
  /** Accounts (neither deleted nor suspended) with reminders on, after `afterId`, by id. */
  abstract enabledAfter(afterId: number, limit: number): Promise<Array<{ accountId: number; settings: ReminderSettings }>>;
}

/** An issued invoice still to be paid, as the reminder job reads it. */
export interface UnpaidInvoice {
  invoiceId: number;
  clientId: number;
  dueDate: string;
  /** Offsets of the steps already sent. */
  sent: number[];
}

/** What one sent (or refused) reminder records. */
export interface SentReminder {
  step: number;
  daysOffset: number;
  stepDate: string;
  sendoutId: number | null;
  error: string | null;
  createdAt: string;
  /** The status of its email (`queued`, `sending`, `sent`, `failed`, `cancelled`), null without one. */
  emailStatus: string | null;
}

/**
 * The invoices reminders are about, and the reminders sent. `record` inserts under the unique key on invoice and
 * step offset: false when that step was already sent.
 */
export abstract class ReminderStore {
  /** Issued invoices of the account, unpaid, whose client has not opted out, due between `dueFrom` and `dueTo`. */
  abstract unpaid(accountId: number, dueFrom: string, dueTo: string, afterId: number, limit: number): Promise<UnpaidInvoice[]>;
  /** Inside the caller's transaction: the invoice locked, and whether it still takes reminders (issued, unpaid, client not opted out). */
  abstract lockUnpaid(accountId: number, invoiceId: number): Promise<boolean>;
  abstract record(accountId: number, invoiceId: number, reminder: Omit<SentReminder, 'createdAt' | 'emailStatus'>): Promise<boolean>;
  abstract sent(accountId: number, invoiceId: number): Promise<SentReminder[]>;
}
