import { RecurringInvoice, RecurringRun } from '@app/domain/recurring-invoices/recurring-invoice';
import { bodyOf } from '../common/commands';

export function presentRecurringInvoice(p: RecurringInvoice) {
  return {
    recurring_invoice_id: p.id,
    client_id: p.clientId,
    status: p.status,
    frequency: p.schedule.frequency,
    interval: p.schedule.interval,
    start_date: p.schedule.startDate,
    end_date: p.schedule.endDate,
    occurrences: p.schedule.occurrences,
    day_of_month: p.schedule.dayOfMonth,
    payment_terms_days: p.paymentTermsDays,
    catch_up: p.catchUp,
    auto_send: p.autoSend,
    email_subject: p.emailSubject,
    email_message: p.emailMessage,
    next_run_date: p.nextRunDate,
    runs_count: p.runsCount,
    last_run_date: p.lastRunDate,
    template: bodyOf(p.template),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export function presentRecurringRun(r: RecurringRun) {
  return {
    run_date: r.runDate,
    status: r.status,
    source: r.source,
    invoice_id: r.invoiceId,
    invoice_number: r.invoiceNumber,
    sendout_id: r.sendoutId,
    error: r.error,
    created_at: r.createdAt,
  };
}
