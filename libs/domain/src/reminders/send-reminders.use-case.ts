import { Account } from '../shared/account';
import { AccountRepository } from '../accounts/account.repository.port';
import { ActivityRecorder } from '../activity/activity-recorder';
import { ClientRepository } from '../clients/client.repository.port';
import { displayDate, upiPaymentLink } from '../document-output/document-view-builder';
import { DocumentSource } from '../document-output/document-source.port';
import { SendoutQueue } from '../sendouts/sendout-queue.port';
import { SendoutRepository } from '../sendouts/sendout.repository.port';
import { amountDue, formatMoney } from '../sendouts/sendout-template';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Clock } from '../shared/clock.port';
import { isValidEmail } from '../shared/email';
import { AccountDays, batchedPass } from '../accounts/daily-pass';
import { toDecimal } from '../shared/money';
import { systemPrincipal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { DatedStep, dueSteps, reminderWindow, ReminderSettings } from './reminder-settings';
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
  /** Tells the instant whose day (in each account's time zone) the steps are due by (default: the clock). */
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

  /**
   * One pass: each account with reminders on, on its today (the date in its time zone); answers how many reminders
   * it queued. An account that fails does not hold the others up (see batchedPass).
   */
  async execute(): Promise<number> {
    const days = new AccountDays(this.deps.accounts, (this.deps.calendar ?? this.clock).now());
    return batchedPass(
      (afterId, limit) => this.settings.enabledAfter(afterId, limit),
      (row) => row.accountId,
      BATCH,
      async ({ accountId, settings }) => {
        const day = await days.of(accountId);
        return day ? this.forAccount(day.account, settings, day.today) : 0;
      },
    );
  }

  private async forAccount(account: Account, settings: ReminderSettings, today: string): Promise<number> {
    // Only the invoices that can have a step to send today (a window of bounded width, see reminderWindow).
    const window = reminderWindow(settings, today);
    if (!window) return 0;
    return batchedPass(
      (afterId, limit) => this.store.unpaid(account.id, window.dueFrom, window.dueTo, afterId, limit),
      (invoice) => invoice.invoiceId,
      BATCH,
      async (invoice) => {
        let sent = 0;
        for (const step of dueSteps(settings, invoice.dueDate, today, new Set(invoice.sent))) {
          if (await this.sendStep(account, settings, invoice.invoiceId, step)) sent++;
        }
        return sent;
      },
    );
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
