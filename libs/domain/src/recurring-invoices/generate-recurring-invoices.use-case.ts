import { Account } from '../shared/account';
import { AccountRepository } from '../accounts/account.repository.port';
import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../shared/caller';
import { Client } from '../clients/client';
import { buildInvoice } from '../invoices/invoice-rules';
import { IssuedInvoice, IssueInvoice } from '../invoices/issue-invoice.use-case';
import { SendoutQueue } from '../sendouts/sendout-queue.port';
import { SendoutRepository } from '../sendouts/sendout.repository.port';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { AccountReferences } from '../documents/account-references';
import { Clock } from '../shared/clock.port';
import { Conflict, DomainError, NotFound } from '../shared/domain-error';
import { isValidEmail } from '../shared/email';
import { AccountDays, batchedPass } from '../accounts/daily-pass';
import { formatTimestamp } from '../shared/fiscal-year';
import { systemPrincipal } from '../shared/principal';
import { accountToday, latestDate } from '../shared/time-zone';
import { TransactionRunner } from '../shared/transaction.port';
import { DEFAULT_RECURRING_MESSAGE, DEFAULT_RECURRING_SUBJECT, emailValues, fillEmail } from './recurring-email';
import { RecurringInvoice, RecurringRun, runInvoiceInput } from './recurring-invoice';
import { RecurringInvoiceRepository } from './recurring-invoice.repository.port';
import { addDays, dueDateOf, DueRun, dueRun, nextOccurrenceFrom, ScheduleState } from './recurring-schedule';

/** Profiles read per batch of a pass. */
const BATCH = 200;

/** A run refused by the rules of the invoice (its client is gone, a rate is no GST rate...): recorded as failed. */
class RefusedRun extends Error {
  constructor(readonly refusal: DomainError) {
    super(refusal.message);
  }
}

/** What auto_send writes to (the sendout outbox), and the calendar of the runs. */
export interface RecurringOutbox {
  sendouts: SendoutRepository;
  queue: SendoutQueue;
  settings: BusinessSettingsRepository;
  activity: ActivityRecorder;
  /** Tells the day whose runs are due (default: the clock, which stamps the records either way). */
  calendar?: Clock;
}

interface Issued {
  invoice: IssuedInvoice;
  client: Client | null;
  totalAmount: string;
  currency: string;
}

export interface MadeRun {
  invoice: IssuedInvoice;
  runDate: string;
  sendoutId: number | null;
}

/**
 * Makes the invoices of recurring profiles. Each run is one transaction: the profile row locked (another
 * process skips it), the run row inserted (unique per profile and run date: a run that exists is never
 * made twice, whatever the locks did), the invoice issued with the next number of the FY of its date, the
 * auto_send email queued in the outbox, the profile moved to its next date. A crash before the commit
 * leaves nothing; after it, the run is done. The invoice follows the rules of its date and the client as
 * it is at the run; its `created` event records `source: recurring`.
 */
export class GenerateRecurringInvoices {
  constructor(
    private readonly profiles: RecurringInvoiceRepository,
    private readonly accounts: AccountRepository,
    private readonly references: AccountReferences,
    private readonly issue: IssueInvoice,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly outbox: RecurringOutbox,
  ) {}

  /** The instant whose day (in each account's time zone) the runs are due by: the outbox's calendar, else the clock. */
  private get calendar(): Clock {
    return this.outbox.calendar ?? this.clock;
  }

  /**
   * One pass over every due profile; answers how many invoices it made. A profile is due when its next run date
   * has come in its account's time zone. A profile whose run fails for a reason other than the invoice rules (the
   * database, say) does not hold the others up (see batchedPass).
   */
  async execute(): Promise<number> {
    const now = this.calendar.now();
    const days = new AccountDays(this.accounts, now);
    // No account's today is later than the latest date on Earth: the profiles due by it, each checked against its account's day.
    const dueBy = latestDate(now);
    return batchedPass(
      (afterId, limit) => this.profiles.dueAfter(dueBy, afterId, limit),
      (profile) => profile.id,
      BATCH,
      async (profile) => {
        const day = await days.of(profile.accountId);
        return day && profile.nextRunDate <= day.today ? this.catchUp(day.account, profile.id, day.today) : 0;
      },
    );
  }

