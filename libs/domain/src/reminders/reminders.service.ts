import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../shared/caller';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentSource } from '../document-output/document-source.port';
import { amountDue } from '../sendouts/sendout-template';
import { Clock } from '../shared/clock.port';
import { NotFound } from '../shared/domain-error';
import { accountToday } from '../shared/time-zone';
import { toDecimal } from '../shared/money';
import { TransactionRunner } from '../shared/transaction.port';
import { checkReminderSettings, DatedStep, nextStep, ReminderSettings, ReminderSettingsInput } from './reminder-settings';
import { ReminderSettingsRepository, ReminderStore, SentReminder } from './reminder.ports';

export interface InvoiceReminders {
  sent: SentReminder[];
  /** The next step still to come, or null (reminders off, the invoice paid or cancelled, the client opted out, no step left). */
  next: DatedStep | null;
}

/** `GET/PATCH /v1/settings/reminders` and `GET /v1/invoices/{id}/reminders`. */
export class RemindersService {
  constructor(
    private readonly settings: ReminderSettingsRepository,
    private readonly store: ReminderStore,
    private readonly documents: DocumentSource,
    private readonly clients: ClientRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  get(caller: Caller): Promise<ReminderSettings> {
    return this.settings.get(caller.account.id);
  }

  async update(caller: Caller, input: ReminderSettingsInput): Promise<ReminderSettings> {
    const accountId = caller.account.id;
    return this.tx.run(async () => {
      const current = await this.settings.get(accountId);
      const next = checkReminderSettings(input, current, accountToday(caller.account, this.clock.now()));
      await this.settings.save(accountId, next);
      await this.activity.updated(caller.principal, 'business_settings', accountId, 'reminders', {
        before: { reminders_enabled: current.enabled, reminder_steps: current.steps.length },
        after: { reminders_enabled: next.enabled, reminder_steps: next.steps.length },
      });
      return next;
    });
  }

  async forInvoice(caller: Caller, invoiceId: number): Promise<InvoiceReminders> {
    const accountId = caller.account.id;
    const doc = await this.documents.load(accountId, 'invoice', invoiceId);
    if (!doc) throw NotFound.of('Invoice', invoiceId);
    const [sent, settings, client] = await Promise.all([
      this.store.sent(accountId, invoiceId),
      this.settings.get(accountId),
      this.clients.findById(accountId, doc.clientId),
    ]);
    const unpaid = doc.status === 'issued' && doc.paymentStatus !== 'paid' && toDecimal(amountDue(doc)).gt(0);
    const next =
      unpaid && doc.dueDate && client && client.remindersOptOut !== true
        ? nextStep(settings, doc.dueDate, accountToday(caller.account, this.clock.now()), new Set(sent.map((s) => s.daysOffset)))
        : null;
    return { sent, next };
  }
}
