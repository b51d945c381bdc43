import { FieldErrors } from '../documents/sales-document-fields';
import type { InvoiceInput } from '../invoices/invoice-rules';
import { dateProblem } from '../shared/fiscal-year';
import { CATCH_UP_MODES, CatchUp, DayOfMonth, dueDateOf, Frequency, FREQUENCIES, RecurringSchedule, ScheduleState } from './recurring-schedule';

export const RECURRING_STATUSES = ['active', 'paused', 'completed'] as const;
/** `completed` once the schedule has ended (its end date or its count of occurrences). */
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/**
 * The invoice a profile makes on each run, as a caller sends an invoice, less what each run sets: the
 * client (the profile's), the dates (the run date; due after payment_terms_days), the status (issued) and
 * the payment (pending).
 */
export type InvoiceTemplate = Omit<InvoiceInput, 'clientId' | 'invoiceDate' | 'paymentDueDate' | 'status' | 'paymentStatus' | 'paidAmount' | 'paymentDate'>;

/**
 * The invoice fields a template holds: every field of `InvoiceTemplate`, listed once (a field added to the invoice
 * command and not here fails the build, so a profile never drops part of what a caller sent).
 */
const TEMPLATE_FIELD_SET: Record<keyof InvoiceTemplate, true> = {
  currency: true,
  invoiceType: true,
  lutNumber: true,
  declarationText: true,
  transportDetails: true,
  lrNumber: true,
  discountType: true,
  discountValue: true,
  tdsSectionId: true,
  tdsRate: true,
  tdsAmount: true,
  deliveryAddress: true,
  destinationCountry: true,
  shipToGstin: true,
  shipToName: true,
  placeOfSupply: true,
  supplyType: true,
  reverseCharge: true,
  roundOff: true,
  exchangeRate: true,
  ecommerceGstin: true,
  ecommerceSection: true,
  items: true,
};
export const TEMPLATE_FIELDS = Object.keys(TEMPLATE_FIELD_SET) as Array<keyof InvoiceTemplate>;

export interface RecurringInvoiceFields {
  clientId: number;
  template: InvoiceTemplate;
  schedule: RecurringSchedule;
  paymentTermsDays: number;
  catchUp: CatchUp;
  autoSend: boolean;
  /** The email of auto_send; null: the default text (see recurring-email.ts). */
  emailSubject: string | null;
  emailMessage: string | null;
}

export interface RecurringInvoice extends RecurringInvoiceFields, ScheduleState {
  id: number;
  accountId: number;
  status: RecurringStatus;
  lastRunDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One run of a profile: the invoice it made, or why it made none. */
export interface RecurringRun {
  runDate: string;
  status: 'created' | 'failed';
  invoiceId: number | null;
  invoiceNumber: string | null;
  /** The queued email of auto_send, when one was queued. */
  sendoutId: number | null;
  /** Why the run made no invoice, or why auto_send queued no email. */
  error: string | null;
  source: 'schedule' | 'run_now';
  createdAt: string;
}

/** The profile fields as a caller sends them (the edge has checked their types). */
export interface RecurringInput {
  clientId?: number | null;
  frequency?: string | null;
  interval?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  occurrences?: number | null;
  dayOfMonth?: number | string | null;
  paymentTermsDays?: number | null;
  status?: string | null;
  catchUp?: string | null;
  autoSend?: boolean | null;
  emailSubject?: string | null;
  emailMessage?: string | null;
}

/** A profile write: its schedule fields and the template's invoice fields side by side. */
export type RecurringCommand = RecurringInput & InvoiceTemplate;

export const MAX_INTERVAL = 120;
export const MAX_OCCURRENCES = 1000;
export const MAX_PAYMENT_TERMS_DAYS = 3650;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string, errors: FieldErrors, fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  errors.add(field, `must be one of ${allowed.join(', ')}`);
  return fallback;
}

function intIn(value: unknown, min: number, max: number, field: string, errors: FieldErrors): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    errors.add(field, `must be an integer from ${min} to ${max}`);
    return null;
  }
  return value;
}

function dateValue(value: unknown, field: string, errors: FieldErrors): string | null {
  if (value === undefined || value === null) return null;
  const problem = typeof value === 'string' ? dateProblem(value, 'must be a date (Y-m-d)') : 'must be a date (Y-m-d)';
  if (problem) {
    errors.add(field, problem);
    return null;
  }
  return value as string;
}

function dayOfMonthValue(value: unknown, errors: FieldErrors): DayOfMonth | null {
  if (value === undefined || value === null) return null;
  if (value === 'last') return 'last';
  const n = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 28) return n;
  errors.add('dayOfMonth', 'must be an integer from 1 to 28, or last');
  return null;
}

function text(value: unknown, max: number, field: string, errors: FieldErrors): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    errors.add(field, 'must be a string');
    return null;
  }
  const trimmed = value.trim();
  if (trimmed.length > max) errors.add(field, `must be at most ${max} characters`);
  return trimmed === '' ? null : trimmed;
}

/** A sent field, or the stored value on PATCH when it was not sent (null clears a field that may be null). */
function pick<K extends keyof RecurringInput>(input: RecurringInput, key: K, stored: unknown): unknown {
  return key in input && input[key] !== undefined ? input[key] : stored;
}

