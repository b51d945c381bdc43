import { Clock } from '@app/domain/shared/clock.port';
import { DEFAULT_REMINDER_SETTINGS, ReminderSettings, ReminderStep } from '@app/domain/reminders/reminder-settings';
import { ReminderSettingsRepository, ReminderStore, SentReminder, UnpaidInvoice } from '@app/domain/reminders/reminder.ports';
import { Database } from '../database/database';
import { sqlNow } from '../shared/sql-time';
import { maybeNumber } from '../shared/sql-values';

interface SettingsRow {
  account_id: number;
  enabled: number;
  steps: string;
  enabled_on: string | null;
}

interface StoredStep {
  days_offset: number;
  subject: string;
  message: string;
  enabled: boolean;
}

const toSettings = (row: SettingsRow): ReminderSettings => ({
  enabled: Number(row.enabled) === 1,
  enabledOn: row.enabled_on,
  steps: (JSON.parse(row.steps) as StoredStep[]).map((s): ReminderStep => ({
    daysOffset: s.days_offset,
    subject: s.subject,
    message: s.message,
    enabled: s.enabled,
  })),
});

const isDuplicate = (error: unknown) => {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e.driverError?.code ?? e.code) === 'ER_DUP_ENTRY';
};

/** `reminder_settings`: one row per account that saved its schedule. */
export class SqlReminderSettingsRepository extends ReminderSettingsRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  async get(accountId: number): Promise<ReminderSettings> {
    const [row] = await this.db.query<SettingsRow>('SELECT account_id, enabled, steps, enabled_on FROM reminder_settings WHERE account_id = ?', [accountId]);
    return row ? toSettings(row) : DEFAULT_REMINDER_SETTINGS;
  }

  async save(accountId: number, settings: ReminderSettings): Promise<void> {
    const steps = JSON.stringify(settings.steps.map((s) => ({ days_offset: s.daysOffset, subject: s.subject, message: s.message, enabled: s.enabled })));
    await this.db.manager().query(
      `INSERT INTO reminder_settings (account_id, enabled, steps, enabled_on, updated_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE enabled = VALUES(enabled), steps = VALUES(steps), enabled_on = VALUES(enabled_on), updated_at = VALUES(updated_at)`,
      [accountId, settings.enabled ? 1 : 0, steps, settings.enabledOn, sqlNow(this.clock.now())],
    );
  }

  async enabledAfter(afterId: number, limit: number): Promise<Array<{ accountId: number; settings: ReminderSettings }>> {
    const rows = await this.db.query<SettingsRow>(
      `SELECT r.account_id, r.enabled, r.steps, r.enabled_on FROM reminder_settings r
         JOIN accounts a ON a.id = r.account_id AND a.deleted_at IS NULL AND a.suspended_at IS NULL
        WHERE r.enabled = 1 AND r.account_id > ? ORDER BY r.account_id LIMIT ?`,
      [afterId, limit],
    );
    return rows.map((r) => ({ accountId: Number(r.account_id), settings: toSettings(r) }));
  }
}

const UNPAID = "i.status = 'issued' AND i.payment_status IN ('pending', 'partial', 'overdue')";

/** The invoices reminders are about (`invoices`, `clients`) and `invoice_reminders`. */
export class SqlReminderStore extends ReminderStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  async unpaid(accountId: number, dueFrom: string, dueTo: string, afterId: number, limit: number): Promise<UnpaidInvoice[]> {
    const rows = await this.db.query<{ id: number; client_id: number; payment_due_date: string; sent: string | null }>(
      `SELECT i.id, i.client_id, i.payment_due_date,
              (SELECT GROUP_CONCAT(r.days_offset) FROM invoice_reminders r WHERE r.invoice_id = i.id) AS sent
         FROM invoices i JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id AND c.reminders_opt_out = 0
        WHERE i.account_id = ? AND ${UNPAID} AND i.payment_due_date BETWEEN ? AND ? AND i.id > ?
        ORDER BY i.id LIMIT ?`,
      [accountId, dueFrom, dueTo, afterId, limit],
    );
    return rows.map((r) => ({
      invoiceId: Number(r.id),
      clientId: Number(r.client_id),
      dueDate: r.payment_due_date,
      sent: r.sent ? r.sent.split(',').map(Number) : [],
    }));
  }

  async lockUnpaid(accountId: number, invoiceId: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT i.id FROM invoices i JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id AND c.reminders_opt_out = 0
        WHERE i.account_id = ? AND i.id = ? AND ${UNPAID} FOR UPDATE`,
      [accountId, invoiceId],
    );
    return rows.length > 0;
  }

  async record(accountId: number, invoiceId: number, r: Omit<SentReminder, 'createdAt' | 'emailStatus'>): Promise<boolean> {
    try {
      await this.db
        .manager()
        .query(
          `INSERT INTO invoice_reminders (account_id, invoice_id, step, days_offset, step_date, sendout_id, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          [accountId, invoiceId, r.step, r.daysOffset, r.stepDate, r.sendoutId, r.error?.slice(0, 500) ?? null, sqlNow(this.clock.now())],
        );
      return true;
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
  }

  async sent(accountId: number, invoiceId: number): Promise<SentReminder[]> {
    const rows = await this.db.query<{
      step: number;
      days_offset: number;
      step_date: string;
      sendout_id: number | null;
      error: string | null;
      created_at: string;
      email_status: string | null;
    }>(
      `SELECT r.step, r.days_offset, r.step_date, r.sendout_id, r.error, r.created_at, s.status AS email_status
         FROM invoice_reminders r LEFT JOIN sendouts s ON s.account_id = r.account_id AND s.id = r.sendout_id
        WHERE r.account_id = ? AND r.invoice_id = ? ORDER BY r.step_date, r.days_offset`,
      [accountId, invoiceId],
    );
    return rows.map((r) => ({
      step: Number(r.step),
      daysOffset: Number(r.days_offset),
      stepDate: r.step_date,
      sendoutId: maybeNumber(r.sendout_id),
      error: r.error,
      createdAt: r.created_at,
      emailStatus: r.email_status,
    }));
  }
}