  /**
   * Every run of one profile due by `today` (catch-up: each on its own date, or one dated today). The state a run
   * leaves tells whether another is due: the loop stops there without a transaction to find nothing (a change made
   * meanwhile by a PATCH or another process is the next pass's, as any change after a pass is).
   */
  private async catchUp(account: Account, id: number, today: string): Promise<number> {
    let made = 0;
    for (;;) {
      const { outcome, more } = await this.runOnce(account, id, today);
      if (outcome === 'created') made++;
      if (outcome === 'none' || !more) return made;
    }
  }

  /**
   * One due run of the profile: 'created', 'failed' (recorded), or 'none' (not due, or another process holds it);
   * `more` when the profile has another run due by `today` after it.
   */
  private async runOnce(account: Account, id: number, today: string): Promise<{ outcome: 'created' | 'failed' | 'none'; more: boolean }> {
    const caller: Caller = { principal: systemPrincipal(account.id), account };
    const none = { outcome: 'none', more: false } as const;
    const moreAfter = (run: DueRun) => run.after.nextRunDate !== null && run.after.nextRunDate <= today;
    try {
      const made = await this.tx.run(async () => {
        const profile = await this.profiles.lockForRun(account.id, id);
        if (!profile || profile.status !== 'active') return null;
        const run = dueRun(profile.schedule, profile, profile.catchUp, today);
        if (!run) return null;
        const made = await this.make(caller, profile, run.runDate, 'schedule');
        if (!made) return null;
        await this.profiles.advance(account.id, id, run.after, run.runDate, run.after.nextRunDate === null ? 'completed' : 'active');
        return { ...made, more: moreAfter(run) };
      });
      if (!made) return none;
      await this.offer(account.id, made.sendoutId);
      return { outcome: 'created', more: made.more };
    } catch (error) {
      // Another process committed this run first (the unique key): nothing of this attempt stays.
      if (error instanceof DuplicateRun) return none;
      if (!(error instanceof RefusedRun)) throw error;
      // The invoice's rules refused it: the run is recorded as failed, so the schedule goes on.
      return this.tx.run(async () => {
        const profile = await this.profiles.lockForRun(account.id, id);
        const run = profile && profile.status === 'active' ? dueRun(profile.schedule, profile, profile.catchUp, today) : null;
        if (!run) return none;
        const recorded = await this.profiles.recordRun(account.id, id, {
          runDate: run.runDate,
          status: 'failed',
          invoiceId: null,
          sendoutId: null,
          error: error.refusal.message + detailsOf(error.refusal),
          source: 'schedule',
        });
        if (!recorded) return none;
        await this.profiles.advance(account.id, id, run.after, run.runDate, run.after.nextRunDate === null ? 'completed' : 'active');
        return { outcome: 'failed', more: moreAfter(run) };
      });
    }
  }

  /**
   * `POST .../run-now`: the profile's invoice dated today, made now by the caller (409 when the profile has a
   * run of today, has ended, or a worker is making its run). A due run is taken by it; the schedule goes on after today.
   */
  async runNow(caller: Caller, id: number): Promise<MadeRun> {
    const accountId = caller.account.id;
    const today = accountToday(caller.account, this.calendar.now());
    const made = await this.tx.run(async () => {
      const profile = await this.profiles.lockForRun(accountId, id);
      if (!profile) {
        throw NotFound.of('Recurring invoice', id);
      }
      if (profile.status === 'completed') throw new Conflict('The recurring invoice has ended: it makes no more invoices.');
      const made = await this.make(caller, profile, today, 'run_now', true);
      if (!made) throw new Conflict(`The recurring invoice already has a run dated ${today}.`);
      const runsCount = profile.runsCount + 1;
      const from = profile.nextRunDate !== null && profile.nextRunDate > today ? profile.nextRunDate : addDays(today, 1);
      const after: ScheduleState = { nextRunDate: nextOccurrenceFrom(profile.schedule, from, runsCount), runsCount };
      const status = after.nextRunDate === null ? 'completed' : profile.status;
      await this.profiles.advance(accountId, id, after, today, status);
      return made;
    });
    await this.offer(accountId, made.sendoutId);
    return made;
  }