export interface CheckedRecurring extends Omit<RecurringInvoiceFields, 'template'> {
  /** `active` or `paused` as sent (a completed profile stays completed on PATCH). */
  status: RecurringStatus;
  /** Whether a field of the schedule changed (PATCH): the next run is computed again. */
  scheduleChanged: boolean;
}

/**
 * Checks the profile fields (merged over `current` on PATCH). Field rules: frequency, interval 1-120,
 * start_date, end_date not before start_date, occurrences 1-1000 (not both with end_date), day_of_month
 * 1-28 or `last`, payment_terms_days 0-3650, status `active` or `paused`, catch_up `each` or `one`.
 */
export function checkRecurring(input: RecurringInput, current?: RecurringInvoice): CheckedRecurring {
  const errors = new FieldErrors();
  const s = current?.schedule;
  const clientId = pick(input, 'clientId', current?.clientId);
  if (typeof clientId !== 'number' || !Number.isInteger(clientId) || clientId < 1)
    errors.add('clientId', clientId === undefined || clientId === null ? 'is required' : 'must be a positive integer');
  const frequency = pick(input, 'frequency', s?.frequency);
  if (frequency === undefined || frequency === null) errors.add('frequency', 'is required');
  const checkedFrequency = oneOf<Frequency>(frequency, FREQUENCIES, 'frequency', errors, 'monthly');
  const interval = intIn(pick(input, 'interval', s?.interval), 1, MAX_INTERVAL, 'interval', errors) ?? 1;
  const startSent = pick(input, 'startDate', s?.startDate);
  if (startSent === undefined || startSent === null) errors.add('startDate', 'is required');
  const startDate = dateValue(startSent, 'startDate', errors);
  const endDate = dateValue(pick(input, 'endDate', s?.endDate), 'endDate', errors);
  const occurrences = intIn(pick(input, 'occurrences', s?.occurrences), 1, MAX_OCCURRENCES, 'occurrences', errors);
  if (endDate !== null && occurrences !== null) errors.add('occurrences', 'must not be sent with end_date (a schedule ends by one of them)');
  if (startDate && endDate && endDate < startDate) errors.add('endDate', 'must not be before start_date');
  const dayOfMonth = dayOfMonthValue(pick(input, 'dayOfMonth', s?.dayOfMonth), errors);
  const paymentTermsDays = intIn(pick(input, 'paymentTermsDays', current?.paymentTermsDays), 0, MAX_PAYMENT_TERMS_DAYS, 'paymentTermsDays', errors) ?? 0;
  const statusSent = input.status;
  let status: RecurringStatus = current?.status ?? 'active';
  if (statusSent !== undefined && statusSent !== null) status = oneOf(statusSent, ['active', 'paused'] as const, 'status', errors, 'active');
  const catchUp = oneOf<CatchUp>(pick(input, 'catchUp', current?.catchUp), CATCH_UP_MODES, 'catchUp', errors, 'each');
  const autoSend = pick(input, 'autoSend', current?.autoSend);
  if (autoSend !== undefined && autoSend !== null && typeof autoSend !== 'boolean') errors.add('autoSend', 'must be a boolean');
  const emailSubject = text(pick(input, 'emailSubject', current?.emailSubject), 255, 'emailSubject', errors);
  const emailMessage = text(pick(input, 'emailMessage', current?.emailMessage), 5000, 'emailMessage', errors);
  errors.throwIfAny();

  const schedule: RecurringSchedule = { frequency: checkedFrequency, interval, startDate: startDate!, endDate, occurrences, dayOfMonth };
  const scheduleChanged =
    !s ||
    s.frequency !== schedule.frequency ||
    s.interval !== schedule.interval ||
    s.startDate !== schedule.startDate ||
    s.endDate !== schedule.endDate ||
    s.occurrences !== schedule.occurrences ||
    s.dayOfMonth !== schedule.dayOfMonth;
  return {
    clientId: clientId as number,
    schedule,
    paymentTermsDays,
    status,
    catchUp,
    autoSend: autoSend === true,
    emailSubject,
    emailMessage,
    scheduleChanged,
  };
}

/** The template fields of a request (merged over the stored template on PATCH; `items` replaces the lines when sent). */
export function templateOf(input: InvoiceTemplate, current?: InvoiceTemplate): InvoiceTemplate {
  const template: Record<string, unknown> = { ...(current ?? {}) };
  for (const field of TEMPLATE_FIELDS) {
    if (input[field] !== undefined) template[field] = input[field];
  }
  // A plain JSON value: the request's objects (DTO instances) are stored and read back as data.
  return JSON.parse(JSON.stringify(template)) as InvoiceTemplate;
}

/** The invoice input of one run: the template, the profile's client, dated the run date, due after the payment terms. */
export function runInvoiceInput(profile: Pick<RecurringInvoice, 'template' | 'clientId' | 'paymentTermsDays'>, runDate: string): InvoiceInput {
  return {
    ...profile.template,
    clientId: profile.clientId,
    invoiceDate: runDate,
    paymentDueDate: dueDateOf(runDate, profile.paymentTermsDays),
    status: 'issued',
    paymentStatus: 'pending',
  };
}
