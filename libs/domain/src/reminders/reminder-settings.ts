import { FieldErrors } from '../documents/sales-document-fields';
import { addDays } from '../recurring-invoices/recurring-schedule';

/** One step of the schedule: `daysOffset` days after the due date (negative: before it). */
export interface ReminderStep {
  daysOffset: number;
  subject: string;
  message: string;
  enabled: boolean;
}

export interface ReminderSettings {
  enabled: boolean;
  steps: ReminderStep[];
  /** The day reminders were last turned on: steps dated before it are never sent (no backlog on switching on). */
  enabledOn: string | null;
}

export const MAX_STEPS = 5;
/**
 * After downtime, a step missed for at most this many days is still sent; an older one is not (a reminder weeks late
 * is stale, and the next step follows). It bounds the invoices each pass reads: see reminderWindow.
 */
export const REMINDER_CATCH_UP_DAYS = 7;
export const MIN_OFFSET = -60;
export const MAX_OFFSET = 365;

/** What reminder texts may name. */
export const REMINDER_PLACEHOLDERS = ['invoice_number', 'invoice_date', 'due_date', 'balance', 'client_name', 'business_name', 'upi_link', 'days'] as const;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: false,
  enabledOn: null,
  steps: [
    {
      daysOffset: -3,
      subject: 'Invoice {{invoice_number}} is due on {{due_date}}',
      message: 'Dear {{client_name}},\n\nA friendly reminder that invoice {{invoice_number}} for {{balance}} is due on {{due_date}}.',
      enabled: true,
    },
    {
      daysOffset: 1,
      subject: 'Invoice {{invoice_number}} is overdue',
      message: 'Dear {{client_name}},\n\nInvoice {{invoice_number}} was due on {{due_date}}; {{balance}} is still unpaid.',
      enabled: true,
    },
    {
      daysOffset: 7,
      subject: 'Second reminder: invoice {{invoice_number}}',
      message: 'Dear {{client_name}},\n\nInvoice {{invoice_number}} is {{days}} days overdue; {{balance}} is still unpaid.',
      enabled: true,
    },
  ],
};

/** The settings command (types checked at the edge). */
export interface ReminderSettingsInput {
  enabled?: boolean | null;
  steps?: Array<{ daysOffset?: unknown; subject?: unknown; message?: unknown; enabled?: unknown }> | null;
}

/** Merges `input` over `current`: `steps`, when sent, replaces every step. Turning reminders on sets `enabledOn` to `today`. */
export function checkReminderSettings(input: ReminderSettingsInput, current: ReminderSettings, today: string): ReminderSettings {
  const errors = new FieldErrors();
  let steps = current.steps;
  if (input.steps !== undefined && input.steps !== null) {
    if (!Array.isArray(input.steps)) errors.add('steps', 'must be an array');
    else if (input.steps.length > MAX_STEPS) errors.add('steps', `must hold at most ${MAX_STEPS} steps`);
    else {
      steps = input.steps.map((s, i) => {
        const step = (s ?? {}) as Record<string, unknown>;
        const offset = step.daysOffset;
        if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < MIN_OFFSET || offset > MAX_OFFSET) {
          errors.add(`steps.${i}.daysOffset`, `must be an integer from ${MIN_OFFSET} to ${MAX_OFFSET} (negative: days before the due date)`);
        }
        const text = (field: 'subject' | 'message', max: number) => {
          const v = step[field];
          if (typeof v !== 'string' || !v.trim()) errors.add(`steps.${i}.${field}`, 'is required');
          else if (v.length > max) errors.add(`steps.${i}.${field}`, `must be at most ${max} characters`);
          return typeof v === 'string' ? v.trim() : '';
        };
        const enabled = step.enabled === undefined || step.enabled === null ? true : step.enabled;
        if (typeof enabled !== 'boolean') errors.add(`steps.${i}.enabled`, 'must be true or false');
        return { daysOffset: offset as number, subject: text('subject', 255), message: text('message', 5000), enabled: enabled === true };
      });
      const offsets = steps.map((s) => s.daysOffset);
      offsets.forEach((o, i) => {
        if (offsets.indexOf(o) !== i) errors.add(`steps.${i}.daysOffset`, 'must differ from the other steps');
      });
    }
  }
  const enabled = input.enabled === undefined || input.enabled === null ? current.enabled : input.enabled;
  errors.throwIfAny();
  const enabledOn = enabled && !current.enabled ? today : enabled ? current.enabledOn : null;
  return { enabled, steps: [...steps].sort((a, b) => a.daysOffset - b.daysOffset), enabledOn };
}

/** The day of a step for an invoice due on `dueDate`. */
export function stepDate(dueDate: string, daysOffset: number): string {
  return addDays(dueDate, daysOffset);
}

/** A step of an invoice: its number (1 = the first in the schedule) and day. */
export interface DatedStep {
  step: number;
  daysOffset: number;
  date: string;
}

/** The enabled steps of an invoice due on `dueDate`, with their days, in order. */
export function datedSteps(settings: ReminderSettings, dueDate: string): DatedStep[] {
  return settings.steps.flatMap((s, i) => (s.enabled ? [{ step: i + 1, daysOffset: s.daysOffset, date: stepDate(dueDate, s.daysOffset) }] : []));
}

/**
 * A step is known by its offset (`sent` holds the offsets already sent to the invoice): editing the schedule does
 * not send a step again.
 * The steps to send on `today` for an unpaid invoice: enabled steps whose day has come, not dated before reminders
 * were turned on, not sent yet. After downtime, each step missed for at most REMINDER_CATCH_UP_DAYS is sent (once).
 */
export function dueSteps(settings: ReminderSettings, dueDate: string, today: string, sent: ReadonlySet<number>): DatedStep[] {
  const from = firstStepDate(settings, today);
  if (from === null) return [];
  return datedSteps(settings, dueDate).filter((s) => s.date <= today && s.date >= from && !sent.has(s.daysOffset));
}

/** The earliest step day a pass on `today` still sends: not before reminders were turned on, nor more than REMINDER_CATCH_UP_DAYS ago. */
function firstStepDate(settings: ReminderSettings, today: string): string | null {
  if (!settings.enabled || settings.enabledOn === null) return null;
  const oldest = addDays(today, -REMINDER_CATCH_UP_DAYS);
  return settings.enabledOn > oldest ? settings.enabledOn : oldest;
}

/**
 * The due dates of the invoices that may have a step to send on `today` (null: none can): a step is the due date
 * plus its offset, dated from firstStepDate to today, so the window spans at most REMINDER_CATCH_UP_DAYS plus the
 * spread of the enabled offsets, however long reminders have been on.
 */
export function reminderWindow(settings: ReminderSettings, today: string): { dueFrom: string; dueTo: string } | null {
  const from = firstStepDate(settings, today);
  const offsets = settings.steps.filter((s) => s.enabled).map((s) => s.daysOffset);
  if (from === null || !offsets.length || from > today) return null;
  return { dueFrom: addDays(from, -Math.max(...offsets)), dueTo: addDays(today, -Math.min(...offsets)) };
}

/** The next step still to come for an invoice (today or later, not sent yet), or null. */
export function nextStep(settings: ReminderSettings, dueDate: string, today: string, sent: ReadonlySet<number>): DatedStep | null {
  if (!settings.enabled) return null;
  return datedSteps(settings, dueDate).find((s) => s.date >= today && !sent.has(s.daysOffset)) ?? null;
}