  /**
   * Inside the run's transaction: the run row, then the invoice and its email; null when the run exists.
   * A rule that refuses the invoice becomes a RefusedRun (the transaction rolls back), or, for run-now
   * (`direct`), the caller's error.
   */
  private async make(caller: Caller, profile: RecurringInvoice, runDate: string, source: RecurringRun['source'], direct = false): Promise<MadeRun | null> {
    const accountId = caller.account.id;
    let issued: Issued;
    try {
      issued = await this.issueFor(caller, profile, runDate);
    } catch (error) {
      if (error instanceof DomainError && !direct) throw new RefusedRun(error);
      throw error;
    }
    const { invoice } = issued;
    const { sendoutId, error } = profile.autoSend ? await this.queueEmail(caller, profile, issued, runDate) : { sendoutId: null, error: null };
    const recorded = await this.profiles.recordRun(accountId, profile.id, { runDate, status: 'created', invoiceId: invoice.id, sendoutId, error, source });
    if (!recorded) {
      // Another run of this date committed first: this transaction must not keep its invoice.
      if (direct) return null;
      throw new DuplicateRun();
    }
    return { invoice, runDate, sendoutId };
  }

  private async issueFor(caller: Caller, profile: RecurringInvoice, runDate: string): Promise<Issued> {
    const now = this.clock.now();
    // The client and the business as they are now: the tax context of the invoice's date.
    const { gst, client } = await this.references.gstContextWithClient(caller.account, profile.clientId);
    const built = buildInvoice(runInvoiceInput(profile, runDate), {
      account: caller.account,
      today: accountToday(caller.account, now),
      now: formatTimestamp(now),
      gst,
    });
    await this.references.tdsSection(caller.account.id, built.fields.tdsSectionId);
    const invoice = await this.issue.execute(caller, built.fields, built.lines ?? [], client, {
      source: 'recurring',
      recurring_invoice_id: profile.id,
      run_date: runDate,
    });
    return { invoice, client, totalAmount: built.fields.totalAmount, currency: built.fields.currency };
  }

  /** The auto_send email in the sendout outbox (same transaction); the reason when none can be sent. */
  private async queueEmail(
    caller: Caller,
    profile: RecurringInvoice,
    { invoice, client, totalAmount, currency }: Issued,
    runDate: string,
  ): Promise<{ sendoutId: number | null; error: string | null }> {
    const accountId = caller.account.id;
    const toEmail = client?.email && isValidEmail(client.email) ? client.email : null;
    if (!toEmail) return { sendoutId: null, error: 'auto_send: the client has no email address' };
    if (!(await this.outbox.settings.get(accountId)).signaturePng) return { sendoutId: null, error: 'auto_send: the business has no stored signature' };
    const values = emailValues({
      number: invoice.number,
      invoiceDate: runDate,
      dueDate: dueDateOf(runDate, profile.paymentTermsDays),
      totalAmount,
      currency,
      clientName: client?.name ?? '',
      businessName: caller.account.businessName,
    });
    const subject = fillEmail(profile.emailSubject ?? DEFAULT_RECURRING_SUBJECT, values).slice(0, 255);
    const message = fillEmail(profile.emailMessage ?? DEFAULT_RECURRING_MESSAGE, values);
    const sendoutId = await this.outbox.sendouts.insert(
      accountId,
      {
        clientId: profile.clientId,
        documentType: 'invoice',
        documentId: invoice.id,
        toEmail,
        ccEmails: [],
        bccEmails: [],
        subject,
        message,
        signatureOverride: null,
      },
      this.clock.now(),
    );
    await this.outbox.activity.created(caller.principal, 'sendout', sendoutId, subject.slice(0, 200), {
      after: { document_type: 'invoice', document_id: invoice.id, source: 'recurring' },
    });
    return { sendoutId, error: null };
  }

  /** Offers a committed email to the queue; when the queue cannot be reached, the sendout sweeper does later. */
  private async offer(accountId: number, sendoutId: number | null): Promise<void> {
    if (sendoutId === null) return;
    await this.outbox.queue.enqueue({ sendoutId, accountId }).catch(() => undefined);
  }
}

/** The run row of this profile and date exists: the run was made by another process; this one rolls back. */
export class DuplicateRun extends Error {
  constructor() {
    super('The run exists.');
  }
}

function detailsOf(error: DomainError): string {
  const fields = Object.entries(error.details ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  return fields.length ? ` (${fields.map(([k, v]) => `${k}: ${String(v)}`).join('; ')})` : '';
}
