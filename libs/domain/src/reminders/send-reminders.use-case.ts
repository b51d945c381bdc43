import { AccountRepository } from '../accounts/account.repository.port';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Account } from '../accounts/account';
import { ClientRepository } from '../clients/client.repository.port';
import { displayDate, upiPaymentLink } from '../document-output/document-view-builder';
import { DocumentSource } from '../document-output/document-source.port';
import { SendoutQueue } from '../sendouts/sendout-queue.port';
import { SendoutRepository } from '../sendouts/sendout.repository.port';
import { amountDue, formatMoney } from '../sendouts/sendout-template';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Clock } from '../shared/clock.port';
import { isValidEmail } from '../shared/email';
import { kolkataDate } from '../shared/fiscal-year';
import { toDecimal } from '../shared/money';
import { systemPrincipal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { addDays } from '../recurring/recurring-schedule';
import { DatedStep, dueSteps, ReminderSettings } from './reminder-settings';
import { ReminderSettingsRepository, ReminderStore } from './reminder.ports';

const BATCH = 500;

/** The step's row exists: another process sent it; this transaction rolls back. */
class AlreadySent extends Error {}

/** What the reminder job reads and writes besides its own tables. */
export interface ReminderDeps {
  accounts: AccountRepository;
  documents: DocumentSource;
  clients: ClientRepository;
  business: BusinessSettingsRepository;
  sendouts: SendoutRepository;
  queue: SendoutQueue;
  activity: ActivityRecorder;
  /** Tells the day (default: the clock). */
  calendar?: Clock;
}

/** `{{name}}` placeholders filled from `values`; unknown names stay as written (see recurring-email.ts). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The daily payment reminders: for each account with reminders on, each issued invoice still unpaid whose
 * client has not opted out gets each enabled step on its day (N days before or after the due date), once:
 * the reminder row (unique on invoice and step) and its email in the sendout outbox are written in one
 * transaction, with the invoice locked and checked unpaid in it. The email is the sendout of the invoice, so
 * its PDF (with the UPI QR of the amount due) is attached; the text carries the UPI link of the balance.
 */
export class SendReminders {
  constructor(
    private readonly settings: ReminderSettingsRepository,
    private readonly store: ReminderStore,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly deps: ReminderDeps,
  ) {}

  /** One pass for today (Asia/Kolkata); answers how many reminders it queued. An account that fails does not hold the others up. */
  async execute(): Promise<number> {
    const today = kolkataDate((this.deps.calendar ?? this.clock).now());
    let sent = 0;
    let failure: Error | null = null;
    for (let afterId = 0; ;) {
      const accounts = await this.settings.enabledAfter(afterId, BATCH);
      for (const { accountId, settings } of accounts) {
        try {
          sent += await this.forAccount(accountId, settings, today);
        } catch (error) {
          failure ??= error instanceof Error ? error : new Error(String(error));
        }
      }
      if (accounts.length < BATCH) break;
      afterId = accounts[accounts.length - 1].accountId;
    }
    if (failure) throw failure;
    return sent;
  }

  private async forAccount(accountId: number, settings: ReminderSettings, today: string): Promise<number> {
    const enabled = settings.steps.filter((s) => s.enabled);
    if (!enabled.length || settings.enabledOn === null) return 0;
    const account = await this.deps.accounts.findById(accountId);
    if (!account || account.deleted || account.suspended) return 0;
    const offsets = enabled.map((s) => s.daysOffset);
    // Invoices with a step dated from the day reminders were turned on up to today.
    const dueFrom = addDays(settings.enabledOn, -Math.max(...offsets));
    const dueTo = addDays(today, -Math.min(...offsets));
    let sent = 0;
    for (let afterId = 0; ;) {
      const invoices = await this.store.unpaid(accountId, dueFrom, dueTo, afterId, BATCH);
      for (const invoice of invoices) {
        for (const step of dueSteps(settings, invoice.dueDate, today, new Set(invoice.sent))) {
          if (await this.sendStep(account, settings, invoice.invoiceId, step)) sent++;
        }
      }
      if (invoices.length < BATCH) return sent;
      afterId = invoices[invoices.length - 1].invoiceId;
    }
  }

  /** One step of one invoice, in one transaction; true when an email was queued. */
  private async sendStep(account: Account, settings: ReminderSettings, invoiceId: number, step: DatedStep): Promise<boolean> {
    const accountId = account.id;
    let queued: number | null = null;
    try {
      queued = await this.tx.run(async () => {
        if (!(await this.store.lockUnpaid(accountId, invoiceId))) return null;
        const doc = await this.deps.documents.load(accountId, 'invoice', invoiceId);
        if (!doc) return null;
        const balance = amountDue(doc);
        if (!toDecimal(balance).gt(0)) return null;
        const client = await this.deps.clients.findById(accountId, doc.clientId);
        const business = await this.deps.business.get(accountId);
        const template = settings.steps[step.step - 1];
        const upiLink =
          business.upiId && doc.currency === 'INR' ? upiPaymentLink(business.upiId, account.businessName?.trim() || 'Payee', balance, doc.number) : '';
        const values = {
          invoice_number: doc.number,
          invoice_date: displayDate(doc.date) ?? '',
          due_date: displayDate(doc.dueDate) ?? '',
          balance: formatMoney(balance, doc.currency),
          client_name: client?.name?.trim() || 'Customer',
          business_name: account.businessName?.trim() || 'us',
          upi_link: upiLink,
          days: String(Math.abs(step.daysOffset)),
        };
        const subject = fill(template.subject, values).slice(0, 255);
        let message = fill(template.message, values);
        if (upiLink && !template.message.includes('upi_link')) message += `\n\nPay ${values.balance} by UPI: ${upiLink}`;
        const toEmail = client?.email && isValidEmail(client.email) ? client.email : null;
        const error = !toEmail ? 'the client has no email address' : !business.signaturePng ? 'the business has no stored signature' : null;
        let sendoutId: number | null = null;
        if (!error) {
          sendoutId = await this.deps.sendouts.insert(
            accountId,
            {
              clientId: doc.clientId,
              documentType: 'invoice',
              documentId: invoiceId,
              toEmail: toEmail!,
              ccEmails: [],
              bccEmails: [],
              subject,
              message,
              signatureOverride: null,
            },
            this.clock.now(),
          );
        }
        const recorded = await this.store.record(accountId, invoiceId, { step: step.step, daysOffset: step.daysOffset, stepDate: step.date, sendoutId, error });
        if (!recorded) throw new AlreadySent();
        await this.deps.activity.record(systemPrincipal(accountId), {
          action: 'reminder_sent',
          entityType: 'invoice',
          entityId: invoiceId,
          label: doc.number,
          after: {
            client_id: doc.clientId,
            step: step.step,
            days_offset: step.daysOffset,
            step_date: step.date,
            sendout_id: sendoutId,
            balance: Number(balance),
            currency: doc.currency,
            ...(error ? { error } : {}),
          },
        });
        return sendoutId;
      });
    } catch (error) {
      if (error instanceof AlreadySent) return false;
      throw error;
    }
    if (queued === null) return false;
    await this.deps.queue.enqueue({ sendoutId: queued, accountId }).catch(() => undefined);
    return true;
  }
}
